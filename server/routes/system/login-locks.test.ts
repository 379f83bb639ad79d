import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../../common/codes.js";
import { LOGIN_MAX_FAILURES } from "../../../common/constants.js";
import {
  ADMIN_LOGIN,
  ADMIN_PASSWORD,
  buildTestApp,
  type TestApp,
} from "../../test/helper.js";

let t: TestApp;
let admin: string;
let editor: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs("admin");
  editor = await t.loginAs("editor");
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
const login = (loginName: string, password: string) =>
  t.request({
    method: "POST",
    url: "/tjc/auth/login",
    payload: { loginName, password },
    remoteAddress: `198.51.100.${++ipCounter}`,
  });

const unlock = (loginName: string, token?: string, language?: string) =>
  t.request({
    method: "DELETE",
    url: `/tjc/system/login-locks/${encodeURIComponent(loginName)}`,
    token,
    language,
  });

describe("DELETE /tjc/system/login-locks/:loginName", () => {
  test("rejects without a session", async () => {
    const response = await unlock(ADMIN_LOGIN);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });

  test("rejects without permission", async () => {
    const response = await unlock(ADMIN_LOGIN, editor);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(Code.FORBIDDEN);
  });

  test("lifts a locked name's lock, so its owner can log in at once", async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
      expect((await login(ADMIN_LOGIN, "wrong")).json().code).toBe(
        Code.BAD_CREDENTIALS,
      );
    }
    const locked = await login(ADMIN_LOGIN, ADMIN_PASSWORD);
    expect(locked.json().code).toBe(Code.TOO_MANY_REQUESTS);

    // Names are matched as the login form matches them: trimmed, any case.
    const response = await unlock(` ${ADMIN_LOGIN.toUpperCase()} `, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: 0,
      data: {
        loginName: ADMIN_LOGIN.toUpperCase(),
        cleared: LOGIN_MAX_FAILURES,
      },
    });
    expect((await login(ADMIN_LOGIN, ADMIN_PASSWORD)).json().code).toBe(0);
  });

  test("answers nothing cleared for a name without failures", async () => {
    const response = await unlock("nobody-has-this-name", admin);
    expect(response.json()).toMatchObject({
      code: 0,
      data: { cleared: 0 },
    });
  });

  test("refuses a blank or an over-long name with a field error in the caller's language", async () => {
    for (const language of ["zh-CN", "en-US"]) {
      for (const name of ["   ", "x".repeat(65)]) {
        const response = await unlock(name, admin, language);
        expect(response.statusCode).toBe(400);
        const body = response.json();
        expect(body.code).toBe(Code.VALIDATION);
        expect(body.data.errors.loginName).toEqual(expect.any(String));
      }
    }
  });
});
