import { z } from "zod";
import { MAX_INT32 } from "./fields.js";
import { emptyAsNull } from "./text.js";
import { SYSTEM_ERRORS } from "../system-messages.js";
import { SUPPORTED_LANGUAGES } from "../codes.js";
import { checkPasswordAgainstLoginName, passwordSchema } from "./password.js";

export const USER_STATUSES = ["enabled", "disabled"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** An optional text: empty and missing both become null. */
const optionalText = (schema: z.ZodType<string, string>) =>
  emptyAsNull(z.union([schema, z.literal("")]));

const emailField = optionalText(z.email().max(128));
const phoneField = optionalText(
  z.string().regex(/^\+?[0-9][0-9 ()-]{2,30}$/, {
    message: SYSTEM_ERRORS.phoneFormat,
  }),
);

/** The fields an administrator edits (create and update). */
export const userInputSchema = z.object({
  loginName: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{3,32}$/, {
      message: SYSTEM_ERRORS.loginNameFormat,
    }),
  userName: z.string().trim().min(1).max(64),
  email: emailField,
  phone: phoneField,
  status: z.enum(USER_STATUSES).optional(),
  language: z.enum(SUPPORTED_LANGUAGES).nullish(),
  roleIds: z
    .array(z.number().int().positive().max(MAX_INT32))
    .max(100)
    .optional(),
});
export type UserInput = z.input<typeof userInputSchema>;

/** Create also takes the first password, under the policy. */
export const userCreateSchema = userInputSchema
  .extend({ password: passwordSchema })
  .superRefine((value, ctx) => checkPasswordAgainstLoginName(value, ctx));

export const userSchema = z.object({
  id: z.number().int(),
  loginName: z.string(),
  userName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  language: z.string().nullable(),
  roleIds: z.array(z.number().int()),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  /** Logs in with a second factor (TOTP); an administrator can reset it. */
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

export const USER_SORT_FIELDS = [
  "id",
  "loginName",
  "userName",
  "email",
  "status",
  "lastLoginAt",
  "createdAt",
  "updatedAt",
] as const;

/** `PUT /tjc/auth/profile`: what a user changes about themselves. */
export const profileInputSchema = z.object({
  userName: z.string().trim().min(1).max(64),
  email: emailField,
  phone: phoneField,
  language: z.enum(SUPPORTED_LANGUAGES).nullish(),
});
