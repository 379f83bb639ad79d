import { z } from "zod";
import { SYSTEM_ERRORS } from "../system-messages.js";

/** Passwords so common that a guesser tries them first (lower-cased). */
const COMMON_PASSWORDS = new Set([
  "12345678",
  "123456789",
  "1234567890",
  "11111111",
  "00000000",
  "88888888",
  "66666666",
  "12341234",
  "87654321",
  "password",
  "password1",
  "password123",
  "passw0rd",
  "qwertyui",
  "qwerty123",
  "qwertyuiop",
  "1q2w3e4r",
  "1qaz2wsx",
  "abc12345",
  "abcd1234",
  "a1234567",
  "iloveyou",
  "sunshine",
  "princess",
  "football",
  "baseball",
  "welcome1",
  "admin123",
  "administrator",
  "letmein1",
  "trustno1",
  "zxcvbnm1",
  "asdfghjk",
  "woaini1314",
  "5201314a",
  "aa123456",
  "a123456789",
  "qq123456",
  "changeme",
  "jesus123",
  "jesuslovesme",
  "hallelujah",
]);

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The policy's problem with a password, as a message key, or undefined when it passes. */
export function passwordProblem(
  password: string,
  loginName?: string,
): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH)
    return SYSTEM_ERRORS.passwordTooShort;
  if (loginName && password.toLowerCase() === loginName.toLowerCase())
    return SYSTEM_ERRORS.passwordIsLoginName;
  if (COMMON_PASSWORDS.has(password.toLowerCase()))
    return SYSTEM_ERRORS.passwordTooCommon;
  return undefined;
}

/** A password on its own: long enough and not a common one (the login name is checked with it). */
export const passwordSchema = z
  .string()
  .max(PASSWORD_MAX_LENGTH)
  .superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/**
 * Adds the policy's "not the login name" rule to an object schema that has both fields.
 * Used by the create-user form and route alike.
 */
export function checkPasswordAgainstLoginName(
  value: { password?: string; loginName?: string },
  ctx: z.RefinementCtx,
  passwordField = "password",
): void {
  if (!value.password || !value.loginName) return;
  if (
    passwordProblem(value.password, value.loginName) ===
    SYSTEM_ERRORS.passwordIsLoginName
  )
    ctx.addIssue({
      code: "custom",
      path: [passwordField],
      message: SYSTEM_ERRORS.passwordIsLoginName,
    });
}

/** `PUT /tjc/auth/password`: any logged-in user changes their own password. */
export const passwordChangeSchema = z.object({
  oldPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});

/** `POST /tjc/system/users/:id/password`: an administrator sets a new password. */
export const passwordResetSchema = z.object({ password: passwordSchema });
