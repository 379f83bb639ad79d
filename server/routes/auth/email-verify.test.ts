import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../../common/codes.js";
import { nowIso } from "../../db/dialect.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import {
  startTestSmtp,
  tokenFromMail,
  type TestSmtp,
} from "../../test/smtp.js";
import { memberMailKit } from "../../test/member-mail.js";
import { askKit } from "../ask/ask-test-kit.js";
import { REQUIRE_VERIFIED_EMAIL_KEY } from "../../services/email-verification.js";
import { hashLinkToken } from "../../services/email-links.js";
import { VERIFY_RESENDS_PER_ACCOUNT_PER_HOUR } from "./email-verify.js";

let smtp: TestSmtp;
let t: TestApp;
const { nextIp, signUp, confirmationTo } = memberMailKit(
  () => t,
  () => smtp,
  "10.88",
);
function verify(token: string, language = "zh-CN") {
  return t.request({
    method: "POST",
    url: "/tjc/auth/email/verify",
    payload: { token },
    language,
    remoteAddress: nextIp(),
  });
}
function resend(token: string | undefined, language = "zh-CN", ip = nextIp()) {
  return t.request({
    method: "POST",
    url: "/tjc/auth/email/verify/resend",
    token,
    language,
    remoteAddress: ip,
  });
}
async function setRule(value: "true" | "false" | null) {
  const db = t.app.store.db;
  await db
    .deleteFrom("configs")
    .where("key", "=", REQUIRE_VERIFIED_EMAIL_KEY)
    .execute();
  if (value !== null) {
    const now = nowIso();
    await db
      .insertInto("configs")
      .values({
        key: REQUIRE_VERIFIED_EMAIL_KEY,
        value,
        type: "boolean",
        description: "test",
        builtIn: 0,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  }
  await t.app.settings.refresh();
}

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

describe("POST /tjc/auth/email/verify/resend", () => {
  test("rejects without a session", async () => {
    const response = await resend(undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });

  test("needs no permission code, only a session (the matrix checks it): an account with nothing to confirm gets a clear 40000", async () => {
    const member = await signUp(null, "en-US");
    const response = await resend(member.token, "en-US");
    expect(response.json().code).toBe(Code.VALIDATION);
    expect(response.json().data.reason).toBe("nothing");
    expect(response.json().message).toMatch(/no e-mail address waiting/);
  });

  test("sends a new link that replaces the old one, and is limited per account", async () => {
    const email = `again-${randomBytes(3).toString("hex")}@example.test`;
    const member = await signUp(email, "en-US");
    const first = tokenFromMail((await confirmationTo(email, 0)).text)!;
    const again = await resend(member.token, "en-US");
    expect(again.json(), again.body).toMatchObject({
      code: 0,
      data: { email },
    });
    const second = tokenFromMail((await confirmationTo(email, 1)).text)!;
    expect(second).not.toBe(first);
    // Only the newest link confirms.
    expect((await verify(first, "en-US")).json().data.reason).toBe("used");
    expect((await verify(second)).json().code).toBe(0);
    // Confirmed: nothing left to send.
    expect((await resend(member.token)).json().data.reason).toBe("nothing");

    const other = await signUp(
      `limit-${randomBytes(3).toString("hex")}@example.test`,
    );
    // The sign-up's link counts: the account may ask for two more this hour.
    for (let i = 1; i < VERIFY_RESENDS_PER_ACCOUNT_PER_HOUR; i += 1)
      expect((await resend(other.token)).json().code).toBe(0);
    const refused = await resend(other.token, "en-US");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(Code.TOO_MANY_REQUESTS);
    expect(refused.json().message).toMatch(/minute/);
  });
});

describe("POST /tjc/auth/email/verify", () => {
  test("sign-up sends the link in the member's language, as text and HTML; it confirms once; no token is stored", async () => {
    for (const [language, subject, used] of [
      ["zh-CN", "验证您的邮箱地址", "已经使用过"],
      ["en-US", "confirm your e-mail address", "already been used"],
    ] as const) {
      const email = `new-${randomBytes(3).toString("hex")}@example.test`;
      const member = await signUp(email, language);
      const mail = await confirmationTo(email);
      expect(mail.subject).toContain(subject);
      expect(mail.text).toContain(member.loginName);
      const token = tokenFromMail(mail.text)!;
      expect(mail.text).toContain(`/ask?view=verify&token=${token}`);
      expect(tokenFromMail(mail.html)).toBe(token);
      await t.app.mail.tick();
      const stored =
        JSON.stringify(
          await t.app.store.db
            .selectFrom("emailVerificationTokens")
            .selectAll()
            .execute(),
        ) +
        JSON.stringify(
          await t.app.store.db.selectFrom("mailOutbox").selectAll().execute(),
        );
      expect(stored).not.toContain(token);

      const done = await verify(token, language);
      expect(done.json(), done.body).toMatchObject({
        code: 0,
        data: { email },
      });
      const profile = await t.app.store.db
        .selectFrom("memberProfiles")
        .select(["email", "emailVerifiedAt"])
        .where("userId", "=", member.userId)
        .executeTakeFirstOrThrow();
      expect(profile.email).toBe(email);
      expect(profile.emailVerifiedAt).not.toBeNull();
      const twice = await verify(token, language);
      expect(twice.statusCode).toBe(400);
      expect(twice.json().data.reason).toBe("used");
      expect(twice.json().message).toContain(used);
    }
  });

  test("an expired, forged or empty token gets a clear 40000, never a 500", async () => {
    const email = `old-${randomBytes(3).toString("hex")}@example.test`;
    await signUp(email);
    const token = tokenFromMail((await confirmationTo(email)).text)!;
    await t.app.store.db
      .updateTable("emailVerificationTokens")
      .set({ expiresAt: nowIso(Date.now() - 1000) })
      .where("tokenHash", "=", hashLinkToken(token))
      .execute();
    const expired = await verify(token, "en-US");
    expect(expired.json().data.reason).toBe("expired");
    expect(expired.json().message).toMatch(/expired/);
    const forged = await verify("forged-token-value");
    expect(forged.statusCode).toBe(400);
    expect(forged.json().data.reason).toBe("invalid");
    expect(forged.json().message).toContain("无效");
    const empty = await t.request({
      method: "POST",
      url: "/tjc/auth/email/verify",
      payload: { token: "" },
      remoteAddress: nextIp(),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe(Code.VALIDATION);
    const long = await verify("x".repeat(5000));
    expect(long.statusCode).toBe(400);
  });
});

describe("the rule: a member posts only with a confirmed address", () => {
  const kit = () => askKit(t);

  test("on by default with SMTP_URL: an unconfirmed member is refused in their language, a confirmed one posts", async () => {
    await setRule(null);
    const email = `post-${randomBytes(3).toString("hex")}@example.test`;
    const member = await signUp(email, "en-US");
    const question = {
      title: "How do we pray for a sick friend?",
      body: "<p>Our small group wants to pray.</p>",
      tagIds: [await kit().makeTag()],
    };
    for (const [language, text] of [
      ["en-US", /confirm your e-mail address/],
      ["zh-CN", /验证您的邮箱地址/],
    ] as const) {
      const refused = await t.request({
        method: "POST",
        url: "/tjc/ask/questions",
        token: member.token,
        language,
        payload: question,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(Code.FORBIDDEN);
      expect(refused.json().data).toEqual({
        reason: "emailUnverified",
        hasEmail: true,
      });
      expect(refused.json().message).toMatch(text);
    }
    // An answer is held alike.
    const staffQuestion = await kit().ask(await t.loginAs("member"), {});
    const answer = await t.request({
      method: "POST",
      url: `/tjc/ask/questions/${staffQuestion.id}/answers`,
      token: member.token,
      payload: { body: "<p>We pray with you.</p>" },
    });
    expect(answer.json().data.reason).toBe("emailUnverified");

    const token = tokenFromMail((await confirmationTo(email)).text)!;
    expect((await verify(token)).json().code).toBe(0);
    const posted = await t.request({
      method: "POST",
      url: "/tjc/ask/questions",
      token: member.token,
      payload: question,
    });
    expect(posted.json().code, posted.body).toBe(0);
  });

  test("a member without an address is told to add one; the entry set to false lets everyone post", async () => {
    await setRule("true");
    const member = await signUp(null);
    const refused = await t.request({
      method: "POST",
      url: "/tjc/ask/questions",
      token: member.token,
      payload: {
        title: "Where do we meet on Sabbath?",
        body: "<p>New here.</p>",
        tagIds: [await kit().makeTag()],
      },
    });
    expect(refused.json().data).toEqual({
      reason: "emailUnverified",
      hasEmail: false,
    });
    await setRule("false");
    await kit().ask(member.token);
    await setRule(null);
  });
});

describe("changing one's address (PUT /tjc/auth/profile)", () => {
  test("the new address waits, gets the link, and replaces the old one only when confirmed", async () => {
    const token = await t.loginAs("editor");
    const profile = (
      await t.request({ method: "GET", url: "/tjc/auth/profile", token })
    ).json().data;
    const old = `old-${randomBytes(3).toString("hex")}@example.test`;
    const changed = `new-${randomBytes(3).toString("hex")}@example.test`;
    // The address in use is kept as it was (set without a link, as before the rule).
    await t.app.store.db
      .updateTable("users")
      .set({ email: old })
      .where("id", "=", profile.userId)
      .execute();
    const put = await t.request({
      method: "PUT",
      url: "/tjc/auth/profile",
      token,
      language: "en-US",
      payload: {
        userName: profile.userName,
        email: changed,
        language: "en-US",
      },
    });
    expect(put.json().code, put.body).toBe(0);
    expect(put.json().data).toMatchObject({
      email: old,
      pendingEmail: changed,
    });
    const mail = await confirmationTo(changed);
    expect(mail.subject).toContain("confirm your e-mail address");
    expect(mail.text).toContain("asked to use this address");
    // A reset still goes to the address in use until then.
    const done = await verify(tokenFromMail(mail.text)!);
    expect(done.json().code, done.body).toBe(0);
    const after = (
      await t.request({ method: "GET", url: "/tjc/auth/profile", token })
    ).json().data;
    expect(after).toMatchObject({ email: changed, pendingEmail: null });
    // Clearing the address needs no link.
    const cleared = await t.request({
      method: "PUT",
      url: "/tjc/auth/profile",
      token,
      payload: { userName: profile.userName, email: null },
    });
    expect(cleared.json().data).toMatchObject({
      email: null,
      pendingEmail: null,
    });
  });
});
