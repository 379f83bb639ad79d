import { expect, test, type Page } from "@playwright/test";
import { apiLogin, loginViaApi, useLanguage } from "./helpers";

/**
 * Issue 25 item 16: the sermon, audio, video, document, article and believer lists had no
 * "添加筛选 / Add filter" button, so the filters docs/content.md and docs/believers.md
 * describe (preacher, series, tag, passage, dates; gender, congregation, region…) could
 * not be reached. A person opens the button, picks a filter and narrows the list.
 */

test.describe.configure({ timeout: 120_000 });

const stamp = () =>
  `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Opens "add filter" and picks one filter by its name. */
async function addFilter(page: Page, button: string, filter: string) {
  await page.getByRole("button", { name: button, exact: true }).click();
  await page
    .getByRole("menuitemcheckbox", { name: filter, exact: true })
    .click();
}

test("sermons: 添加筛选 → 讲员 narrows the list to that preacher", async ({
  page,
  request,
}) => {
  const tag = stamp();
  const { token } = await apiLogin(request);
  for (const preacher of [`甲${tag}`, `乙${tag}`]) {
    const answer = await (
      await request.post("/tjc/sermons", {
        headers: { Authorization: `Bearer ${token}` },
        data: { title: `讲章 ${tag} ${preacher}`, preacher },
      })
    ).json();
    expect(answer.code, JSON.stringify(answer)).toBe(0);
  }
  await useLanguage(page, "zh-CN");
  await loginViaApi(page, "/admin/sermonManage");
  await page.getByPlaceholder("搜索").fill(tag);
  await expect(page.getByRole("row")).toHaveCount(3);

  await addFilter(page, "添加筛选", "讲员");
  await page.getByRole("combobox", { name: "讲员" }).fill(`甲${tag}`);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(
    page.getByRole("cell", { name: `讲章 ${tag} 甲${tag}` }),
  ).toBeVisible();
});

test("believers: Add filter → Gender narrows the list to one gender", async ({
  page,
  request,
}) => {
  const tag = stamp();
  const { token } = await apiLogin(request);
  for (const gender of ["male", "female"]) {
    const answer = await (
      await request.post("/tjc/disciples", {
        headers: { Authorization: `Bearer ${token}` },
        data: { name: `${gender} ${tag}`, gender, status: "active" },
      })
    ).json();
    expect(answer.code, JSON.stringify(answer)).toBe(0);
  }
  await useLanguage(page, "en-US");
  await loginViaApi(page, "/admin/discipleManage");
  await page.getByPlaceholder("Search").fill(tag);
  await expect(page.getByRole("row")).toHaveCount(3);

  await addFilter(page, "Add filter", "Gender");
  await page.getByRole("combobox", { name: "Gender" }).click();
  await page.getByRole("option", { name: "Female" }).click();
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("cell", { name: `female ${tag}` })).toBeVisible();
});

test("every content list offers add filter", async ({ page }) => {
  await useLanguage(page, "en-US");
  await loginViaApi(page, "/admin");
  for (const path of [
    "sermonManage",
    "audioManage",
    "videoManage",
    "docManage",
    "articleManage",
    "discipleManage",
  ]) {
    // With a search applied the list shows its toolbar even on an empty store, where
    // react-admin would otherwise show its "no records yet" page instead.
    await page.goto(
      `/admin/${path}?filter=${encodeURIComponent(JSON.stringify({ q: "无此内容" }))}`,
    );
    await expect(
      page.getByRole("button", { name: "Add filter", exact: true }),
      path,
    ).toBeVisible({ timeout: 20_000 });
  }
});
