import { z } from "zod";

/** What an audit row records; the server writes them, nobody edits them. */
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "batchUpdate",
  "batchDelete",
  "passwordReset",
  "passwordChange",
  "forceLogout",
  "unlock",
  "export",
  "import",
  "restore",
  "resend",
  "reveal",
  "twoFactorReset",
] as const;
export type AuditActionName = (typeof AUDIT_ACTIONS)[number];

export const auditLogSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  loginName: z.string().nullable(),
  ip: z.string().nullable(),
  resource: z.string(),
  recordId: z.string().nullable(),
  action: z.string(),
  /** The changed fields: `{ field: [before, after] }`; secrets are never recorded. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  createdAt: z.string(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

export const AUDIT_LOG_SORT_FIELDS = ["id", "createdAt"] as const;
