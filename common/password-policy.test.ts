import { expect, test } from "vitest";
import {
  PASSWORD_POLICY_ERRORS,
  PASSWORD_POLICY_MESSAGES,
  passwordPolicy,
} from "./password-policy.js";

test("a password needs 8 to 128 characters, a letter and a digit", () => {
  expect(passwordPolicy.safeParse("abcdefg1").success).toBe(true);
  expect(passwordPolicy.safeParse("祷告祷告祷告祷1").success).toBe(true);
  expect(passwordPolicy.safeParse("abc1").success).toBe(false);
  expect(passwordPolicy.safeParse(`a1${"x".repeat(127)}`).success).toBe(false);
  const noDigit = passwordPolicy.safeParse("abcdefgh");
  expect(noDigit.error?.issues[0]?.message).toBe(PASSWORD_POLICY_ERRORS.digit);
  const noLetter = passwordPolicy.safeParse("12345678");
  expect(noLetter.error?.issues[0]?.message).toBe(
    PASSWORD_POLICY_ERRORS.letter,
  );
});

test("every message exists in both languages", () => {
  expect(Object.keys(PASSWORD_POLICY_MESSAGES["zh-CN"]).sort()).toEqual(
    Object.keys(PASSWORD_POLICY_MESSAGES["en-US"]).sort(),
  );
});
