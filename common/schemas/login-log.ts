import { z } from "zod";

export const LOGIN_RESULTS = [
  "success",
  "failure",
  "throttled",
  "disabled",
  // A right password for an account with two-factor login, sent without its code.
  "otpRequired",
] as const;
export type LoginResult = (typeof LOGIN_RESULTS)[number];

export const loginLogSchema = z.object({
  id: z.number().int(),
  loginName: z.string(),
  userId: z.number().int().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  result: z.enum(LOGIN_RESULTS),
  createdAt: z.string(),
});
export type LoginLog = z.infer<typeof loginLogSchema>;

export const LOGIN_LOG_SORT_FIELDS = [
  "id",
  "createdAt",
  "loginName",
  "result",
] as const;
