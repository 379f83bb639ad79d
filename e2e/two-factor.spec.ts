import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { codeAt, stepNow } from "./admin-session";
import {
  E2E_USER_PASSWORD,
  createUserWithRole,
  expectNoSeriousA11yViolations,
  useLanguage,
} from "./helpers";

/**
 * Two-factor login (issue 24 item 5): a new administrator's first login leads through
 * enrolment (QR code, secret, one code, ten recovery codes shown once), and their next
 * login asks for a code. On a 390×844 phone, in both languages, with axe.
 */
const TEXT = {
  "zh-CN": {
    title: "启用两步验证",
    required: "请输入验证码",
    wrong: "验证码不正确",
    confirm: "启用",
    continue: "我已保存，继续",
    otp: "两步验证码",
    qr: "两步验证二维码",
    download: "下载为文本文件",
  },
  "en-US": {
    title: "Set up two-factor login",
    required: "Enter the code",
    wrong: "The code is wrong",
    confirm: "Turn on",
    continue: "I have saved them, continue",
    otp: "Two-factor code",
    qr: "Two-factor QR code",
    download: "Download as a text file",
  },
} as const;

for (const language of ["zh-CN", "en-US"] as const) {
  test(`enrolment, then the first two-factor login (${language}, phone)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const text = TEXT[language];
    const loginName = `tf-${language.slice(0, 2)}-${Date.now()}`;
    await createUserWithRole(request, "admin", loginName);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: language,
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await useLanguage(page, language);

    await page.goto("/login");
    await page.locator('input[name="loginName"]').fill(loginName);
    await page.locator('input[name="password"]').fill(E2E_USER_PASSWORD);
    await page.locator('button[type="submit"]').click();
    // The admin role requires two-factor login: this session can only enrol.
    await expect(page).toHaveURL("/admin/two-factor");
    await expect(
      page.getByRole("heading", { name: text.title, level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole("img", { name: text.qr })).toBeVisible();
    const secret = (
      (await page.getByTestId("totp-secret").textContent()) ?? ""
    ).replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);

    // Anything else answers 40301, and the app comes back here.
    await page.goto("/admin/tagManage");
    await expect(page).toHaveURL("/admin/two-factor");

    const confirm = page.getByRole("button", { name: text.confirm });
    const code = page.locator('input[name="otp"]');
    await confirm.click();
    await expect(page.getByText(text.required)).toBeVisible();
    const step = stepNow();
    const right = codeAt(secret, step);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    await code.fill(wrong);
    await confirm.click();
    await expect(page.getByText(text.wrong)).toBeVisible();
    await code.fill(right);
    await confirm.click();

    const codes = page.getByTestId("recovery-codes").locator("li");
    await expect(codes).toHaveCount(10);
    const shown = await codes.allTextContents();
    expect(new Set(shown).size).toBe(10);
    const downloaded = page.waitForEvent("download");
    await page.getByRole("button", { name: text.download }).click();
    const file = readFileSync(await (await downloaded).path(), "utf8");
    for (const recovery of shown) expect(file).toContain(recovery);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: text.continue }).click();
    await expect(page).toHaveURL("/admin");

    // The next login asks for a code, and takes one (a later step than enrolment's).
    await page.evaluate(() => localStorage.removeItem("token"));
    await page.goto("/login");
    await page.locator('input[name="loginName"]').fill(loginName);
    await page.locator('input[name="password"]').fill(E2E_USER_PASSWORD);
    await page.locator('button[type="submit"]').click();
    const otp = page.getByLabel(text.otp);
    await expect(otp).toBeVisible();
    await expect(otp).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await otp.fill(codeAt(secret, step + 1));
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL("/admin");
    await context.close();
  });
}
