import { expect, test, type Browser, type Page } from "@playwright/test";
import { loginViaApi, useLanguage } from "./helpers";

/**
 * Issue 25 item 14: on 事工配置 (/admin/configManage) the add button under 社交账号 and
 * 每周聚会时间 replaced the page with "SimpleFormIteratorItem must be used in a
 * ResourceContextProvider". A person adds a social link and a service time, saves,
 * reloads and finds them, in both languages.
 */

// Every test here writes the one ministry record: one after another, never side by side
// (the stale-save test from settings-stale.spec.ts failed beside these in a second worker).
test.describe.configure({ mode: "serial", timeout: 120_000 });

const WORDS = {
  "zh-CN": {
    add: "增加",
    platform: "平台",
    wechat: "微信",
    label: "名称",
    name: "名称",
    url: "链接",
    day: "星期",
    sunday: "星期日",
    time: "时间",
    serviceName: "聚会名称",
    place: "地点",
    save: "保存",
    saved: "已保存",
  },
  "en-US": {
    add: "Add",
    platform: "Platform",
    wechat: "WeChat",
    label: "Label",
    name: "Name",
    url: "Link",
    day: "Day",
    sunday: "Sunday",
    time: "Time",
    serviceName: "Service name",
    place: "Place",
    save: "Save",
    saved: "Saved",
  },
} as const;

/** The block of one repeated input (its label, its rows, its add button). */
function arrayBlock(page: Page, source: string) {
  return page.locator(`[class~="ra-input-${source}"]`);
}

for (const language of ["zh-CN", "en-US"] as const) {
  test(`${language}: add a social link and a service time, save, reload and see them`, async ({
    page,
  }) => {
    const w = WORDS[language];
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await useLanguage(page, language);
    await loginViaApi(page, "/admin/configManage");
    await expect(page.getByRole("button", { name: w.save })).toBeVisible({
      timeout: 20_000,
    });
    const stamp = `${language}-${Date.now().toString(36)}`;
    // A fresh store has no name yet, and the name is required.
    await page
      .getByRole("textbox", { name: w.name, exact: true })
      .first()
      .fill(`Lampstand ${stamp}`);

    const social = arrayBlock(page, "contact.socialLinks");
    await social.getByRole("button", { name: w.add }).click();
    // The other language's run may have saved a row already: fill the new, last one.
    const link = social.getByRole("listitem").last();
    await expect(
      page.getByText(/SimpleFormIteratorItem|页面出错了/),
    ).toHaveCount(0);
    await link.getByRole("combobox", { name: w.platform }).click();
    await page.getByRole("option", { name: w.wechat }).click();
    await link.getByRole("textbox", { name: w.label }).fill(`acct ${stamp}`);
    await link
      .getByRole("textbox", { name: w.url })
      .fill(`https://example.org/${stamp}`);

    const services = arrayBlock(page, "services");
    await services.getByRole("button", { name: w.add }).click();
    const service = services.getByRole("listitem").last();
    await service.getByRole("combobox", { name: w.day }).click();
    await page.getByRole("option", { name: w.sunday }).click();
    await service.getByLabel(w.time, { exact: true }).fill("09:30");
    await service
      .getByRole("textbox", { name: w.serviceName })
      .fill(`Worship ${stamp}`);
    await service.getByRole("textbox", { name: w.place }).fill("Main hall");

    await page.getByRole("button", { name: w.save }).click();
    await expect(page.getByText(w.saved, { exact: true })).toBeVisible();

    await page.reload();
    const savedLink = arrayBlock(page, "contact.socialLinks")
      .getByRole("listitem")
      .last();
    const savedService = arrayBlock(page, "services")
      .getByRole("listitem")
      .last();
    await expect(savedLink.getByRole("textbox", { name: w.label })).toHaveValue(
      `acct ${stamp}`,
      { timeout: 20_000 },
    );
    await expect(savedLink.getByRole("textbox", { name: w.url })).toHaveValue(
      `https://example.org/${stamp}`,
    );
    await expect(
      savedService.getByRole("textbox", { name: w.serviceName }),
    ).toHaveValue(`Worship ${stamp}`);
    await expect(savedService.getByLabel(w.time, { exact: true })).toHaveValue(
      "09:30",
    );
    const published = await (
      await page.request.get("/tjc/public/ministry")
    ).json();
    expect(published.data.contact.socialLinks).toContainEqual(
      expect.objectContaining({
        platform: "wechat",
        url: `https://example.org/${stamp}`,
      }),
    );
    expect(published.data.services).toContainEqual(
      expect.objectContaining({ day: "sunday", time: "09:30" }),
    );
    expect(errors).toEqual([]);
  });
}

async function tab(browser: Browser, path: string): Promise<Page> {
  const page = await browser.newPage();
  await useLanguage(page, "en-US");
  await loginViaApi(page, path);
  return page;
}

/**
 * Issue 25 item 18: a stale save on 事工配置 showed only a toast. Two tabs: the second
 * saves first, the first then meets the stale-version dialog with its typed text kept.
 */
test("事工配置 / Ministry configuration: a stale save opens the dialog; reload takes the other tab's save", async ({
  browser,
}) => {
  const first = await tab(browser, "/admin/configManage");
  const second = await tab(browser, "/admin/configManage");
  const name = (page: Page) =>
    page.getByRole("textbox", { name: "Name", exact: true }).first();
  await expect(name(first)).toBeVisible({ timeout: 20_000 });
  await expect(name(second)).toBeVisible({ timeout: 20_000 });

  await name(second).fill("Second tab church");
  await second.getByRole("button", { name: "Save" }).click();
  await expect(second.getByText("Saved", { exact: true })).toBeVisible();

  await name(first).fill("First tab church");
  await first.getByRole("button", { name: "Save" }).click();
  const dialog = first.getByRole("dialog", {
    name: "Someone else changed this",
  });
  await expect(dialog).toBeVisible();
  // Until the user chooses, what they typed stays (behind the modal, out of the a11y tree).
  await expect(first.locator('input[name="identity.name"]')).toHaveValue(
    "First tab church",
  );
  await dialog.getByRole("button", { name: "Reload" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(name(first)).toHaveValue("Second tab church");
});
