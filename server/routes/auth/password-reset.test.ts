import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../../common/codes.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { listQuery } from "../../test/system.js";
import {
  startTestSmtp,
  tokenFromMail,
  type ReceivedMail,
  type TestSmtp,
} from "../../test/smtp.js";
import { nowIso } from "../../db/dialect.js";
import { hashPassword } from "../../services/password.js";
import { RESETS_PER_ADDRESS_PER_HOUR } from "./password-reset.js";

let smtp: TestSmtp;
let t: TestApp;
let ipCounter = 0;
/** Each request from its own address, unless a test is about the address limit. */
const nextIp = () => {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

function askReset(
  email: string,
  options: { language?: string; ip?: string } = {},
) {
  return t.request({
    method: "POST",
    url: "/tjc/auth/password-reset",
    payload: { email },
    language: options.language ?? "zh-CN",
    remoteAddress: options.ip ?? nextIp(),
  });
}
function confirm(token: string, password: string, language = "zh-CN") {
  return t.request({
    method: "POST",
    url: "/tjc/auth/password-reset/confirm",
    payload: { token, password },
    language,
    remoteAddress: nextIp(),
  });
}
function login(loginName: string, password: string) {
  return t.request({
    method: "POST",
    url: "/tjc/auth/login",
    payload: { loginName, password },
    remoteAddress: nextIp(),
  });
}
async function signUp(email: string) {
  const loginName = `m${randomBytes(4).toString("hex")}`;
  const response = await t.request({
    method: "POST",
    url: "/tjc/public/signup",
    payload: {
      loginName,
      userName: loginName,
      password: "first-password-1",
      email,
    },
    remoteAddress: nextIp(),
  });
  expect(response.json().code, response.body).toBe(0);
  return { loginName, token: response.json().data.token as string };
}
async function staffUser(email: string, language: string | null) {
  const loginName = `s${randomBytes(4).toString("hex")}`;
  const now = nowIso();
  await t.app.store.db
    .insertInto("users")
    .values({
      loginName,
      userName: loginName,
      passwordHash: await hashPassword("staff-password-1"),
      status: "active",
      email,
      language,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return loginName;
}
/** The next message to `to`, once the worker has delivered it. */
async function mailTo(to: string): Promise<ReceivedMail> {
  const until = Date.now() + 10_000;
  for (;;) {
    // Domains arrive lower-cased (nodemailer normalizes them); the local part as stored.
    // A reset message: a member who signed up with the address also got its confirmation.
    const mail = smtp.received.find(
      (m) =>
        m.text.includes("view=reset") &&
        m.to.some((address) => address.toLowerCase() === to.toLowerCase()),
    );
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await buildTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Lampstand <m@x.test>",
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe("POST /tjc/auth/password-reset and /confirm", () => {
  test("a member resets by e-mail: the link's token sets the password, ends every session, and works once", async () => {
    const email = "Grace.Member@Example.test";
    const member = await signUp(email);
    const before = await t.request({
      method: "GET",
      url: "/tjc/auth/me",
      token: member.token,
    });
    expect(before.json().code).toBe(0);

    const response = await askReset(email.toUpperCase(), { language: "en-US" });
    expect(response.json()).toEqual({ code: 0, message: "OK", data: null });
    // Sent to the address as the account has it.
    const mail = await mailTo(email);
    expect(mail.to).toEqual(["Grace.Member@example.test"]);
    expect(mail.subject).toBe("Lampstand: reset your password");
    expect(mail.text).toContain(member.loginName);
    expect(mail.text).toContain("30 minutes");
    expect(mail.html).toContain("<a href=");
    const token = tokenFromMail(mail.text)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(mail.text).toContain(`/ask?view=reset&token=${token}`);
    expect(tokenFromMail(mail.html)).toBe(token);
    // Only the hash is stored; the outbox erased the secret once sent.
    await t.app.mail.tick();
    const stored =
      JSON.stringify(
        await t.app.store.db
          .selectFrom("passwordResetTokens")
          .selectAll()
          .execute(),
      ) +
      JSON.stringify(
        await t.app.store.db.selectFrom("mailOutbox").selectAll().execute(),
      );
    expect(stored).not.toContain(token);

    const done = await confirm(token, "a-brand-new-pass-7");
    expect(done.json().code, done.body).toBe(0);
    const old = await t.request({
      method: "GET",
      url: "/tjc/auth/me",
      token: member.token,
    });
    expect(old.json().code).toBe(Code.SESSION_EXPIRED);
    expect(
      (await login(member.loginName, "first-password-1")).json().code,
    ).toBe(Code.BAD_CREDENTIALS);
    expect(
      (await login(member.loginName, "a-brand-new-pass-7")).json().code,
    ).toBe(0);

    for (const [language, text] of [
      ["zh-CN", "已经使用过"],
      ["en-US", "already been used"],
    ] as const) {
      const again = await confirm(token, "another-new-pass-8", language);
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe(Code.VALIDATION);
      expect(again.json().message).toContain(text);
      expect(again.json().data.reason).toBe("used");
    }
    const audit = await t.app.store.db
      .selectFrom("auditLogs")
      .select(["action", "resource"])
      .where("action", "=", "passwordReset")
      .execute();
    expect(audit).toContainEqual({
      action: "passwordReset",
      resource: "system/users",
    });
  });

  test("a staff account is reached by its own address, in its own language", async () => {
    const loginName = await staffUser("pastor@church.test", "en-US");
    await askReset("pastor@church.test", { language: "zh-CN" });
    const mail = await mailTo("pastor@church.test");
    expect(mail.subject).toContain("reset your password");
    const zhName = await staffUser("deacon@church.test", "zh-CN");
    await askReset("deacon@church.test", { language: "en-US" });
    const zh = await mailTo("deacon@church.test");
    expect(zh.subject).toBe("灯台：重设密码");
    expect(zh.text).toContain(zhName);
    const done = await confirm(tokenFromMail(mail.text)!, "pastor-new-pass-9");
    expect(done.json().code, done.body).toBe(0);
    expect((await login(loginName, "pastor-new-pass-9")).json().code).toBe(0);
  });

  test("the site's name comes from the settings", async () => {
    await t.app.store.db
      .updateTable("configs")
      .set({ value: "恩典堂" })
      .where("key", "=", "site.name")
      .execute();
    await t.app.settings.refresh();
    await staffUser("named@church.test", "zh-CN");
    await askReset("named@church.test");
    const mail = await mailTo("named@church.test");
    expect(mail.subject).toBe("恩典堂：重设密码");
  });

  test("an unknown address gets the same answer, no message, and the same write", async () => {
    const known = "known-body@example.test";
    await signUp(known);
    const a = await askReset(known, { language: "en-US" });
    const b = await askReset("nobody-here@example.test", { language: "en-US" });
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    expect(b.headers["content-length"]).toBe(a.headers["content-length"]);
    const rows = await t.app.store.db
      .selectFrom("passwordResetTokens")
      .select(["userId"])
      .where("email", "=", "nobody-here@example.test")
      .execute();
    expect(rows).toEqual([{ userId: null }]);
    await t.app.mail.tick();
    const queued = await t.app.store.db
      .selectFrom("mailOutbox")
      .select("id")
      .where("recipient", "=", "nobody-here@example.test")
      .execute();
    expect(queued).toEqual([]);
  });

  test("known and unknown addresses take the same time, within noise (medians printed)", async () => {
    const knownAddresses: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const email = `timing-${i}@example.test`;
      await signUp(email);
      knownAddresses.push(email);
    }
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      // Keep the per-address limit out of the measure.
      await t.app.store.db.deleteFrom("passwordResetTokens").execute();
      for (const [email, into] of [
        [knownAddresses[i % 5]!, known],
        [`timing-unknown-${i}@example.test`, unknown],
      ] as const) {
        const started = process.hrtime.bigint();
        const response = await askReset(email);
        into.push(Number(process.hrtime.bigint() - started) / 1e6);
        expect(response.json().code).toBe(0);
      }
    }
    const [k, u] = [median(known), median(unknown)];
    console.log(
      `password-reset request, ${t.app.store.kind}: median known ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms (30 each)`,
    );
    // A loose sanity bound only: both are quick, neither waits on the mail server.
    expect(k).toBeLessThan(1000);
    expect(u).toBeLessThan(1000);
  });

  test("expired, forged and malformed links get a clear bilingual error, never a 500", async () => {
    const email = "expiring@example.test";
    await signUp(email);
    await askReset(email);
    const token = tokenFromMail((await mailTo(email)).text)!;
    await t.app.store.db
      .updateTable("passwordResetTokens")
      .set({
        createdAt: nowIso(Date.now() - 31 * 60_000),
        expiresAt: nowIso(Date.now() - 60_000),
      })
      .where("email", "=", email)
      .execute();
    for (const [language, text] of [
      ["zh-CN", "已过期"],
      ["en-US", "has expired"],
    ] as const) {
      const response = await confirm(token, "expired-pass-123", language);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(text);
    }
    for (const [language, text] of [
      ["zh-CN", "链接无效"],
      ["en-US", "not valid"],
    ] as const) {
      const forged = await confirm(
        randomBytes(32).toString("base64url"),
        "forged-pass-123",
        language,
      );
      expect(forged.statusCode).toBe(400);
      expect(forged.json().code).toBe(Code.VALIDATION);
      expect(forged.json().message).toContain(text);
    }
    for (const payload of [
      {},
      { token: "" },
      { token: "x".repeat(5000), password: "whatever-123" },
      { token: 5, password: ["a"] },
    ]) {
      const response = await t.request({
        method: "POST",
        url: "/tjc/auth/password-reset/confirm",
        payload,
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe(Code.VALIDATION);
    }
    const empty = await t.request({
      method: "POST",
      url: "/tjc/auth/password-reset",
      payload: { email: "" },
      remoteAddress: nextIp(),
    });
    expect(empty.json().code).toBe(Code.VALIDATION);
    for (const language of ["zh-CN", "en-US"] as const) {
      const malformed = await t.request({
        method: "POST",
        url: "/tjc/auth/password-reset",
        payload: { email: "not-an-address" },
        language,
        remoteAddress: nextIp(),
      });
      expect(malformed.json().code).toBe(Code.VALIDATION);
      expect(malformed.json().data.errors.email).toMatch(
        language === "zh-CN" ? /[\u4e00-\u9fff]/ : /e-?mail/i,
      );
    }
  });

  test("a too-short password is refused at its field whatever the link, in both languages", async () => {
    for (const language of ["zh-CN", "en-US"] as const) {
      const response = await confirm("not-a-real-token", "a1", language);
      expect(response.json().code).toBe(Code.VALIDATION);
      expect(response.json().data.errors.password).toMatch(
        language === "zh-CN" ? /8/ : /8 characters/,
      );
    }
  });

  test("the new password follows the policy, and a refused one leaves the link usable", async () => {
    const email = "policy@example.test";
    const { loginName } = await signUp(email);
    await askReset(email);
    const token = tokenFromMail((await mailTo(email)).text)!;
    for (const weak of ["short", "password123", loginName]) {
      const response = await confirm(token, weak, "en-US");
      expect(response.json().code).toBe(Code.VALIDATION);
      expect(response.json().data.errors.password).toBeTruthy();
    }
    expect((await confirm(token, "a-good-pass-4242")).json().code).toBe(0);
  });

  test("requests are limited per address and per client address, with a bilingual wait", async () => {
    await t.app.store.db.deleteFrom("passwordResetTokens").execute();
    for (const email of [
      "limit-known@example.test",
      "limit-unknown@example.test",
    ]) {
      if (email.includes("known") && !email.includes("unknown"))
        await signUp(email);
      for (let i = 0; i < RESETS_PER_ADDRESS_PER_HOUR; i += 1)
        expect((await askReset(email)).json().code).toBe(0);
      const zh = await askReset(email, { language: "zh-CN" });
      expect(zh.statusCode).toBe(429);
      expect(zh.json().code).toBe(Code.TOO_MANY_REQUESTS);
      expect(zh.json().message).toBe("尝试过于频繁，请 60 分钟后再试");
      const en = await askReset(email, { language: "en-US" });
      expect(en.json().message).toBe(
        "Too many tries. Try again in 60 minutes.",
      );
      expect(Number(en.headers["retry-after"])).toBeGreaterThan(3500);
    }
    const ip = "10.99.1.1";
    // MAIL_LINKS_PER_IP_PER_HOUR's default.
    const perIp = t.app.config.mail.linksPerIpPerHour;
    expect(perIp).toBe(10);
    for (let i = 0; i < perIp; i += 1)
      expect(
        (await askReset(`spray-${i}@example.test`, { ip })).json().code,
      ).toBe(0);
    const refused = await askReset("spray-last@example.test", { ip });
    expect(refused.json().code).toBe(Code.TOO_MANY_REQUESTS);
    expect((await askReset("spray-last@example.test")).json().code).toBe(0);
  });

  test("MAIL_LINKS_PER_IP_PER_HOUR=0 lifts the limit per client address, not the one per address", async () => {
    const open = await buildTestApp({ MAIL_LINKS_PER_IP_PER_HOUR: "0" });
    try {
      expect(open.app.config.mail.linksPerIpPerHour).toBe(0);
      const ask = (email: string) =>
        open.request({
          method: "POST",
          url: "/tjc/auth/password-reset",
          payload: { email },
          remoteAddress: "10.99.2.2",
        });
      // Past the default of 10 from one client, each for its own address.
      for (let i = 0; i < 14; i += 1)
        expect((await ask(`open-${i}@example.test`)).json().code).toBe(0);
      for (let i = 0; i < RESETS_PER_ADDRESS_PER_HOUR; i += 1)
        expect((await ask("open-same@example.test")).json().code).toBe(0);
      expect((await ask("open-same@example.test")).json().code).toBe(
        Code.TOO_MANY_REQUESTS,
      );
    } finally {
      await open.close();
    }
  });

  test("a disabled account gets no link", async () => {
    const loginName = await staffUser("disabled@church.test", null);
    await t.app.store.db
      .updateTable("users")
      .set({ status: "disabled" })
      .where("loginName", "=", loginName)
      .execute();
    expect((await askReset("disabled@church.test")).json().code).toBe(0);
    const queued = await t.app.store.db
      .selectFrom("mailOutbox")
      .select("id")
      .where("recipient", "=", "disabled@church.test")
      .execute();
    expect(queued).toEqual([]);
  });

  test("the outbox API never shows a reset token", async () => {
    const email = "outbox-view@example.test";
    await signUp(email);
    await askReset(email);
    const token = tokenFromMail((await mailTo(email)).text)!;
    const admin = await t.loginAs("admin");
    const list = await t.request({
      method: "GET",
      url: `/tjc/system/outbox?${listQuery({ filter: { recipient: email } })}`,
      token: admin,
    });
    // The sign-up's address confirmation, then the reset; neither shows its token.
    expect(list.json().data.total).toBe(2);
    expect(
      list
        .json()
        .data.list.map((row: { kind: string }) => row.kind)
        .sort(),
    ).toEqual(["emailVerification", "passwordReset"]);
    expect(list.body).not.toContain(token);
    const exported = await t.request({
      method: "GET",
      url: `/tjc/system/outbox/export`,
      token: admin,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain(token);
  });
});

describe("password reset with the mail server down", () => {
  let down: TestApp;
  beforeAll(async () => {
    const probe = await startTestSmtp();
    await probe.close();
    down = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${probe.port}` });
  });
  afterAll(async () => {
    await down.close();
  });

  test("the request answers at once and the message waits with the reason", async () => {
    const now = nowIso();
    await down.app.store.db
      .insertInto("users")
      .values({
        loginName: "down-user",
        userName: "down-user",
        passwordHash: await hashPassword("down-password-1"),
        status: "active",
        email: "down@church.test",
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const started = Date.now();
    const response = await down.request({
      method: "POST",
      url: "/tjc/auth/password-reset",
      payload: { email: "down@church.test" },
    });
    expect(response.json().code).toBe(0);
    expect(Date.now() - started).toBeLessThan(1500);
    await down.app.mail.tick();
    const row = await down.app.store.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("recipient", "=", "down@church.test")
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
    expect(row.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    expect(row.secret).not.toBeNull();
  });
});
