import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../../common/codes.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import {
  startTestSmtp,
  tokenFromMail,
  type TestSmtp,
} from "../../test/smtp.js";
import { MEMBER_PASSWORD, memberMailKit } from "../../test/member-mail.js";
import { VERIFY_RESENDS_PER_ACCOUNT_PER_HOUR } from "../auth/email-verify.js";
import { PASSWORD_CHANGES_PER_MINUTE } from "../auth/account.js";
import { ACCOUNT_CHANGES_PER_MINUTE, EMAIL_TAKEN } from "./index.js";

let smtp: TestSmtp;
let t: TestApp;
const { nextIp, signUp, confirmationTo } = memberMailKit(
  () => t,
  () => smtp,
  "10.89",
);
const PASSWORD = MEMBER_PASSWORD;
const fresh = (tag: string) =>
  `${tag}-${randomBytes(4).toString("hex")}@example.test`;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await buildTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Lampstand <m@x.test>",
    REQUIRE_VERIFIED_EMAIL: "false",
    MAIL_TICK_MS: "100",
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A member whose sign-up address is confirmed by its link. */
async function confirmedMember(language = "zh-CN") {
  const email = fresh("in-use");
  const member = await signUp(email, language);
  const token = tokenFromMail((await confirmationTo(email)).text)!;
  expect((await verify(token)).json().code).toBe(0);
  return { ...member, email };
}

const verify = (token: string, language = "zh-CN") =>
  t.request({
    method: "POST",
    url: "/tjc/auth/email/verify",
    payload: { token },
    language,
    remoteAddress: nextIp(),
  });
const account = (token: string | undefined, language = "zh-CN") =>
  t.request({ method: "GET", url: "/tjc/ask/account", token, language });
const changeEmail = (
  token: string | undefined,
  email: string,
  language = "zh-CN",
  remoteAddress = nextIp(),
) =>
  t.request({
    method: "PUT",
    url: "/tjc/ask/account/email",
    token,
    language,
    payload: { email },
    remoteAddress,
  });
const cancelChange = (token: string | undefined) =>
  t.request({
    method: "DELETE",
    url: "/tjc/ask/account/pending-email",
    token,
  });
const setLanguage = (token: string | undefined, language: string) =>
  t.request({
    method: "PUT",
    url: "/tjc/ask/account/language",
    token,
    payload: { language },
  });
const changePassword = (
  token: string | undefined,
  oldPassword: string,
  newPassword: string,
  language = "zh-CN",
) =>
  t.request({
    method: "PUT",
    url: "/tjc/auth/password",
    token,
    language,
    payload: { oldPassword, newPassword },
  });
const linksOf = (userId: number) =>
  t.app.store.db
    .selectFrom("emailVerificationTokens")
    .selectAll()
    .where("userId", "=", userId)
    .orderBy("id")
    .execute();

