import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SESSION_HANDOFF_COOKIE } from "../../common/constants.js";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { startTestSmtp, tokenFromMail, type TestSmtp } from "../test/smtp.js";
import { MEMBER_PASSWORD, memberMailKit } from "../test/member-mail.js";

// app.inject's requests reach the server as http://localhost:80.
const ORIGIN = "http://localhost:80";
let smtp: TestSmtp;
let t: TestApp;
let counter = 0;
const { signUp, confirmationTo } = memberMailKit(
  () => t,
  () => smtp,
  "10.64",
);
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await buildTestApp({
    SMTP_URL: smtp.url,
    REQUIRE_VERIFIED_EMAIL: "false",
    MAIL_TICK_MS: "100",
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function post(
  fields: Record<string, string>,
  language: string,
  session?: string,
  origin = ORIGIN,
) {
  counter += 1;
  return t.request({
    method: "POST",
    url: "/ask?view=account",
    remoteAddress: `10.65.${counter % 250}.2`,
    language,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin,
      ...(session
        ? { cookie: `${SESSION_HANDOFF_COOKIE}=${encodeURIComponent(session)}` }
        : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}
const fresh = () => `p-${randomBytes(4).toString("hex")}@example.test`;
const addressOf = async (userId: number) =>
  t.app.store.db
    .selectFrom("memberProfiles")
    .select(["email", "pendingEmail"])
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();

describe("/ask?view=account without JavaScript", () => {
  test("the page is plain forms posting to itself, in both languages, linked with the notice e-mail view", async () => {
    for (const [language, words] of [
      ["zh-CN", ["账号设置", "新邮箱", "当前密码", "显示语言"]],
      ["en-US", ["Account settings", "New address", "Current password"]],
    ] as const) {
      const page = await t.request({
        method: "GET",
        url: "/ask?view=account",
        language,
      });
      expect(page.statusCode).toBe(200);
      expect(
        page.body.match(
          /<form[^>]*action="\/ask\?view=account" method="post"/g,
        ),
      ).toHaveLength(3);
      expect(page.body).toContain('href="/ask?view=mail"');
      for (const word of words) expect(page.body).toContain(word);
      const mail = await t.request({
        method: "GET",
        url: "/ask?view=mail",
        language,
      });
      expect(mail.body).toContain('href="/ask?view=account"');
    }
  });

  test("a new address waits for its link, which comes by SMTP; resend, cancel and a double submit are safe", async () => {
    const email = fresh();
    const member = await signUp(email, "en-US");
    const next = fresh();
    for (let i = 0; i < 2; i += 1) {
      const asked = await post(
        { action: "email", email: next },
        "en-US",
        member.token,
      );
      expect(asked.statusCode).toBe(200);
      expect(asked.body).toContain(`A confirmation link was sent to ${next}`);
      expect(asked.body).toContain(`Address in use: ${email}`);
    }
    expect(await addressOf(member.userId)).toEqual({
      email,
      pendingEmail: next,
    });
    const first = tokenFromMail((await confirmationTo(next)).text)!;
    const resent = await post({ action: "resend" }, "en-US", member.token);
    expect(resent.body).toContain(`Sent again to ${next}`);
    const second = tokenFromMail((await confirmationTo(next, 1)).text)!;
    expect(second).not.toBe(first);
    const cancelled = await post({ action: "cancel" }, "zh-CN", member.token);
    expect(cancelled.body).toContain("已取消更改");
    expect(await addressOf(member.userId)).toEqual({
      email,
      pendingEmail: null,
    });
  });

  test("the password needs the current one and the policy; the language becomes the site's", async () => {
    const member = await signUp(null, "zh-CN");
    const wrong = await post(
      {
        action: "password",
        oldPassword: "not-it-at-all",
        newPassword: "second-pass-2",
      },
      "zh-CN",
      member.token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toMatch(/role="alert"[^>]*>[^<]*[\u4e00-\u9fff]/);
    expect(wrong.body).not.toContain("not-it-at-all");
    const weak = await post(
      {
        action: "password",
        oldPassword: MEMBER_PASSWORD,
        newPassword: "short",
      },
      "en-US",
      member.token,
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toMatch(/role="alert"[^>]*>[^<]*[A-Za-z]/);
    const changed = await post(
      {
        action: "password",
        oldPassword: MEMBER_PASSWORD,
        newPassword: "second-pass-2",
      },
      "en-US",
      member.token,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain("Your password is changed");

    const language = await post(
      { action: "language", language: "en-US" },
      "zh-CN",
      member.token,
    );
    expect(language.statusCode).toBe(200);
    expect(language.headers["set-cookie"]).toMatch(/aid-language=en-US/);
    expect(language.body).toContain('<html lang="en-US"');
    expect(language.body).toContain("Language saved.");
  });

  test("refuses a post without a session, a malformed address and another site's form, each with its reason", async () => {
    const email = fresh();
    const member = await signUp(email, "zh-CN");
    const anonymous = await post({ action: "email", email: fresh() }, "en-US");
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).toContain('role="alert"');
    const bad = await post(
      { action: "email", email: "no-at-sign" },
      "zh-CN",
      member.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/role="alert"[^>]*>[^<]*[\u4e00-\u9fff]/);
    const elsewhere = await post(
      { action: "email", email: fresh() },
      "en-US",
      member.token,
      "https://evil.example",
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(await addressOf(member.userId)).toEqual({
      email,
      pendingEmail: null,
    });
  });
});
