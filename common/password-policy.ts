import { z } from "zod";
import type { Language } from "./codes.js";

/**
 * The one password policy: sign-up, password changes and user management all validate
 * with it (the server has the final word; forms use it to answer early). 8–128
 * characters with at least one letter and one digit: long enough against guessing with
 * the login throttle in front, short enough for the KDF to stay cheap.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_POLICY_ERRORS = {
  letter: "password.validation.letter",
  digit: "password.validation.digit",
} as const;

export const passwordPolicy = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .max(PASSWORD_MAX_LENGTH)
  .regex(/\p{L}/u, { message: PASSWORD_POLICY_ERRORS.letter })
  .regex(/\p{Nd}/u, { message: PASSWORD_POLICY_ERRORS.digit });

export const PASSWORD_POLICY_MESSAGES: Record<
  Language,
  Record<string, string>
> = {
  "zh-CN": {
    [PASSWORD_POLICY_ERRORS.letter]: "密码至少需要包含一个字母",
    [PASSWORD_POLICY_ERRORS.digit]: "密码至少需要包含一个数字",
  },
  "en-US": {
    [PASSWORD_POLICY_ERRORS.letter]: "The password needs at least one letter",
    [PASSWORD_POLICY_ERRORS.digit]: "The password needs at least one digit",
  },
};
