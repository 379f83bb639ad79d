import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../../common/codes.js";
import {
  SYSTEM_ERRORS,
  SYSTEM_VALIDATION_MESSAGES,
} from "../../../common/system-messages.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SIGN_UPS_PER_IP_PER_HOUR: "3" });
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
function signUp(
  payload: Record<string, unknown> = {},
  options: { ip?: string; language?: string } = {},
) {
  counter += 1;
  return t.request({
    method: "POST",
    url: "/tjc/public/signup",
    remoteAddress: options.ip ?? `10.9.${counter}.1`,
    language: options.language,
    payload: {
      loginName: `member${counter}`,
      // Display names are unique (issue 25): each sign-up its own.
      userName: `张弟兄${counter}`,
      password: "grace2026",
      ...payload,
    },
  });
}

describe("POST /tjc/public/signup", () => {
  test("creates a member, logs them in, and the member has no back office", async () => {
    const response = await signUp({
      email: "a@example.org",
      userName: "张弟兄",
    });
    expect(response.json().code, response.body).toBe(0);
    const { token, user, permissions } = response.json().data;
    expect(user.userName).toBe("张弟兄");
    expect(permissions).toEqual(
      expect.arrayContaining([
        "community:ask",
        "community:answer",
        "community:vote",
      ]),
    );
    const me = await t.request({ method: "GET", url: "/tjc/auth/me", token });
    expect(me.json().data.user.userId).toBe(user.userId);
    const backOffice = await t.request({
      method: "GET",
      url: "/tjc/tags",
      token,
    });
    expect(backOffice.json().code).toBe(Code.FORBIDDEN);
    const profile = await t.app.store.db
      .selectFrom("memberProfiles")
      .selectAll()
      .where("userId", "=", user.userId)
      .executeTakeFirstOrThrow();
    expect(profile.email).toBe("a@example.org");
    // The new member can log in again with the password.
    const login = await t.request({
      method: "POST",
      url: "/tjc/auth/login",
      payload: { loginName: user.loginName, password: "grace2026" },
    });
    expect(login.json().code).toBe(0);
  });

  test("the shared password policy is applied, worded in the caller's language", async () => {
    for (const language of ["zh-CN", "en-US"] as const) {
      const response = await signUp({ password: "password123" }, { language });
      expect(response.json().code).toBe(Code.VALIDATION);
      expect(response.json().data.errors.password).toBe(
        SYSTEM_VALIDATION_MESSAGES[language][SYSTEM_ERRORS.passwordTooCommon],
      );
    }
    const short = await signUp({ password: "a1" });
    expect(short.json().data.errors.password).toBeTruthy();
    const sameAsName = await signUp({
      loginName: "samename1",
      password: "samename1",
    });
    expect(sameAsName.json().data.errors.password).toBe(
      SYSTEM_VALIDATION_MESSAGES["zh-CN"][SYSTEM_ERRORS.passwordIsLoginName],
    );
  });

  test("bad names and e-mails are 40000; a taken name is 40900 on loginName", async () => {
    for (const payload of [
      { loginName: "ab" },
      { loginName: "has space" },
      { userName: "" },
      { email: "not-an-email" },
      { password: 12345678 },
    ]) {
      expect((await signUp(payload)).json().code, JSON.stringify(payload)).toBe(
        Code.VALIDATION,
      );
    }
    const first = await signUp({ loginName: "taken-name" });
    expect(first.json().code).toBe(0);
    const again = await signUp(
      { loginName: "taken-name" },
      { language: "en-US" },
    );
    expect(again.json()).toMatchObject({
      code: Code.CONFLICT,
      message: "That login name is taken; please choose another.",
      data: {
        errors: {
          loginName:
            "That login name is taken (upper and lower case count as the same)",
        },
      },
    });
    expect((await signUp({ email: "" })).json().code).toBe(0);
  });

  test("a name that differs only in case from an existing one is taken: ADMIN next to admin (issue 25 item 4)", async () => {
    const users = async () =>
      Number(
        (
          await t.app.store.db
            .selectFrom("users")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await users();
    for (const [loginName, language] of [
      ["ADMIN", "zh-CN"],
      ["Admin", "en-US"],
      ["aDmin", "en-US"],
    ] as const) {
      const response = await signUp({ loginName }, { language });
      expect(response.json().code, response.body).toBe(Code.CONFLICT);
      expect(response.json().data.errors.loginName).toBe(
        SYSTEM_VALIDATION_MESSAGES[language][SYSTEM_ERRORS.loginNameTaken],
      );
    }
    expect(await users()).toBe(before);
    expect((await signUp({ loginName: "Case-Member" })).json().code).toBe(0);
    expect(
      (await signUp({ loginName: "case-MEMBER" })).json().data.errors.loginName,
    ).toBe(SYSTEM_VALIDATION_MESSAGES["zh-CN"][SYSTEM_ERRORS.loginNameTaken]);
  });

  test("an address may create only so many accounts an hour", async () => {
    const ip = "10.77.0.1";
    for (let i = 0; i < 3; i++) {
      expect((await signUp({}, { ip })).json().code).toBe(0);
    }
    const limited = await signUp({}, { ip });
    expect(limited.json().code).toBe(Code.TOO_MANY_REQUESTS);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await signUp({}, { ip: "10.77.0.2" })).json().code).toBe(0);
  });

  test("the hourly refusal says how long to wait, in both languages, with the right plural", async () => {
    const ip = "10.78.0.1";
    for (let i = 0; i < 3; i++) {
      expect((await signUp({}, { ip })).json().code).toBe(0);
    }
    for (const language of ["en-US", "zh-CN"] as const) {
      const limited = await signUp({}, { ip, language });
      expect(limited.json().code).toBe(Code.TOO_MANY_REQUESTS);
      const minutes = Math.ceil(limited.json().data.retryAfter / 60);
      expect(minutes).toBeGreaterThan(1);
      expect(limited.json().message).toBe(
        language === "en-US"
          ? `Too many tries. Try again in ${minutes} minutes.`
          : `尝试过于频繁，请 ${minutes} 分钟后再试`,
      );
    }
  });

  test("refused validations do not count toward the per-minute limit", async () => {
    const ip = "10.79.0.1";
    for (let i = 0; i < 15; i++) {
      const refused = await signUp({ password: "a1" }, { ip });
      expect(refused.json().code).toBe(Code.VALIDATION);
    }
    expect((await signUp({}, { ip })).json().code).toBe(0);
  });

  test("the login throttle applies: a locked name cannot be signed up for", async () => {
    for (let i = 0; i < 5; i++) {
      await t.request({
        method: "POST",
        url: "/tjc/auth/login",
        remoteAddress: `10.88.${i}.1`,
        payload: { loginName: "locked-name", password: "wrong-password1" },
      });
    }
    const response = await signUp({ loginName: "locked-name" });
    expect(response.json().code).toBe(Code.TOO_MANY_REQUESTS);
  });
});

