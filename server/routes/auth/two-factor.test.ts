import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../../common/codes.js";
import { nowIso } from "../../db/dialect.js";
import { hashPassword } from "../../services/password.js";
import {
  RECOVERY_CODE_COUNT,
  TOTP_PERIOD_SECONDS,
  newTotpSecret,
  totpCode,
} from "../../services/two-factor.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { rejectsWithoutSessionAndPermission } from "../../test/system.js";

/**
 * Two-factor login for staff (issue 24 item 5), through app.inject on a real store: the
 * login's `otp` contract, enrolment, the role requirement, the enrolment-only session and
 * an administrator's reset.
 */
let t: TestApp;
let admin: string;
let editor: string;
let counter = 0;
const PASSWORD = "two-factor-password";
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs("admin");
  editor = await t.loginAs("editor");
});
afterAll(async () => {
  await t.close();
});

/** Waits while the current 30-second step ends within 2 s, so a code computed now stays in its step. */
async function awayFromStepEdge(): Promise<void> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 2000) await new Promise((r) => setTimeout(r, left + 50));
}

/** A fresh user holding `role`, enrolled with a known secret when `secret` is given. */
async function makeUser(
  role: string,
  secret?: string,
): Promise<{ id: number; loginName: string }> {
  counter += 1;
  const loginName = `tf-${role}-${counter}`;
  const now = nowIso();
  const user = await t.app.store.db
    .insertInto("users")
    .values({
      loginName,
      userName: loginName,
      passwordHash: await hashPassword(PASSWORD),
      status: "active",
      createdAt: now,
      updatedAt: now,
      ...(secret ? { totpSecret: secret, totpEnabledAt: now } : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const roleRow = await t.app.store.db
    .selectFrom("roles")
    .select("id")
    .where("code", "=", role)
    .executeTakeFirstOrThrow();
  await t.app.store.db
    .insertInto("userRoles")
    .values({ userId: user.id, roleId: roleRow.id })
    .execute();
  return { id: user.id, loginName };
}

function login(
  loginName: string,
  otp?: unknown,
  options: { language?: string; address?: string } = {},
) {
  return t.request({
    method: "POST",
    url: "/tjc/auth/login",
    payload: { loginName, password: PASSWORD, otp },
    language: options.language,
    remoteAddress: options.address ?? `10.20.${counter % 250}.1`,
  });
}

describe("GET /tjc/auth/two-factor", () => {
  test("rejects without a session", async () => {
    const response = await t.request({
      method: "GET",
      url: "/tjc/auth/two-factor",
    });
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });
  test("rejects without permission: a session that must enrol reaches nothing else", async () => {
    const user = await makeUser("admin");
    const token = (await login(user.loginName)).json().data.token;
    const me = await t.request({ method: "GET", url: "/tjc/auth/me", token });
    expect(me.statusCode).toBe(403);
    expect(me.json().code).toBe(Code.ENROLMENT_REQUIRED);
    const status = await t.request({
      method: "GET",
      url: "/tjc/auth/two-factor",
      token,
    });
    expect(status.json().data).toEqual({
      enrolled: false,
      required: true,
      enrolmentRequired: true,
      recoveryCodesLeft: 0,
    });
  });
});

describe("the login's otp contract", () => {
  test("an enrolled account without otp gets 40101 otpRequired, in both languages, and no session", async () => {
    const user = await makeUser("editor", newTotpSecret());
    for (const [language, text] of [
      ["zh-CN", "两步验证码"],
      ["en-US", "two-factor code"],
    ] as const) {
      const response = await login(user.loginName, undefined, { language });
      const body = response.json();
      expect(body.code).toBe(Code.OTP_REQUIRED);
      expect(body.data).toEqual({ otpRequired: true, otpRejected: false });
      expect(body.message).toContain(text);
      expect(body.data.token).toBeUndefined();
    }
  });

  test("a wrong password is still 40100, never a hint about the second factor", async () => {
    const user = await makeUser("editor", newTotpSecret());
    const response = await t.request({
      method: "POST",
      url: "/tjc/auth/login",
      payload: { loginName: user.loginName, password: "wrong-password" },
    });
    expect(response.json().code).toBe(Code.BAD_CREDENTIALS);
    expect(response.json().data).toBeNull();
  });

  test("a right code logs in once; the same code again is refused (replay)", async () => {
    const secret = newTotpSecret();
    const user = await makeUser("editor", secret);
    await awayFromStepEdge();
    const code = totpCode(secret);
    const first = await login(user.loginName, code);
    expect(first.json().code, first.body).toBe(0);
    expect(first.json().data.enrolmentRequired).toBe(false);
    expect(first.json().data.permissions).toContain("sermon:read");
    const again = await login(user.loginName, code);
    expect(again.json().code).toBe(Code.OTP_REQUIRED);
    expect(again.json().data).toEqual({ otpRequired: true, otpRejected: true });
  });

  // Five tries: a sixth wrong one would meet the throttle (its own test below).
  test("a wrong code, and codes outside one step either side, are refused", async () => {
    const secret = newTotpSecret();
    const user = await makeUser("editor", secret);
    await awayFromStepEdge();
    const now = Date.now();
    const current = totpCode(secret, now);
    const wrong = String((Number(current) + 1) % 1_000_000).padStart(6, "0");
    for (const otp of [
      wrong,
      totpCode(secret, now - 2 * STEP_MS),
      totpCode(secret, now + 2 * STEP_MS),
      "abcdef",
      42,
    ]) {
      if (otp === current) continue;
      const response = await login(user.loginName, otp);
      expect(response.json().code, `otp ${otp}`).toBe(Code.OTP_REQUIRED);
    }
  });

  test("the previous step's code is accepted (±1 window), then no older code", async () => {
    const secret = newTotpSecret();
    const user = await makeUser("editor", secret);
    await awayFromStepEdge();
    const now = Date.now();
    const previous = await login(
      user.loginName,
      totpCode(secret, now - STEP_MS),
    );
    expect(previous.json().code, previous.body).toBe(0);
    const next = await login(user.loginName, totpCode(secret, now + STEP_MS));
    expect(next.json().code, next.body).toBe(0);
    // Once a later step was used, the current one is older: refused too.
    const current = await login(user.loginName, totpCode(secret, now));
    expect(current.json().code).toBe(Code.OTP_REQUIRED);
  });

  test("wrong codes count toward the login throttle; asking for the code does not", async () => {
    const secret = newTotpSecret();
    const user = await makeUser("editor", secret);
    // Asking for the code more often than the limit is no failure.
    for (let i = 0; i < 7; i += 1)
      expect((await login(user.loginName)).json().code).toBe(Code.OTP_REQUIRED);
    for (let i = 0; i < 5; i += 1)
      expect((await login(user.loginName, "000000")).json().code).toBe(
        Code.OTP_REQUIRED,
      );
    await awayFromStepEdge();
    const locked = await login(user.loginName, totpCode(secret));
    expect(locked.json().code).toBe(Code.TOO_MANY_REQUESTS);
    const logged = await t.app.store.db
      .selectFrom("loginLogs")
      .select("result")
      .where("loginName", "=", user.loginName)
      .execute();
    expect(logged.filter((row) => row.result === "otpRequired")).toHaveLength(
      7,
    );
    expect(logged.filter((row) => row.result === "failure")).toHaveLength(5);
  });

  test("an account without two-factor login ignores otp, whatever it holds", async () => {
    const user = await makeUser("editor");
    for (const otp of ["123456", "x".repeat(500), 42, null, { a: 1 }]) {
      const response = await login(user.loginName, otp);
      expect(response.json().code, JSON.stringify(otp)).toBe(0);
      expect(response.json().data.enrolmentRequired).toBe(false);
    }
  });
});

describe("enrolment", () => {
  test("shows a QR code and the secret, asks for one code, then gives ten recovery codes once, stored hashed", async () => {
    const user = await makeUser("admin");
    const first = await login(user.loginName);
    expect(first.json().data).toMatchObject({
      enrolmentRequired: true,
      permissions: [],
    });
    const token = first.json().data.token as string;
    const setup = await t.request({
      method: "POST",
      url: "/tjc/auth/two-factor/setup",
      token,
    });
    const { secret, otpauthUrl, qrCode } = setup.json().data;
    // Asked again (a reload), it is the same secret an app may have scanned.
    const reload = await t.request({
      method: "POST",
      url: "/tjc/auth/two-factor/setup",
      token,
    });
    expect(reload.json().data.secret).toBe(secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain(encodeURIComponent(user.loginName));
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(",")[1], "base64").toString()).toContain(
      "<svg",
    );

    await awayFromStepEdge();
    const wrong = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(
      6,
      "0",
    );
    for (const [language, text] of [
      ["zh-CN", "验证码不正确"],
      ["en-US", "The code is wrong"],
    ] as const) {
      const refused = await t.request({
        method: "POST",
        url: "/tjc/auth/two-factor/confirm",
        token,
        language,
        payload: { otp: wrong },
      });
      expect(refused.json().code).toBe(Code.VALIDATION);
      expect(refused.json().data.errors.otp).toContain(text);
    }
    const code = totpCode(secret);
    const confirmed = await t.request({
      method: "POST",
      url: "/tjc/auth/two-factor/confirm",
      token,
      payload: { otp: code },
    });
    expect(confirmed.json().code, confirmed.body).toBe(0);
    const { recoveryCodes, permissions } = confirmed.json().data;
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect(permissions).toContain("user:resetTwoFactor");
    const stored = await t.app.store.db
      .selectFrom("recoveryCodes")
      .select("codeHash")
      .where("userId", "=", user.id)
      .execute();
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(recoveryCodes).not.toContain(row.codeHash);
    }
    // The same session now reaches what the user holds.
    const me = await t.request({ method: "GET", url: "/tjc/auth/me", token });
    expect(me.json().code).toBe(0);
    // Enrolled: a second setup is refused, the secret cannot be swapped.
    const again = await t.request({
      method: "POST",
      url: "/tjc/auth/two-factor/setup",
      token,
    });
    expect(again.json().code).toBe(Code.CONFLICT);
    // The code that confirmed enrolment cannot log in again.
    expect((await login(user.loginName, code)).json().code).toBe(
      Code.OTP_REQUIRED,
    );
    // A recovery code logs in once, whatever its case and dashes.
    const recovery = recoveryCodes[0] as string;
    const viaRecovery = await login(
      user.loginName,
      recovery.toUpperCase().replace("-", " "),
    );
    expect(viaRecovery.json().code, viaRecovery.body).toBe(0);
    expect((await login(user.loginName, recovery)).json().code).toBe(
      Code.OTP_REQUIRED,
    );
    const status = await t.request({
      method: "GET",
      url: "/tjc/auth/two-factor",
      token: viaRecovery.json().data.token,
    });
    expect(status.json().data).toEqual({
      enrolled: true,
      required: true,
      enrolmentRequired: false,
      recoveryCodesLeft: RECOVERY_CODE_COUNT - 1,
    });
  });

  test("confirm without a setup, or with a malformed body, is a clear 40000", async () => {
    const user = await makeUser("admin");
    const token = (await login(user.loginName)).json().data.token;
    const none = await t.request({
      method: "POST",
      url: "/tjc/auth/two-factor/confirm",
      token,
      language: "en-US",
      payload: { otp: "123456" },
    });
    expect(none.json().code).toBe(Code.VALIDATION);
    expect(none.json().data.errors.otp).toContain("Start setting up");
    for (const payload of [{}, { otp: 5 }, { otp: "9".repeat(100) }]) {
      const bad = await t.request({
        method: "POST",
        url: "/tjc/auth/two-factor/confirm",
        token,
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().code).toBe(Code.VALIDATION);
    }
  });
});

describe("a role can require two-factor login", () => {
  test("the admin role requires it and cannot stop; another role is switched on, and the dashboard warns until then", async () => {
    const roles = await t.request({
      method: "GET",
      url: "/tjc/system/roles?perPage=50",
      token: admin,
    });
    const list = roles.json().data.list as {
      id: number;
      code: string;
      version: number;
      requiresTwoFactor: boolean;
      name: string;
      nameEn: string;
    }[];
    const adminRole = list.find((role) => role.code === "admin")!;
    expect(adminRole.requiresTwoFactor).toBe(true);
    const off = await t.request({
      method: "PUT",
      url: `/tjc/system/roles/${adminRole.id}`,
      token: admin,
      language: "en-US",
      payload: { ...adminRole, requiresTwoFactor: false },
    });
    expect(off.json().code).toBe(Code.CONFLICT);
    expect(off.json().data.errors.requiresTwoFactor).toContain(
      "always requires",
    );

    // A role that reads believers' contact details with a password alone is warned about.
    const contactRole = await t.request({
      method: "POST",
      url: "/tjc/system/roles",
      token: admin,
      payload: {
        code: `contact-${counter}`,
        name: "联系人",
        nameEn: "Contacts",
        permissions: ["disciple:read", "disciple:contact"],
      },
    });
    const created = contactRole.json().data;
    expect(created.requiresTwoFactor).toBe(false);
    const warned = async () =>
      (
        await t.request({
          method: "GET",
          url: "/tjc/system/dashboard",
          token: admin,
        })
      ).json().data.twoFactorWarnings as { code: string }[];
    expect((await warned()).map((role) => role.code)).toContain(created.code);
    // Who cannot read roles is not told.
    const editorDashboard = await t.request({
      method: "GET",
      url: "/tjc/system/dashboard",
      token: editor,
    });
    expect(editorDashboard.json().data.twoFactorWarnings).toBeUndefined();

    const user = await makeUser(created.code);
    expect((await login(user.loginName)).json().data.enrolmentRequired).toBe(
      false,
    );
    const on = await t.request({
      method: "PUT",
      url: `/tjc/system/roles/${created.id}`,
      token: admin,
      payload: {
        code: created.code,
        name: created.name,
        nameEn: created.nameEn,
        requiresTwoFactor: true,
        version: created.version,
      },
    });
    expect(on.json().code, on.body).toBe(0);
    expect(on.json().data.requiresTwoFactor).toBe(true);
    expect((await warned()).map((role) => role.code)).not.toContain(
      created.code,
    );
    // The role's user is led through enrolment at their next login.
    const next = await login(user.loginName);
    expect(next.json().data).toMatchObject({
      enrolmentRequired: true,
      permissions: [],
    });
    const refused = await t.request({
      method: "GET",
      url: "/tjc/disciples",
      token: next.json().data.token,
    });
    expect(refused.json().code).toBe(Code.ENROLMENT_REQUIRED);
    expect(refused.json().data).toEqual({ enrolmentRequired: true });
  });
});

describe("POST /tjc/system/users/:id/two-factor/reset", () => {
  rejectsWithoutSessionAndPermission(
    () => t,
    () => editor,
    "POST",
    "/tjc/system/users/1/two-factor/reset",
  );

  test("an administrator resets it: audited, the user's sessions revoked, enrolment again at next login", async () => {
    const secret = newTotpSecret();
    const user = await makeUser("admin", secret);
    await awayFromStepEdge();
    const session = (await login(user.loginName, totpCode(secret))).json().data
      .token as string;
    expect(
      (
        await t.request({ method: "GET", url: "/tjc/auth/me", token: session })
      ).json().code,
    ).toBe(0);
    const reset = await t.request({
      method: "POST",
      url: `/tjc/system/users/${user.id}/two-factor/reset`,
      token: admin,
    });
    expect(reset.json().code, reset.body).toBe(0);
    expect(
      (
        await t.request({ method: "GET", url: "/tjc/auth/me", token: session })
      ).json().code,
    ).toBe(Code.SESSION_EXPIRED);
    const audit = await t.app.store.db
      .selectFrom("auditLogs")
      .selectAll()
      .where("resource", "=", "system/users")
      .where("recordId", "=", String(user.id))
      .where("action", "=", "twoFactorReset")
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.changes)).toEqual({
      twoFactorEnabled: [true, false],
    });
    const record = await t.request({
      method: "GET",
      url: `/tjc/system/users/${user.id}`,
      token: admin,
    });
    expect(record.json().data.twoFactorEnabled).toBe(false);
    const stored = await t.app.store.db
      .selectFrom("users")
      .select(["totpSecret", "totpEnabledAt"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ totpSecret: null, totpEnabledAt: null });
    const next = await login(user.loginName, totpCode(secret));
    expect(next.json().data.enrolmentRequired).toBe(true);
  });

  test("an unknown user is 40400; a user who holds codes the caller lacks is refused", async () => {
    const missing = await t.request({
      method: "POST",
      url: "/tjc/system/users/999999/two-factor/reset",
      token: admin,
    });
    expect(missing.json().code).toBe(Code.NOT_FOUND);
    // A role holding only the reset code cannot reset an administrator.
    const resetter = await makeUser("editor");
    const role = await t.app.store.db
      .insertInto("roles")
      .values({
        code: `resetter-${counter}`,
        name: "resetter",
        nameEn: "resetter",
        builtIn: 0,
        createdAt: nowIso(),
        updatedAt: nowIso(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const permission = await t.app.store.db
      .selectFrom("permissions")
      .select("id")
      .where("code", "=", "user:resetTwoFactor")
      .executeTakeFirstOrThrow();
    await t.app.store.db
      .insertInto("rolePermissions")
      .values({ roleId: role.id, permissionId: permission.id })
      .execute();
    await t.app.store.db
      .insertInto("userRoles")
      .values({ userId: resetter.id, roleId: role.id })
      .execute();
    const token = (await login(resetter.loginName)).json().data.token;
    const secret = newTotpSecret();
    const target = await makeUser("admin", secret);
    const refused = await t.request({
      method: "POST",
      url: `/tjc/system/users/${target.id}/two-factor/reset`,
      token,
    });
    expect(refused.json().code).toBe(Code.FORBIDDEN);
    const kept = await t.app.store.db
      .selectFrom("users")
      .select("totpSecret")
      .where("id", "=", target.id)
      .executeTakeFirstOrThrow();
    expect(kept.totpSecret).toBe(secret);
  });
});

describe("ADMIN_TOTP_SECRET", () => {
  test("the first administrator is created already enrolled with it", async () => {
    const secret = newTotpSecret();
    const app = await buildTestApp({ ADMIN_TOTP_SECRET: secret });
    try {
      const payload = { loginName: "admin", password: "admin-test-password" };
      const without = await app.request({
        method: "POST",
        url: "/tjc/auth/login",
        payload,
      });
      expect(without.json().code).toBe(Code.OTP_REQUIRED);
      await awayFromStepEdge();
      const withCode = await app.request({
        method: "POST",
        url: "/tjc/auth/login",
        payload: { ...payload, otp: totpCode(secret) },
      });
      expect(withCode.json().code, withCode.body).toBe(0);
      expect(withCode.json().data.enrolmentRequired).toBe(false);
    } finally {
      await app.close();
    }
  });

  test("without it, ADMIN_PASSWORD still works and the first login enrols", async () => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/auth/login",
      payload: { loginName: "admin", password: "admin-test-password" },
    });
    expect(response.json().code).toBe(0);
    expect(response.json().data.enrolmentRequired).toBe(true);
  });

  test("a secret that is not base32 stops the start, without repeating it", async () => {
    await expect(
      buildTestApp({ ADMIN_TOTP_SECRET: "not-a-secret!!" }),
    ).rejects.toThrow(/ADMIN_TOTP_SECRET must be a base32 secret/);
    await expect(
      buildTestApp({ ADMIN_TOTP_SECRET: "not-a-secret!!" }),
    ).rejects.not.toThrow(/not-a-secret/);
  });
});
