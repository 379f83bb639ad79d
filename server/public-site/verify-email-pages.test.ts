import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { startTestSmtp, tokenFromMail, type TestSmtp } from "../test/smtp.js";

// app.inject's requests reach the server as http://localhost:80.
const ORIGIN = "http://localhost:80";
let t: TestApp;
let smtp: TestSmtp;
let counter = 0;
const logLines: string[] = [];
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await buildTestApp(
    { SMTP_URL: smtp.url },
    { logStream: { write: (line: string) => void logLines.push(line) } },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function postForm(url: string, language: string) {
  counter += 1;
  return t.request({
    method: "POST",
    url,
    remoteAddress: `10.62.${counter}.1`,
    language,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: ORIGIN,
    },
    payload: "",
  });
}
async function signUp(email: string, language: string) {
  counter += 1;
  const loginName = `e${randomBytes(4).toString("hex")}`;
  const response = await t.request({
    method: "POST",
    url: "/tjc/public/signup",
    remoteAddress: `10.62.${counter}.1`,
    language,
    payload: {
      loginName,
      userName: loginName,
      password: "grace-2026-x",
      email,
    },
  });
  expect(response.json().code, response.body).toBe(0);
}
async function linkTo(to: string): Promise<string> {
  const until = Date.now() + 10_000;
  for (;;) {
    const mail = smtp.received.find((m) => m.to.includes(to));
    if (mail) return tokenFromMail(mail.text)!;
    if (Date.now() > until) throw new Error(`no mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const TEXT = {
  "zh-CN": {
    title: "验证邮箱",
    done: "邮箱地址已确认",
    used: "已经使用过",
    invalid: "无效",
  },
  "en-US": {
    title: "Confirm your e-mail address",
    done: "Your e-mail address is confirmed",
    used: "already been used",
    invalid: "not valid",
  },
} as const;

describe("the e-mail confirmation page, without JavaScript", () => {
  for (const language of ["zh-CN", "en-US"] as const) {
    const text = TEXT[language];
    test(`${language}: opening the link changes nothing; its button confirms once; a bad link gets a clear page`, async () => {
      const email = `page-${randomBytes(3).toString("hex")}@example.test`;
      await signUp(email, language);
      const token = await linkTo(email);
      const url = `/ask?view=verify&token=${token}`;
      const opened = await t.request({ method: "GET", url, language });
      expect(opened.statusCode).toBe(200);
      expect(opened.body).toContain(text.title);
      expect(opened.body).toContain('method="post"');
      // A mail scanner that follows the link confirms nothing.
      const row = await t.app.store.db
        .selectFrom("memberProfiles")
        .select("emailVerifiedAt")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      expect(row.emailVerifiedAt).toBeNull();

      const done = await postForm(url, language);
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain(text.done);
      const again = await postForm(url, language);
      expect(again.statusCode).toBe(400);
      expect(again.body).toContain(text.used);
      const forged = await postForm("/ask?view=verify&token=forged", language);
      expect(forged.statusCode).toBe(400);
      expect(forged.body).toContain(text.invalid);
      const missing = await postForm("/ask?view=verify", language);
      expect(missing.statusCode).toBe(400);
      // The link's token never reaches a log line.
      expect(logLines.join("\n")).not.toContain(token);
    });
  }
});
