import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers";

/**
 * The password-reset pages of the community site (issue 24 item 2), as a visitor on a
 * phone meets them in both languages: bad input is refused at its field, a forged link is
 * refused plainly, axe finds nothing serious, and nothing sideways scrolls. With
 * JavaScript off the request posts, and the address never reaches a URL. (Reading a real
 * link from a received message is covered by server/routes/auth/password-reset.test.ts,
 * on a local SMTP server.)
 */
const T = {
  "zh-CN": {
    email: "邮箱",
    send: "发送链接",
    sent: /重设密码的链接已经发出/,
    password: "新密码",
    save: "保存新密码",
  },
  "en-US": {
    email: "E-mail",
    send: "Send the link",
    sent: /a link to reset the password is on its way/,
    password: "New password",
    save: "Save the new password",
  },
} as const;

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

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
      await noSidewaysScroll(page);

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
      await noSidewaysScroll(page);
    });
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
