import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { startTestSmtp, tokenFromMail, type TestSmtp } from "../test/smtp.js";

// app.inject's requests reach the server as http://localhost:80.
const ORIGIN = "http://localhost:80";
let t: TestApp;
let smtp: TestSmtp;
let counter = 0;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await buildTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function postForm(
  url: string,
  fields: Record<string, string>,
  language: string,
) {
  counter += 1;
  return t.request({
    method: "POST",
    url,
    remoteAddress: `10.61.${counter}.1`,
    language,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: ORIGIN,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}
function page(url: string, language: string) {
  return t.request({ method: "GET", url, language });
}
async function member(email: string) {
  const loginName = `p${randomBytes(4).toString("hex")}`;
  const response = await t.request({
    method: "POST",
    url: "/tjc/public/signup",
    payload: {
      loginName,
      userName: loginName,
      password: "old-password-1",
      email,
    },
    remoteAddress: `10.62.${++counter}.1`,
  });
  expect(response.json().code, response.body).toBe(0);
  return loginName;
}
async function mailTo(to: string) {
  const until = Date.now() + 10_000;
  for (;;) {
    // The reset message, not the sign-up's address confirmation.
    const mail = smtp.received.find(
      (m) => m.to.includes(to) && m.text.includes("view=reset"),
    );
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const TEXT = {
  "zh-CN": {
    forgot: "忘记密码？",
    title: "找回密码",
    sent: "重设密码的链接已经发出",
    reset: "设置新密码",
    done: "密码已更新",
    used: "已经使用过",
    invalid: "链接无效",
  },
  "en-US": {
    forgot: "Forgot your password?",
    title: "Recover your account",
    sent: "a link to reset the password is on its way",
    reset: "Choose a new password",
    done: "Your password is changed",
    used: "already been used",
    invalid: "not valid",
  },
} as const;

describe("the community's password-reset pages, without JavaScript", () => {
  for (const language of ["zh-CN", "en-US"] as const) {
    const text = TEXT[language];
    test(`${language}: login links to the request page; the e-mailed link sets a new password once`, async () => {
      const login = await page("/ask?view=login", language);
      expect(login.body).toContain('href="/ask?view=forgot"');
      expect(login.body).toContain(text.forgot);
      const forgot = await page("/ask?view=forgot", language);
      expect(forgot.statusCode).toBe(200);
      expect(forgot.body).toContain(text.title);
      expect(forgot.body).toContain('method="post"');

      const email = `pages-${language}@example.test`;
      const loginName = await member(email);
      const sent = await postForm("/ask?view=forgot", { email }, language);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.body).toContain(text.sent);
      const unknown = await postForm(
        "/ask?view=forgot",
        { email: `nobody-${language}@example.test` },
        language,
      );
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toContain(text.sent);

      const mail = await mailTo(email);
      const token = tokenFromMail(mail.text)!;
      const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
      expect(mail.text).toContain(`${ORIGIN}/ask?view=reset&token=${token}`);
      const linked = await page(`${link.pathname}${link.search}`, language);
      expect(linked.statusCode).toBe(200);
      expect(linked.body).toContain(text.reset);
      expect(linked.body).toMatch(/autocomplete="new-password"/i);
      expect(linked.body).not.toContain(token);

      const url = `${link.pathname}${link.search}`;
      const done = await postForm(
        url,
        { password: "fresh-password-42" },
        language,
      );
      expect(done.statusCode, done.body).toBe(200);
      expect(done.body).toContain(text.done);
      const loggedIn = await t.request({
        method: "POST",
        url: "/tjc/auth/login",
        payload: { loginName, password: "fresh-password-42" },
        remoteAddress: `10.63.${++counter}.1`,
      });
      expect(loggedIn.json().code).toBe(0);

      const again = await postForm(
        url,
        { password: "other-password-43" },
        language,
      );
      expect(again.statusCode).toBe(400);
      expect(again.body).toContain(text.used);
      const forged = await postForm(
        "/ask?view=reset&token=forged-token",
        { password: "other-password-43" },
        language,
      );
      expect(forged.statusCode).toBe(400);
      expect(forged.body).toContain(text.invalid);
      const missing = await postForm(
        "/ask?view=reset",
        { password: "other-password-43" },
        language,
      );
      expect(missing.statusCode).toBe(400);
    });
  }

  test("a form posted from another site is refused", async () => {
    const response = await t.request({
      method: "POST",
      url: "/ask?view=forgot",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
      },
      payload: "email=x%40example.test",
    });
    expect(response.statusCode).toBe(403);
  });
});
