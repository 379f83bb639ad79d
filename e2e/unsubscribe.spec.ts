import { expect, test } from "@playwright/test";
import {
  apiLogin,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  openPhonePage,
} from "./helpers";
import { linkFromMail, waitForMail } from "./mail";

/**
 * Notice e-mails (issue 24 item 4): a member chooses "at once" on the site's settings
 * page, an answer to their question comes by real SMTP with the RFC 8058 headers, and
 * the link read from that message unsubscribes them without a login, in both languages
 * on a phone, with axe.
 */
const WORDS = {
  "zh-CN": {
    settings: "通知邮件",
    instant: "每条通知立即发送",
    save: "保存",
    saved: "已保存。",
    subject: /新通知/,
    confirm: "不再接收通知邮件？",
    button: "退订通知邮件",
    done: "已退订通知邮件",
    already: "您已退订通知邮件",
    login: "登录",
  },
  "en-US": {
    settings: "Notice e-mails",
    instant: "Each notice at once",
    save: "Save",
    saved: "Saved.",
    subject: /a new notice/,
    confirm: "Stop notice e-mails?",
    button: "Unsubscribe",
    done: "You are unsubscribed",
    already: "You are already unsubscribed",
    login: "Log in",
  },
} as const;
type Language = keyof typeof WORDS;
const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

for (const language of Object.keys(WORDS) as Language[]) {
  test(`an unsubscribe from a notice e-mail, in ${language} on a phone`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const words = WORDS[language];
    const loginName = unique("u");
    const email = `${loginName}@example.org`;
    const password = "grace2026-notice";
    const signUp = await request.post("/tjc/public/signup", {
      headers: { "Accept-Language": language },
      data: { loginName, userName: `${loginName}-name`, password, email },
    });
    const member = (await signUp.json()).data as {
      token: string;
      user: { userId: number };
    };
    expect(member?.token).toBeTruthy();
    // The address is confirmed by the link of its own message.
    const verifyMail = await waitForMail(email, 15_000);
    const token = new URL(linkFromMail(verifyMail)).searchParams.get("token");
    const verified = await request.post("/tjc/auth/email/verify", {
      data: { token },
    });
    expect((await verified.json()).code).toBe(0);

    // The member logs in and chooses "at once" on the site's settings page.
    const page = await openPhonePage(browser, language, true);
    await page.goto("/ask?view=login&back=%2Fask%3Fview%3Dmail");
    await page.locator('input[name="loginName"]').fill(loginName);
    await page.locator('input[name="password"]').fill(password);
    await page
      .locator("form")
      .getByRole("button", { name: words.login })
      .click();
    await expect(page).toHaveURL(/view=mail/);
    await expect(
      page.getByRole("heading", { name: words.settings, level: 1 }),
    ).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole("radio", { name: words.instant }).check();
    await expectNoSeriousA11yViolations(
      page,
      `notice mail settings ${language}`,
    );
    await expectNoSidewaysScroll(page);
    const save = page.getByRole("button", { name: words.save });
    await save.click();
    await expect(page.getByRole("status")).toHaveText(words.saved);

    // Another member answers the member's question.
    const admin = await apiLogin(request);
    const auth = (t: string) => ({ Authorization: `Bearer ${t}` });
    const tagName = unique("notice");
    const tag = await (
      await request.post("/tjc/ask/admin/tags", {
        headers: auth(admin.token),
        data: { name: tagName, nameEn: tagName },
      })
    ).json();
    const question = await (
      await request.post("/tjc/ask/questions", {
        headers: auth(member.token),
        data: {
          title: `${unique("Will I hear back ")}?`,
          body: "<p>I may be away for a while.</p>",
          tagIds: [tag.data.id],
        },
      })
    ).json();
    expect(question.code, JSON.stringify(question)).toBe(0);
    const answered = await (
      await request.post(`/tjc/ask/questions/${question.data.id}/answers`, {
        headers: auth(admin.token),
        data: { body: "<p>We will pray for you.</p>" },
      })
    ).json();
    expect(answered.code, JSON.stringify(answered)).toBe(0);

    // The message came by SMTP, in the member's language, with the one-click headers.
    const mail = await waitForMail(email, 20_000, words.subject);
    expect(mail.headers).toMatch(
      /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im,
    );
    expect(mail.headers).toMatch(
      /^List-Unsubscribe: <https?:\/\/[^>]+\/mail\/unsubscribe\?token=/im,
    );
    expect(mail.text).toContain(`/topicDetail?id=${question.data.id}`);
    const link = linkFromMail(mail);
    expect(link).toContain("/mail/unsubscribe?token=");

    // Opened from the mail, without a login: a question first, then one click.
    const reader = await openPhonePage(browser, language, true);
    await reader.goto(link);
    await expect(
      reader.getByRole("heading", { name: words.confirm, level: 1 }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(reader, `unsubscribe ${language}`);
    await expectNoSidewaysScroll(reader);
    await reader.getByRole("button", { name: words.button }).click();
    await expect(
      reader.getByRole("heading", { name: words.done, level: 1 }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(reader, `unsubscribed ${language}`);
    const choice = await (
      await request.get("/tjc/ask/notice-mail", { headers: auth(member.token) })
    ).json();
    expect(choice.data.noticeMail).toBe("never");
    // The link opened again (here without JavaScript) says so; a forged one gets its own
    // page, not an error.
    const plain = await openPhonePage(browser, language, false);
    await plain.goto(link);
    await expect(
      plain.getByRole("heading", { name: words.already, level: 1 }),
    ).toBeVisible();
    const forged = await reader.goto("/mail/unsubscribe?token=1_2_forged");
    expect(forged?.status()).toBe(400);
    await expect(reader.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(
      reader,
      `unsubscribe forged ${language}`,
    );

    await Promise.all([page, reader, plain].map((p) => p.context().close()));
  });
}
