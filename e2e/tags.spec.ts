import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import {
  ADMIN_LOGIN,
  ADMIN_PASSWORD,
  answerAdminCode,
  apiLogin,
  loginViaApi,
} from "./helpers";

async function rowFor(page: Page, name: string) {
  return page.getByRole("row").filter({ hasText: name });
}

test("create, search, edit and delete a tag", async ({ page }) => {
  const name = `恩典${Date.now()}`;
  await loginViaApi(page, "/admin/tagManage");

  await page.getByRole("link", { name: "新建" }).click();
  await expect(page).toHaveURL("/admin/tagManage/create");
  await page.getByRole("textbox", { name: "名称", exact: true }).fill(name);
  await page.getByLabel("英文名称").fill("Grace");
  await page.getByLabel("排序").fill("7");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL("/admin/tagManage");
  await expect(page.getByText("已新建")).toBeVisible();

  await page.getByPlaceholder("搜索").fill(name);
  await expect(page).toHaveURL(/filter=/);
  await expect(page.getByRole("row")).toHaveCount(2); // header + the one match
  await (await rowFor(page, name)).getByText(name).click();
  await expect(page).toHaveURL(/\/admin\/tagManage\/\d+$/);

  await page.getByLabel("英文名称").fill("Grace (edited)");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(/\/admin\/tagManage/);
  await expect(await rowFor(page, name)).toContainText("Grace (edited)");

  // The bulk bar's buttons exist for a keyboard or a screen reader only while rows are
  // selected: folded, they are hidden, not merely of no height.
  const bulkDelete = page.getByRole("button", { name: "删除" });
  await expect(bulkDelete).toHaveCount(0);
  await (await rowFor(page, name)).getByRole("checkbox").check();
  await expect(bulkDelete).toBeVisible();
  await bulkDelete.click();
  await page.getByRole("button", { name: "确认" }).click();
  await expect(page.getByText("已删除 1 项")).toBeVisible();
  await expect(await rowFor(page, name)).toHaveCount(0);
  await expect(bulkDelete).toHaveCount(0);
});

test("validation happens in the form, before any request", async ({ page }) => {
  await loginViaApi(page, "/admin/tagManage/create");
  let posted = false;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/tjc/tags")) posted = true;
  });
  await page
    .getByRole("textbox", { name: "名称", exact: true })
    .fill("x".repeat(65));
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("最多 64 个字符")).toBeVisible();
  expect(posted).toBe(false);
});

test("a duplicate name and a stale version are refused with the server's message", async ({
  page,
  request,
}) => {
  const { token } = await apiLogin(request);
  const auth = { Authorization: `Bearer ${token}` };
  const name = `冲突${Date.now()}`;
  const created = await (
    await request.post("/tjc/tags", {
      headers: auth,
      data: { name, sortOrder: 1 },
    })
  ).json();
  await loginViaApi(page, `/admin/tagManage/${created.data.id}`);
  await expect(
    page.getByRole("textbox", { name: "名称", exact: true }),
  ).toHaveValue(name);
  // someone else saves meanwhile
  await request.put(`/tjc/tags/${created.data.id}`, {
    headers: auth,
    data: {
      name,
      nameEn: "other",
      sortOrder: 1,
      version: created.data.version,
    },
  });
  await page.getByLabel("英文名称").fill("mine");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText(/数据冲突/).first()).toBeVisible();
  await expect(page).toHaveURL(`/admin/tagManage/${created.data.id}`);
});

test("sorts by a column and exports the filtered rows as CSV", async ({
  page,
  request,
}) => {
  const { token } = await apiLogin(request);
  const stamp = Date.now();
  for (const [i, en] of ["Bravo", "Alpha", "Charlie"].entries()) {
    await request.post("/tjc/tags", {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        name: `导出${stamp}${i}`,
        nameEn: `${en}${stamp}`,
        sortOrder: 100 + i,
      },
    });
  }
  await loginViaApi(page, "/admin/tagManage");
  await page.getByPlaceholder("搜索").fill(`导出${stamp}`);
  await expect(page.getByRole("row")).toHaveCount(4);
  await page.getByRole("button", { name: "英文名称" }).click();
  await expect(page).toHaveURL(/sort=nameEn/);
  const firstCells = page.getByRole("row").nth(1);
  await expect(firstCells).toContainText(`Alpha${stamp}`);

  const downloadPromise = page.waitForEvent("download");
  await page.getByTestId("csv-export").click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(4); // header + the three matches, not the whole table
  expect(csv).toContain(`Alpha${stamp}`);
  // Headers in the admin's language; times in the browser's zone, which the header names.
  const browserZone = await page.evaluate(
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
  );
  expect(lines[0]).toContain("名称");
  const zoneShown = /^(Etc\/)?(UTC|UCT|Universal|Zulu)$/.test(browserZone)
    ? "UTC"
    : browserZone;
  expect(lines[0]).toContain(`创建时间 (${zoneShown}`);
});

// The 1.5 s budget for this path is measured by `npm run bench` (bench/admin.ts), not
// asserted here: timings belong in benchmarks, where a noisy machine cannot fail CI.
test("login lands on an interactive tags list", async ({ page, request }) => {
  const { token } = await apiLogin(request);
  await request.post("/tjc/tags", {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `登录后${Date.now()}`, sortOrder: 0 },
  });
  await page.goto("/login?toPath=%2Fadmin%2FtagManage");
  await page.locator('input[name="loginName"]').fill(ADMIN_LOGIN);
  await page.locator('input[name="password"]').fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "登录" }).click();
  await answerAdminCode(page);
  await expect(page).toHaveURL(/\/admin\/tagManage/);
  await expect(page.getByPlaceholder("搜索")).toBeEditable();
  await expect(page.getByRole("row").nth(1)).toBeVisible();
});