describe("a member's account settings", () => {
  test("rejects without a session", async () => {
    for (const response of [
      await account(undefined),
      await changeEmail(undefined, fresh("x")),
      await cancelChange(undefined),
      await setLanguage(undefined, "en-US"),
      await changePassword(undefined, PASSWORD, "second-password-2"),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(Code.SESSION_EXPIRED);
    }
  });

  test("rejects without permission: an account with no community profile (staff) has no member settings", async () => {
    const staff = await t.loginAs("editor");
    for (const response of [
      await account(staff),
      await changeEmail(staff, fresh("staff")),
      await cancelChange(staff),
      await setLanguage(staff, "en-US"),
    ])
      expect(response.json().code).toBe(Code.NOT_FOUND);
  });

  test("a changed address is not used until the link sent to it by SMTP is opened", async () => {
    const m = await confirmedMember("en-US");
    const next = fresh("new");
    const changed = await changeEmail(m.token, next, "en-US");
    expect(changed.json().code, changed.body).toBe(0);
    expect(changed.json().data).toMatchObject({
      email: m.email,
      emailVerified: true,
      pendingEmail: next,
    });
    // Until the link is opened, the address in use is the old one: a reset goes there.
    const profile = await t.app.store.db
      .selectFrom("memberProfiles")
      .select(["email", "pendingEmail", "emailVerifiedAt"])
      .where("userId", "=", m.userId)
      .executeTakeFirstOrThrow();
    expect(profile.email).toBe(m.email);
    const reset = await t.request({
      method: "POST",
      url: "/tjc/auth/password-reset",
      payload: { email: next },
      remoteAddress: nextIp(),
    });
    expect(reset.json().code).toBe(0);
    const resets = await t.app.store.db
      .selectFrom("passwordResetTokens")
      .select("userId")
      .where("userId", "=", m.userId)
      .execute();
    expect(resets).toHaveLength(0);

    const mail = await confirmationTo(next);
    expect(mail.subject).toMatch(/confirm/i);
    expect(mail.text).toContain(m.loginName);
    const confirmed = await verify(tokenFromMail(mail.text)!, "en-US");
    expect(confirmed.json().data).toEqual({ email: next });
    expect((await account(m.token)).json().data).toMatchObject({
      email: next,
      emailVerified: true,
      pendingEmail: null,
    });
  });

  test("a double submit sends one link; the address in use again, or a cancel, ends the change and its link", async () => {
    const m = await confirmedMember();
    const next = fresh("twice");
    const [first, second] = await Promise.all([
      changeEmail(m.token, next),
      changeEmail(m.token, next.toUpperCase()),
    ]);
    expect([first.json().code, second.json().code]).toEqual([0, 0]);
    // The sign-up's link and one for the new address, in whichever spelling of the two
    // submits claimed the change first (which one does is up to the database).
    expect(
      (await linksOf(m.userId)).map((link) => link.email.toLowerCase()),
    ).toEqual([m.email.toLowerCase(), next]);
    const token = tokenFromMail((await confirmationTo(next)).text)!;

    const again = await changeEmail(m.token, m.email);
    expect(again.json().data).toMatchObject({
      email: m.email,
      pendingEmail: null,
    });
    expect((await verify(token)).json().data.reason).toBe("used");

    const other = fresh("cancel");
    await changeEmail(m.token, other);
    const otherToken = tokenFromMail((await confirmationTo(other)).text)!;
    for (let i = 0; i < 2; i += 1) {
      const cancelled = await cancelChange(m.token);
      expect(cancelled.json().data.pendingEmail).toBeNull();
    }
    expect((await verify(otherToken)).json().data.reason).toBe("used");
    expect((await account(m.token)).json().data.email).toBe(m.email);
  });

  test("a malformed or taken address is refused at its field in the caller's language", async () => {
    const holder = await confirmedMember();
    const m = await confirmedMember();
    for (const language of ["zh-CN", "en-US"] as const) {
      const malformed = await changeEmail(m.token, "not-an-address", language);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().code).toBe(Code.VALIDATION);
      expect(Object.keys(malformed.json().data.errors)).toEqual(["email"]);
      const taken = await changeEmail(
        m.token,
        holder.email.toUpperCase(),
        language,
      );
      expect(taken.json().code).toBe(Code.VALIDATION);
      expect(taken.json().data.errors.email).toBe(EMAIL_TAKEN[language]);
    }
    expect(
      (await changeEmail(m.token, "not-an-address", "zh-CN")).json().data.errors
        .email,
    ).not.toBe(
      (await changeEmail(m.token, "not-an-address", "en-US")).json().data.errors
        .email,
    );
    // An address someone merely typed at sign-up (unconfirmed) holds nothing.
    const typed = fresh("typed");
    await signUp(typed);
    expect((await changeEmail(m.token, typed)).json().code).toBe(0);
    expect((await account(m.token)).json().data.pendingEmail).toBe(typed);
  });

  test("links are limited per hour with the resends, and writes per minute", async () => {
    const m = await signUp(fresh("limited"));
    // The sign-up's link counts: two more, then a wait.
    for (let i = 1; i < VERIFY_RESENDS_PER_ACCOUNT_PER_HOUR; i += 1)
      expect((await changeEmail(m.token, fresh("hour"))).json().code).toBe(0);
    const refused = await changeEmail(m.token, fresh("hour"), "en-US");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(Code.TOO_MANY_REQUESTS);
    expect(refused.json().message).toMatch(/minute|second/);

    const other = await signUp(null);
    let last = 0;
    for (let i = 0; i <= ACCOUNT_CHANGES_PER_MINUTE; i += 1)
      last = (await setLanguage(other.token, "en-US")).statusCode;
    expect(last).toBe(429);
  });

  test("the language is kept for the site and the mail; an unknown one is refused", async () => {
    const m = await signUp(null);
    expect((await account(m.token)).json().data.language).toBeNull();
    const set = await setLanguage(m.token, "en-US");
    expect(set.json().data.language).toBe("en-US");
    expect((await setLanguage(m.token, "en-US")).json().code).toBe(0);
    const bad = await setLanguage(m.token, "fr-FR");
    expect(bad.json().code).toBe(Code.VALIDATION);
    expect((await account(m.token)).json().data.language).toBe("en-US");
  });

  test("a password change needs the current password and the policy, and signs the other sessions out", async () => {
    const m = await signUp(null);
    const other = await t.request({
      method: "POST",
      url: "/tjc/auth/login",
      payload: { loginName: m.loginName, password: PASSWORD },
      remoteAddress: nextIp(),
    });
    const otherToken = other.json().data.token as string;
    for (const language of ["zh-CN", "en-US"] as const) {
      const wrong = await changePassword(
        m.token,
        "not-the-password",
        "second-password-2",
        language,
      );
      expect(wrong.json().code).toBe(Code.VALIDATION);
      expect(Object.keys(wrong.json().data.errors)).toEqual(["oldPassword"]);
      const weak = await changePassword(
        m.token,
        PASSWORD,
        "12345678",
        language,
      );
      expect(weak.json().code).toBe(Code.VALIDATION);
      expect(Object.keys(weak.json().data.errors)).toEqual(["newPassword"]);
    }
    const done = await changePassword(m.token, PASSWORD, "second-password-2");
    expect(done.json().code).toBe(0);
    expect((await account(m.token)).json().code).toBe(0);
    expect((await account(otherToken)).statusCode).toBe(401);
    const oldLogin = await t.request({
      method: "POST",
      url: "/tjc/auth/login",
      payload: { loginName: m.loginName, password: PASSWORD },
      remoteAddress: nextIp(),
    });
    expect(oldLogin.json().code).not.toBe(0);
    // Guessing the current password with a stolen session is limited.
    const codes: number[] = [];
    for (let i = 0; i < PASSWORD_CHANGES_PER_MINUTE; i += 1)
      codes.push(
        (await changePassword(m.token, "guess", "third-password-3")).statusCode,
      );
    expect(codes).toContain(429);
  });
});
