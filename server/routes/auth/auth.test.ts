import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  test,
  vi,
} from "vitest";
import { CODE_MESSAGES, Code, type Language } from "../../../common/codes.js";
import {
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from "../../../common/constants.js";
import {
  ADMIN_LOGIN,
  ADMIN_PASSWORD,
  buildTestApp,
  type TestApp,
} from "../../test/helper.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let ipCounter = 0;
/** Each test logs in from its own address, so the per-IP throttle is exercised on purpose only. */
const freshIp = () => `192.0.2.${++ipCounter}`;

const login = (
  payload: unknown,
  remoteAddress = freshIp(),
  language?: string,
) =>
  t.request({
    method: "POST",
    url: "/tjc/auth/login",
    payload: payload as object,
    remoteAddress,
    language,
  });

describe("POST /tjc/auth/login", () => {
  test("answers a token, the user and the permission codes", async () => {
    const response = await login({
      loginName: ADMIN_LOGIN,
      password: ADMIN_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(0);
    expect(body.data.token).toMatch(/^[\w-]{43}$/);
    expect(body.data.user).toEqual({
      userId: expect.any(Number),
      userName: ADMIN_LOGIN,
      loginName: ADMIN_LOGIN,
    });
    // The seeded administrator has no second factor yet and the admin role requires one:
    // the first login enrols (issue 24 item 5), holding no code until then.
    expect(body.data.enrolmentRequired).toBe(true);
    expect(body.data.permissions).toEqual([]);
    // A user whose roles need no second factor gets their codes at once.
    const editor = await t.loginAs("editor");
    const me = await t.request({
      method: "GET",
      url: "/tjc/auth/me",
      token: editor,
    });
    expect(me.json().data.permissions).toContain("tag:update");
  });

  test("finds the account by its folded name: ADMIN logs into admin (issue 25 item 4)", async () => {
    for (const typed of [ADMIN_LOGIN.toUpperCase(), "Admin", " aDmIn "]) {
      const response = await login({
        loginName: typed,
        password: ADMIN_PASSWORD,
      });
      expect(response.json().code, response.body).toBe(0);
      expect(response.json().data.user.loginName).toBe(ADMIN_LOGIN);
    }
  });

  test("stores only a hash of the token", async () => {
    const token = (
      await login({ loginName: ADMIN_LOGIN, password: ADMIN_PASSWORD })
    ).json().data.token;
    const rows = await t.app.store.db
      .selectFrom("sessions")
      .select(["tokenHash"])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(
      true,
    );
  });

  test("answers one message for a wrong name and a wrong password", async () => {
    const wrongPassword = await login({
      loginName: ADMIN_LOGIN,
      password: "nope",
    });
    const wrongName = await login({
      loginName: "nobody-here",
      password: ADMIN_PASSWORD,
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().code).toBe(Code.BAD_CREDENTIALS);
    expect(wrongName.json()).toEqual(wrongPassword.json());
  });

  test("speaks the caller's language", async () => {
    const english = await login(
      { loginName: "x", password: "y" },
      freshIp(),
      "en-US,en;q=0.9",
    );
    expect(english.json().message).toBe("Wrong login name or password");
    const chinese = await login({ loginName: "x", password: "y" });
    expect(chinese.json().message).toBe("登录名或密码错误");
  });

  test("rejects a missing field, a wrong type and malformed JSON with 40000", async () => {
    const missing = await login({ loginName: "admin" }, freshIp(), "en-US");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe(Code.VALIDATION);
    expect(Object.keys(missing.json().data.errors)).toEqual(["password"]);

    const wrongType = await login({ loginName: 42, password: "x" });
    expect(wrongType.json().data.errors.loginName).toBeTruthy();

    const malformed = await t.request({
      method: "POST",
      url: "/tjc/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe(Code.VALIDATION);
  });

  test("locks a login name out after five failures, whatever the address", async () => {
    const loginName = "throttled-name";
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
      expect((await login({ loginName, password: "wrong" })).json().code).toBe(
        Code.BAD_CREDENTIALS,
      );
    }
    const blocked = await login({ loginName, password: "wrong" });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe(Code.TOO_MANY_REQUESTS);
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
  });

  test("five failures on other names from a shared address do not lock out the administrator there", async () => {
    const ip = freshIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
      expect(
        (
          await login({ loginName: `colleague-${i}`, password: "wrong" }, ip)
        ).json().code,
      ).toBe(Code.BAD_CREDENTIALS);
    }
    const allowed = await login(
      { loginName: ADMIN_LOGIN, password: ADMIN_PASSWORD },
      ip,
    );
    expect(allowed.json().code).toBe(0);
  });

  test("locks an address out after failures across many names, says how long in Retry-After, and lets it back after ten minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const ip = freshIp();
    // The failures are written directly: the route's coarse 30/min cap would stop a loop
    // of requests first.
    const failedAt = new Date(Date.now() - 60_000).toISOString();
    await t.app.store.db
      .insertInto("loginFailures")
      .values(
        Array.from({ length: LOGIN_MAX_FAILURES_PER_ADDRESS }, () => ({
          key: `ip:${ip}`,
          failedAt,
        })),
      )
      .execute();
    for (const language of ["zh-CN", "en-US"]) {
      const blocked = await login(
        { loginName: ADMIN_LOGIN, password: ADMIN_PASSWORD },
        ip,
        language,
      );
      expect(blocked.statusCode).toBe(429);
      const body = blocked.json();
      expect(body.code).toBe(Code.TOO_MANY_REQUESTS);
      expect(body.message).toBe(
        CODE_MESSAGES[language as Language][Code.TOO_MANY_REQUESTS],
      );
      // The oldest failure is a minute old: nine minutes to wait.
      expect(Number(blocked.headers["retry-after"])).toBe(540);
      expect(body.data.retryAfter).toBe(540);
    }
    vi.setSystemTime(Date.now() + 9 * 60 * 1000 + 1000);
    const allowed = await login(
      { loginName: ADMIN_LOGIN, password: ADMIN_PASSWORD },
      ip,
    );
    expect(allowed.json().code).toBe(0);
  });
});

describe("POST /tjc/auth/login under a burst", () => {
  test("simultaneous wrong logins cannot get past the limit", async () => {
    const loginName = "burst-target";
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => login({ loginName, password: "guess" })),
    );
    const codes = responses.map((response) => response.json().code);
    expect(
      codes.filter((code) => code === Code.BAD_CREDENTIALS).length,
    ).toBeLessThanOrEqual(5);
    expect(
      codes.filter((code) => code === Code.TOO_MANY_REQUESTS).length,
    ).toBeGreaterThanOrEqual(15);
    expect(
      codes.every(
        (code) =>
          code === Code.BAD_CREDENTIALS || code === Code.TOO_MANY_REQUESTS,
      ),
    ).toBe(true);
  });
});

describe("POST /tjc/auth/logout", () => {
  test("rejects without a session", async () => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/auth/logout",
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });

  test("rejects without permission: needs nothing beyond a live session, so a disabled user is refused", async () => {
    const token = await t.loginAs("none");
    const me = (
      await t.request({ method: "GET", url: "/tjc/auth/me", token })
    ).json();
    await t.app.store.db
      .updateTable("users")
      .set({ status: "disabled" })
      .where("id", "=", me.data.user.userId)
      .execute();
    // What user management does when it disables someone: this instance forgets at once.
    t.app.sessions.forgetUser(me.data.user.userId);
    const response = await t.request({
      method: "POST",
      url: "/tjc/auth/logout",
      token,
    });
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });

  test("revokes the session: the token stops working", async () => {
    const token = await t.loginAs("editor");
    expect(
      (
        await t.request({ method: "POST", url: "/tjc/auth/logout", token })
      ).json().code,
    ).toBe(0);
    const after = await t.request({
      method: "GET",
      url: "/tjc/auth/me",
      token,
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(Code.SESSION_EXPIRED);
  });
});

describe("GET /tjc/auth/me", () => {
  test("rejects without a session", async () => {
    const response = await t.request({ method: "GET", url: "/tjc/auth/me" });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });

  test("rejects without permission: needs nothing beyond a live session, so an unknown token is refused", async () => {
    const response = await t.request({
      method: "GET",
      url: "/tjc/auth/me",
      token: "made-up-token",
    });
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });

  test("answers the login shape without the token", async () => {
    const token = await t.loginAs("moderator");
    const body = (
      await t.request({ method: "GET", url: "/tjc/auth/me", token })
    ).json();
    expect(Object.keys(body.data).sort()).toEqual(["permissions", "user"]);
    expect(body.data.permissions).toContain("askComplaint:read");
    expect(body.data.permissions).not.toContain("tag:read");
  });

  test("renews a token older than ten minutes; the old one works for 60 s after the new one's first use", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const token = await t.loginAs("editor");
    vi.setSystemTime(Date.now() + 11 * 60 * 1000);
    const renewed = await t.request({
      method: "GET",
      url: "/tjc/auth/me",
      token,
    });
    expect(renewed.json().code).toBe(0);
    const header = String(renewed.headers.authorization ?? "");
    const fresh = header.replace(/^Bearer /, "");
    expect(fresh).toMatch(/^[\w-]{43}$/);
    expect(fresh).not.toBe(token);
    const me = (value: string) =>
      t
        .request({ method: "GET", url: "/tjc/auth/me", token: value })
        .then((response) => response.json().code);

    expect(await me(fresh)).toBe(0);
    vi.setSystemTime(Date.now() + 30 * 1000);
    expect(await me(token)).toBe(0);
    vi.setSystemTime(Date.now() + 36 * 1000);
    expect(await me(token)).toBe(Code.SESSION_EXPIRED);
    expect(await me(fresh)).toBe(0);
  });

  test("a renewal whose answer was lost: the old token goes on working and is sent a new token again", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const token = await t.loginAs("editor");
    vi.setSystemTime(Date.now() + 11 * 60 * 1000);
    const lost = await t.request({ method: "GET", url: "/tjc/auth/me", token });
    expect(lost.headers.authorization).toBeDefined();
    vi.setSystemTime(Date.now() + 2 * 60 * 1000);
    const parallel = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.request({ method: "GET", url: "/tjc/auth/me", token }),
      ),
    );
    expect(parallel.map((response) => response.json().code)).toEqual([
      0, 0, 0, 0, 0, 0,
    ]);
    const resent = parallel
      .map((response) => response.headers.authorization)
      .filter(Boolean);
    expect(resent).toHaveLength(1);
    const fresh = String(resent[0]).replace(/^Bearer /, "");
    expect(
      (
        await t.request({ method: "GET", url: "/tjc/auth/me", token: fresh })
      ).json().code,
    ).toBe(0);
  });

  test("expires after 30 idle minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const token = await t.loginAs("editor");
    vi.setSystemTime(Date.now() + 30 * 60 * 1000 + 1);
    expect(
      (await t.request({ method: "GET", url: "/tjc/auth/me", token })).json()
        .code,
    ).toBe(Code.SESSION_EXPIRED);
  });
});
