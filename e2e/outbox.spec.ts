import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  apiLogin,
  expectNoSeriousA11yViolations,
  loginViaApi,
  useLanguage,
} from "./helpers";

/**
 * /admin/system/mailOutbox (issue 24 item 1): the e2e server sends over real SMTP to the
 * mail sink of scripts/e2e.mjs, which refuses @refused.example.org. A delivered reset is
 * listed as sent; a refused one as failed, and its row says why. The spec waits for the
 * worker through the API and then opens the page once (a reload loop with a short wait
 * never settles on a loaded machine). The list filters by recipient, a recipient filter
 * past its limit is refused with the server's reason, and the page passes axe on a
 * desktop and a phone, in both languages.
 */
const T = {
  "zh-CN": {
    title: "邮件发件箱",
    recipient: "收件人",
    sent: "已发送",
    failed: "发送失败",
    noError: "没有失败记录",
  },
  "en-US": {
    title: "Mail outbox",
    recipient: "Recipient",
    sent: "Sent",
    failed: "Failed",
    noError: "No failure recorded",
  },
} as const;

/** A staff account with an address at `domain`, and one reset message queued for it. */
async function queueReset(
  request: APIRequestContext,
  domain: string,
): Promise<string> {
  const { token } = await apiLogin(request);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `outbox${stamp}@${domain}`;
  const created = await (
    await request.post("/tjc/system/users", {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        loginName: `outbox${stamp}`,
        userName: `发件箱${stamp}`,
        password: "lamp-on-a-stand-e2e",
        email,
        roleIds: [],
      },
    })
  ).json();
  expect(created.code, JSON.stringify(created)).toBe(0);
  const reset = await (
    await request.post("/tjc/auth/password-reset", { data: { email } })
  ).json();
  expect(reset.code).toBe(0);
  return email;
}

/** The status of the one message to `recipient`, as GET /tjc/system/outbox lists it. */
async function outboxStatus(
  request: APIRequestContext,
  recipient: string,
): Promise<string | undefined> {
  const { token } = await apiLogin(request);
  const listed = await (
    await request.get(
      `/tjc/system/outbox?filter=${encodeURIComponent(JSON.stringify({ recipient }))}`,
      { headers: { Authorization: `Bearer ${token}` } },
    )
  ).json();
  expect(listed.code, JSON.stringify(listed)).toBe(0);
  return listed.data.list[0]?.status;
}

for (const language of ["zh-CN", "en-US"] as const) {
  const t = T[language];

  test(`${language}: a sent and a refused message are listed, opened, filtered; a bad filter is refused; axe on a phone`, async ({
    page,
    request,
  }) => {
    const delivered = await queueReset(request, "example.org");
    const email = await queueReset(request, "refused.example.org");
    await useLanguage(page, language);
    await loginViaApi(page, "/admin");
    const open = async (recipient: string) => {
      await page.goto(
        `/admin/system/mailOutbox?filter=${encodeURIComponent(JSON.stringify({ recipient }))}`,
      );
      await expect(
        page.getByRole("heading", { name: t.title, level: 1 }),
      ).toBeVisible();
    };

    // Delivered: sent, with no failure, once the worker has sent it.
    await expect
      .poll(() => outboxStatus(request, delivered), { timeout: 30_000 })
      .toBe("sent");
    await open(delivered);
    const sentRow = page.getByRole("row").filter({ hasText: delivered });
    await expect(sentRow.getByText(t.sent, { exact: true })).toBeVisible();
    await sentRow.getByText(delivered).click();
    await expect(page.getByText(t.noError)).toBeVisible();

    // Refused by the mail server: failed at once (a 550 is not retried), and says why.
    await expect
      .poll(() => outboxStatus(request, email), { timeout: 30_000 })
      .toBe("failed");
    await open(email);
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row.getByText(t.failed, { exact: true })).toBeVisible();
    // The body, which held the one-time link, is never on the page.
    await expect(page.getByText(/token=/)).toHaveCount(0);
    await row.getByText(email).click();
    await expect(page.getByText(/550/).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, `outbox ${language}`);

    // A phone opens the page at its own size (the menu is then a drawer, closed).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(row).toHaveCount(1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, `outbox ${language}, phone`);

    // Past the recipient filter's 254 characters: refused with 40000, and the page shows
    // the server's reason and no rows.
    const { token } = await apiLogin(request);
    const tooLong = await (
      await request.get(
        `/tjc/system/outbox?filter=${encodeURIComponent(JSON.stringify({ recipient: "a".repeat(300) }))}`,
        { headers: { Authorization: `Bearer ${token}` } },
      )
    ).json();
    expect(tooLong.code).toBe(40000);
    const filter = page.locator('input[name="recipient"]');
    await expect(filter).toHaveAccessibleName(t.recipient);
    await filter.fill("a".repeat(300));
    await expect(page.getByRole("alert").first()).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(
      0,
    );
  });
}
