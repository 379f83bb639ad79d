import { z } from "zod";
import { nullableText } from "./text.js";
import { SYSTEM_ERRORS } from "../system-messages.js";

/** The fields an administrator edits. Unknown codes are refused by the server (40000). */
export const roleInputSchema = z.object({
  code: z
    .string()
    .trim()
    .max(64)
    .regex(/^[a-z][a-z0-9_-]*$/, { message: SYSTEM_ERRORS.roleCodeFormat }),
  name: z.string().trim().min(1).max(64),
  nameEn: z.string().trim().min(1).max(64),
  remark: nullableText(255),
  permissions: z.array(z.string().max(64)).max(1000).optional(),
  /** Its users log in with a second factor; `admin` always does. */
  requiresTwoFactor: z.boolean().optional(),
});
export type RoleInput = z.input<typeof roleInputSchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  remark: z.string().nullable(),
  permissions: z.array(z.string()),
  builtIn: z.boolean(),
  requiresTwoFactor: z.boolean(),
  userCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;

export const ROLE_SORT_FIELDS = [
  "id",
  "code",
  "name",
  "nameEn",
  "createdAt",
  "updatedAt",
] as const;
