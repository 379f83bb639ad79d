import { describe, expect, test } from "vitest";
import { SYSTEM_ERRORS } from "../system-messages.js";
import { passwordProblem, passwordResetSchema } from "./password.js";
import { userCreateSchema } from "./user.js";

describe("the password policy", () => {
  test("at least 8 characters, not the login name, not a common password", () => {
    expect(passwordProblem("short")).toBe(SYSTEM_ERRORS.passwordTooShort);
    expect(passwordProblem("Deacon.Wu", "deacon.wu")).toBe(
      SYSTEM_ERRORS.passwordIsLoginName,
    );
    expect(passwordProblem("Password123")).toBe(
      SYSTEM_ERRORS.passwordTooCommon,
    );
    expect(passwordProblem("lamp-on-a-stand", "deacon.wu")).toBeUndefined();
  });

  test("the schemas both sides use apply it", () => {
    expect(
      passwordResetSchema.safeParse({ password: "12345678" }).success,
    ).toBe(false);
    const sameAsName = userCreateSchema.safeParse({
      loginName: "deacon.wu",
      userName: "Wu",
      password: "deacon.wu",
    });
    expect(sameAsName.success).toBe(false);
    expect(sameAsName.error!.issues[0]!.path).toEqual(["password"]);
    expect(
      userCreateSchema.safeParse({
        loginName: "deacon.wu",
        userName: "Wu",
        password: "lamp-on-a-stand",
      }).success,
    ).toBe(true);
  });
});
