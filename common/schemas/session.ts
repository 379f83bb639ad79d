import { z } from "zod";

/** A live session as the administrator sees it: never its token or the token's hash. */
export const onlineSessionSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  loginName: z.string(),
  userName: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The caller's own session. */
  current: z.boolean(),
});
export type OnlineSession = z.infer<typeof onlineSessionSchema>;

export const SESSION_SORT_FIELDS = ["lastSeenAt", "createdAt"] as const;
