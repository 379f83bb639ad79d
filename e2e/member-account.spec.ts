import { expect, test, type Page } from "@playwright/test";
import {
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
} from "./helpers";
import { linkFromMail, waitForMail } from "./mail";

/**
 * A member's account settings (issue 24 item 3, `/ask?view=account`) on a phone, in both
 * languages: they change their address, the link arrives by real SMTP (scripts/e2e.mjs runs
 * the mail server), the old address stays in use until they open it, and then the new one
 * is. Once with JavaScript, once with it off (plain forms posting the page itself).
 */
const T = {
  "zh-CN": {
    settings: "账号设置（邮箱、密码、语言）",
    title: "账号设置",
    newEmail: "新邮箱",
    send: "发送验证链接",
    sent: /验证链接已发到 (\S+)，24 小时内有效/,
    inUse: (email: string) => `正在使用的邮箱：${email}`,
    pending: (email: string) => `验证链接已发到 ${email}。`,
    subject: /验证您的邮箱地址/,
    confirm: "确认我的邮箱",
    done: "邮箱地址已确认，谢谢！",
    saveLanguage: "保存语言",
  },
  "en-US": {
    settings: "Account settings (e-mail, password, language)",
    title: "Account settings",
    newEmail: "New address",
    send: "Send a confirmation link",
    sent: /A confirmation link was sent to (\S+); it works for 24 hours/,
    inUse: (email: string) => `Address in use: ${email}`,
    pending: (email: string) => `A confirmation link was sent to ${email}.`,
    subject: /confirm your e-mail address/,
    confirm: "Confirm my address",
    done: "Your e-mail address is confirmed. Thank you!",
    saveLanguage: "Save language",
  },
} as const;

const PHONE = { width: 390, height: 844 };

/** Signs a member up through the community's form; answers the address they used. */
async function signUp(page: Page, tag: string): Promise<string> {
  const stamp = `${Date.now().toString(36)}${tag}`;
  const address = `acct-${stamp}@example.org`;
  await page.goto("/ask?view=signup");
  await page.locator('input[name="loginName"]').fill(`acct${stamp}`);
  await page.locator('input[name="userName"]').fill(`账号${stamp}`);
  await page.locator('input[name="password"]').fill("grace2026-account");
  await page.locator('input[name="email"]').fill(address);
  await page.locator('main form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/ask$/);
  return address;
}

/** Reads the confirmation sent to `address` from the SMTP sink, opens it and confirms. */
async function confirmFromMail(
  page: Page,
  address: string,
  t: (typeof T)[keyof typeof T],
): Promise<void> {
  const link = linkFromMail(await waitForMail(address, 15_000, t.subject));
  await page.goto(link);
  await page.getByRole("button", { name: t.confirm }).click();
  await expect(page.getByRole("status")).toHaveText(t.done);
}

for (const language of ["zh-CN", "en-US"] as const) {
  const t = T[language];
  test.describe(language, () => {
    test.use({ locale: language, viewport: PHONE });
    // A sign-up, two axe passes and a message's round trip through SMTP.
    test.setTimeout(90_000);

    test("a member changes their address; the new one is used once its e-mailed link is opened", async ({
      page,
    }) => {
      const old = await signUp(page, language[0]!);
      await page.goto("/ask?view=mine");
      await page.getByRole("link", { name: t.settings }).click();
      await expect(page.getByRole("heading", { name: t.title })).toBeVisible();
      await expect(page.getByTestId("email-in-use")).toContainText(old);
      await expectNoSeriousA11yViolations(page, `account, ${language}`);
      await expectNoSidewaysScroll(page);

      const next = old.replace("acct-", "new-");
      await page.getByLabel(t.newEmail).fill(next);
      await page.getByRole("button", { name: t.send }).click();
      await expect(page.getByRole("status")).toContainText(next);
      await expect(page.getByTestId("email-pending")).toContainText(
        t.pending(next),
      );
      // Until the link is opened, the old address stays in use.
      await expect(page.getByTestId("email-in-use")).toContainText(old);
      await expectNoSeriousA11yViolations(
        page,
        `account, pending, ${language}`,
      );
      await expectNoSidewaysScroll(page);

      await confirmFromMail(page, next, t);

      await page.goto("/ask?view=account");
      await expect(page.getByTestId("email-in-use")).toHaveText(t.inUse(next));
      await expect(page.getByTestId("email-pending")).toHaveCount(0);
    });

    test("with JavaScript off, the forms post the page and the change waits for its link", async ({
      browser,
    }) => {
      const context = await browser.newContext({
        viewport: PHONE,
        locale: language,
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      const old = await signUp(page, `${language[0]}n`);
      await page.goto("/ask?view=account");
      const next = old.replace("acct-", "nojs-");
      await page.getByLabel(t.newEmail).fill(next);
      await page.getByRole("button", { name: t.send }).click();
      await expect(page.getByRole("status")).toHaveText(t.sent);
      await expect(page.getByTestId("email-in-use")).toContainText(old);
      await expect(page.getByTestId("email-pending")).toContainText(next);
      await expectNoSidewaysScroll(page);

      await confirmFromMail(page, next, t);

      // Any settings form answers the account as it now is.
      await page.goto("/ask?view=account");
      await page.getByRole("button", { name: t.saveLanguage }).click();
      await expect(page.getByTestId("email-in-use")).toHaveText(t.inUse(next));
      await context.close();
    });
  });
}
