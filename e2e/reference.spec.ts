import { expect, test, type Page } from "@playwright/test";
import { useLanguage } from "./helpers";

/**
 * The reference-data inputs in a real browser, on the no-login /test/tree page: the tree,
 * and below it the demo form with the region cascader and the country picker (the page
 * shows the code each input would save in `chosen-*` elements).
 */

async function choose(
  page: Page,
  comboboxName: string,
  typed: string,
  option: string,
) {
  const input = page.getByRole("combobox", { name: comboboxName, exact: true });
  await expect(input).toBeEnabled();
  await input.click();
  await input.fill(typed);
  await page.getByRole("option", { name: option, exact: true }).click();
}

test.beforeEach(async ({ page }) => {
  await useLanguage(page, "zh-CN");
});

test("the cascader stores 441900 for Dongguan, which has no third level", async ({
  page,
}) => {
  await page.goto("/test/tree");
  await choose(page, "省份", "广东", "广东省");
  await expect(page.getByTestId("chosen-region-code")).toHaveText("440000");
  await choose(page, "城市", "东莞", "东莞市");
  await expect(page.getByTestId("chosen-region-code")).toHaveText("441900");
  await expect(page.getByTestId("chosen-region-name")).toHaveText(
    "广东省 / 东莞市",
  );
  await expect(
    page.getByRole("combobox", { name: "区县", exact: true }),
  ).toBeDisabled();
  await expect(page.getByText("无下级地区", { exact: true })).toBeVisible();
});

test("the cascader stores 810000 for Hong Kong, which has no second level", async ({
  page,
}) => {
  await page.goto("/test/tree");
  await choose(page, "省份", "香港", "香港特别行政区");
  await expect(page.getByTestId("chosen-region-code")).toHaveText("810000");
  await expect(
    page.getByRole("combobox", { name: "城市", exact: true }),
  ).toBeDisabled();
  await expect(
    page.getByRole("combobox", { name: "区县", exact: true }),
  ).toBeDisabled();
  await expect(page.getByText("无下级地区", { exact: true })).toBeVisible();
});

/**
 * The option is the one Enter picks: shown and highlighted, as a keyboard user sees it
 * (the list filters as the letters arrive, and the highlight lands once it settles).
 */
async function expectHighlighted(page: Page, name: string): Promise<void> {
  const option = page.getByRole("option", { name, exact: true });
  await expect(option).toBeVisible();
  await expect(option).toHaveClass(/Mui-focused/);
}

test("the cascader goes down to a district from the keyboard", async ({
  page,
}) => {
  await page.goto("/test/tree");
  const province = page.getByRole("combobox", { name: "省份", exact: true });
  await expect(province).toBeEnabled();
  await province.focus();
  await page.keyboard.type("广东");
  await expectHighlighted(page, "广东省");
  await page.keyboard.press("Enter");
  const city = page.getByRole("combobox", { name: "城市", exact: true });
  await expect(city).toBeEnabled();
  await page.keyboard.press("Tab");
  await expect(city).toBeFocused();
  await page.keyboard.type("广州");
  await expectHighlighted(page, "广州市");
  await page.keyboard.press("Enter");
  const district = page.getByRole("combobox", { name: "区县", exact: true });
  await expect(district).toBeEnabled();
  await page.keyboard.press("Tab");
  await expect(district).toBeFocused();
  await page.keyboard.type("天河");
  await expectHighlighted(page, "天河区");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("chosen-region-code")).toHaveText("440106");
  await expect(page.getByTestId("chosen-region-name")).toHaveText(
    "广东省 / 广州市 / 天河区",
  );
});

test("the country picker finds a country by its English name", async ({
  page,
}) => {
  await page.goto("/test/tree");
  await choose(page, "国家或地区", "germany", "德国 Germany · DE");
  await expect(page.getByTestId("chosen-country-code")).toHaveText("DE");
});

test("/test/tree expands a level lazily", async ({ page }) => {
  const childRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/tjc/regions?parentCode="))
      childRequests.push(request.url());
  });
  await page.goto("/test/tree");
  const tree = page.getByRole("tree", { name: "行政区划" });
  const guangdong = tree.getByRole("treeitem", { name: /^广东省 / });
  await expect(guangdong).toHaveAttribute("aria-expanded", "false");
  await expect(tree.getByRole("treeitem", { name: /^东莞市 / })).toHaveCount(0);
  expect(childRequests).toEqual([]);

  await guangdong.getByText("广东省", { exact: true }).click();
  await expect(guangdong).toHaveAttribute("aria-expanded", "true");
  await expect(tree.getByRole("treeitem", { name: /^东莞市 / })).toBeVisible();
  expect(childRequests.some((url) => url.endsWith("parentCode=440000"))).toBe(
    true,
  );

  // and from the keyboard: ArrowRight opens Guangzhou
  const guangzhou = tree.getByRole("treeitem", { name: /^广州市 / });
  await guangzhou.focus();
  await page.keyboard.press("ArrowRight");
  await expect(guangzhou).toHaveAttribute("aria-expanded", "true");
  await expect(tree.getByRole("treeitem", { name: /^天河区 / })).toBeVisible();
});

test("/test/tree and its inputs speak English", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("aid-language", "en-US"));
  await page.goto("/test/tree");
  await expect(
    page.getByRole("tree", { name: "Administrative divisions" }),
  ).toBeVisible();
  await expect(
    page.getByRole("combobox", { name: "Province", exact: true }),
  ).toBeVisible();
  await choose(page, "Country or region", "德国", "Germany 德国 · DE");
  await expect(page.getByTestId("chosen-country-code")).toHaveText("DE");
});
