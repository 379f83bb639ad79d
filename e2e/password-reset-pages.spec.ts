import { expect, test } from "@playwright/test";
import {
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
} from "./helpers";
import { linkFromMail, waitForMail } from "./mail";

/**
 * The password-reset pages of the community site (issue 24 item 2), as a visitor on a
 * phone meets them in both languages: bad input is refused at its field, a forged link is
 * refused plainly, axe finds nothing serious, and nothing sideways scrolls. With
 * JavaScript off the request posts, and the address never reaches a URL. A member who
 * forgot their password gets the link by real SMTP (scripts/e2e.mjs runs the mail server),
 * opens it, chooses a new password and logs in with it; the session they had is ended and
 * the link works once.
 */
const T = {
  "zh-CN": {
    email: "邮箱",
    send: "发送链接",
    sent: /重设密码的链接已经发出/,
    password: "新密码",
    save: "保存新密码",
    subject: /重设密码/,
    done: "密码已更新，请用新密码登录。",
    login: "登录",
  },
  "en-US": {
    email: "E-mail",
    send: "Send the link",
    sent: /a link to reset the password is on its way/,
    password: "New password",
    save: "Save the new password",
    subject: /reset your password/,
    done: "Your password is changed. Log in with the new one.",
    login: "Log in",
  },
} as const;

for (const language of ["zh-CN", "en-US"] as const) {
  const t = T[language];
  test.describe(language, () => {
    test.use({ locale: language, viewport: { width: 390, height: 844 } });

    test("forgot: a malformed address is refused at its field; a good one is answered the same whoever owns it", async ({
      page,
    }) => {
      await page.goto("/ask?view=forgot");
      const email = page.getByRole("textbox", { name: t.email });
      await email.fill("not-an-address");
      await page.getByRole("button", { name: t.send }).click();
      await expect(page.locator("#forgot-email-error")).toBeVisible();
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expectNoSeriousA11yViolations(page, `forgot, refused, ${language}`);
      await expectNoSidewaysScroll(page);

      await email.fill(`nobody${Date.now()}@example.org`);
      await page.getByRole("button", { name: t.send }).click();
      await expect(page.getByRole("status")).toHaveText(t.sent);
      await expectNoSeriousA11yViolations(page, `forgot, sent, ${language}`);
    });

    test("reset: a weak password is refused at its field, a forged link plainly", async ({
      page,
    }) => {
      await page.goto("/ask?view=reset&token=forged-token-for-the-e2e");
      const password = page.getByLabel(t.password);
      await password.fill("a1");
      await page.getByRole("button", { name: t.save }).click();
      await expect(page.locator("#reset-password-error")).toBeVisible();
      await expect(password).toHaveAttribute("aria-invalid", "true");
      await expectNoSeriousA11yViolations(page, `reset, weak, ${language}`);

      await password.fill("lamp-on-a-stand-2026");
      await page.getByRole("button", { name: t.save }).click();
      await expect(page.getByRole("alert").first()).toBeVisible();
      await expect(page.getByRole("status")).toHaveCount(0);
      await expectNoSidewaysScroll(page);
    });
  });
}

for (const language of ["zh-CN", "en-US"] as const) {
  const t = T[language];
  test(`${language}: a member resets a forgotten password from the e-mail's link`, async ({
    browser,
  }) => {
    const phone = { viewport: { width: 390, height: 844 }, locale: language };
    const stamp = `${Date.now().toString(36)}${language === "zh-CN" ? "z" : "e"}`;
    const loginName = `reset${stamp}`;
    const address = `reset-${stamp}@example.org`;

    // A member who signed up with an address, signed in on one device...
    const device = await browser.newContext(phone);
    const signedIn = await device.newPage();
    await signedIn.goto("/ask?view=signup");
    await signedIn.locator('input[name="loginName"]').fill(loginName);
    await signedIn.locator('input[name="userName"]').fill(`重设${stamp}`);
    await signedIn.locator('input[name="password"]').fill("grace2026-old");
    await signedIn.locator('input[name="email"]').fill(address);
    await signedIn.locator('main form button[type="submit"]').click();
    await expect(signedIn).toHaveURL(/\/ask$/);
    await expect(
      signedIn.getByRole("link", { name: `重设${stamp}` }),
    ).toBeVisible();

    // ...asks for a link on another...
    const other = await browser.newContext(phone);
    const page = await other.newPage();
    await page.goto("/ask?view=forgot");
    await page.getByRole("textbox", { name: t.email }).fill(address);
    await page.getByRole("button", { name: t.send }).click();
    await expect(page.getByRole("status")).toHaveText(t.sent);

    // ...reads it in their inbox, in their language, and opens it.
    const mail = await waitForMail(address, 15_000, t.subject);
    expect(mail.subject).toMatch(t.subject);
    expect(mail.text).toContain(loginName);
    const link = linkFromMail(mail);
    expect(mail.html).toContain(link.replace(/&/g, "&amp;"));
    await page.goto(link);
    await page.getByLabel(t.password).fill("grace2026-new");
    await page.getByRole("button", { name: t.save }).click();
    await expect(page.getByRole("status")).toHaveText(t.done);
    await expectNoSeriousA11yViolations(page, `reset done, ${language}`);
    await expectNoSidewaysScroll(page);

    // The new password logs in; the other device was signed out.
    await page.goto("/ask?view=login");
    await page.locator('input[name="loginName"]').fill(loginName);
    await page.locator('input[name="password"]').fill("grace2026-new");
    await page.locator('main form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/ask$/);
    await expect(
      page.getByRole("link", { name: `重设${stamp}` }),
    ).toBeVisible();
    await signedIn.reload();
    await expect(
      signedIn.getByRole("link", { name: `重设${stamp}` }),
    ).toHaveCount(0);

    // The link worked once.
    await page.goto(link);
    await page.getByLabel(t.password).fill("grace2026-again");
    await page.getByRole("button", { name: t.save }).click();
    await expect(page.getByRole("alert").first()).toBeVisible();
    await expect(page.getByRole("status")).toHaveCount(0);
    await device.close();
    await other.close();
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, locale: "en-US" });

  test("the request posts, and the address never reaches a URL", async ({
    page,
  }) => {
    const address = `nojs${Date.now()}@example.org`;
    const urls: string[] = [];
    page.on("request", (request) => urls.push(request.url()));
    page.on("framenavigated", (frame) => urls.push(frame.url()));
    await page.goto("/ask?view=forgot");
    await page.getByRole("textbox", { name: "E-mail" }).fill(address);
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect(page.getByRole("status")).toHaveText(T["en-US"].sent);
    const encoded = encodeURIComponent(address);
    expect(
      urls.filter((url) => url.includes(address) || url.includes(encoded)),
    ).toEqual([]);
  });
});
