import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SESSION_HANDOFF_COOKIE } from "../../common/constants.js";
import { buildTestApp, type TestApp } from "../test/helper.js";

// app.inject's requests reach the server as http://localhost:80.
const ORIGIN = "http://localhost:80";
let t: TestApp;
let counter = 0;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A member signed up on the site, with the session their login would leave. */
async function signUp(language: string) {
  counter += 1;
  const loginName = `n${randomBytes(4).toString("hex")}`;
  const response = await t.request({
    method: "POST",
    url: "/tjc/public/signup",
    remoteAddress: `10.63.${counter}.1`,
    language,
    payload: {
      loginName,
      userName: loginName,
      password: "grace-2026-x",
      email: `${loginName}@example.test`,
    },
  });
  expect(response.json().code, response.body).toBe(0);
  return {
    token: response.json().data.token as string,
    userId: response.json().data.user.userId as number,
  };
}

function postChoice(body: string, language: string, session?: string) {
  counter += 1;
  return t.request({
    method: "POST",
    url: "/ask?view=mail",
    remoteAddress: `10.63.${counter}.2`,
    language,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: ORIGIN,
      ...(session
        ? { cookie: `${SESSION_HANDOFF_COOKIE}=${encodeURIComponent(session)}` }
        : {}),
    },
    payload: body,
  });
}

const choiceOf = async (userId: number) =>
  (
    await t.app.store.db
      .selectFrom("memberProfiles")
      .select("noticeMail")
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow()
  ).noticeMail;

describe("/ask?view=mail without JavaScript", () => {
  test("the page is a plain form with the four choices, in both languages", async () => {
    for (const [language, words] of [
      ["zh-CN", ["通知邮件", "每日摘要", "每周摘要（默认）", "不发送邮件"]],
      ["en-US", ["Notice e-mails", "A daily digest", "No e-mail"]],
    ] as const) {
      const page = await t.request({
        method: "GET",
        url: "/ask?view=mail",
        language,
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(
        /<form[^>]*action="\/ask\?view=mail" method="post"/,
      );
      expect(page.body.match(/type="radio" name="noticeMail"/g)).toHaveLength(
        4,
      );
      for (const word of words) expect(page.body).toContain(word);
    }
  });

  test("a member's post saves the choice, and again with the same choice (a double submit)", async () => {
    const member = await signUp("en-US");
    for (let i = 0; i < 2; i += 1) {
      const saved = await postChoice("noticeMail=daily", "en-US", member.token);
      expect(saved.statusCode).toBe(200);
      expect(saved.body).toContain("Saved.");
      expect(saved.body).toMatch(/checked="" value="daily"/);
    }
    expect(await choiceOf(member.userId)).toBe("daily");
  });

  test("refuses a post without a session, a bad choice and another site's form, each with its reason", async () => {
    const member = await signUp("zh-CN");
    const anonymous = await postChoice("noticeMail=never", "en-US");
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).toContain('role="alert"');
    const bad = await postChoice("noticeMail=hourly", "zh-CN", member.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/role="alert"[^>]*>[^<]*[\u4e00-\u9fff]/);
    const broken = await postChoice("noticeMail=never", "en-US", "%E0%A4%A");
    expect(broken.statusCode).toBe(401);
    counter += 1;
    const elsewhere = await t.request({
      method: "POST",
      url: "/ask?view=mail",
      remoteAddress: `10.63.${counter}.3`,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
        cookie: `${SESSION_HANDOFF_COOKIE}=${encodeURIComponent(member.token)}`,
      },
      payload: "noticeMail=never",
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(await choiceOf(member.userId)).toBe("weekly");
  });
});