describe("a community with sign-up closed", () => {
  test("refuses sign-up with 40300 and says so in its configuration", async () => {
    const closed = await buildTestApp({ COMMUNITY_SIGN_UP: "closed" });
    try {
      const config = await closed.request({
        method: "GET",
        url: "/tjc/public/community-config",
      });
      expect(config.json().data).toEqual({ signUpOpen: false });
      const response = await closed.request({
        method: "POST",
        url: "/tjc/public/signup",
        payload: { loginName: "someone", userName: "x", password: "grace2026" },
      });
      expect(response.json().code).toBe(Code.FORBIDDEN);
    } finally {
      await closed.close();
    }
  });
});

describe("sign-up limits by default", () => {
  test("a congregation behind one address can sign up 60 people an hour", async () => {
    const fresh = await buildTestApp();
    try {
      expect(fresh.config.community.signUpsPerIpPerHour).toBe(60);
      let code = 0;
      for (let i = 0; i < 6 && code === 0; i++) {
        const response = await fresh.request({
          method: "POST",
          url: "/tjc/public/signup",
          remoteAddress: "10.80.0.1",
          payload: {
            loginName: `church${i}`,
            userName: `弟兄${i}`,
            password: "grace2026",
          },
        });
        code = response.json().code;
      }
      expect(code).toBe(0);
    } finally {
      await fresh.close();
    }
    // A second store of its own: on PostgreSQL its schema takes a while to build.
  }, 90_000);

  test("a burst from one address is capped at 10 a minute; SIGN_UPS_PER_IP_PER_HOUR=0 lifts both caps", async () => {
    const burst = (app: TestApp, prefix: string) =>
      Promise.all(
        Array.from({ length: 12 }, async (_, i) => {
          const response = await app.request({
            method: "POST",
            url: "/tjc/public/signup",
            remoteAddress: "10.81.0.1",
            payload: {
              loginName: `${prefix}${i}`,
              userName: `${prefix}弟兄${i}`,
              password: "grace2026",
            },
          });
          return response.json().code as number;
        }),
      );
    const capped = await buildTestApp();
    try {
      const codes = await burst(capped, "burst");
      expect(codes.filter((code) => code === 0)).toHaveLength(10);
      expect(
        codes.filter((code) => code === Code.TOO_MANY_REQUESTS),
      ).toHaveLength(2);
    } finally {
      await capped.close();
    }
    const open = await buildTestApp({ SIGN_UPS_PER_IP_PER_HOUR: "0" });
    try {
      expect(await burst(open, "open")).toEqual(Array(12).fill(0));
    } finally {
      await open.close();
    }
  }, 120_000);
});
