import { readFileSync } from "node:fs";
import iconv from "iconv-lite";
import { expect, test, type Page } from "@playwright/test";
import {
  apiLogin,
  clickThrough,
  expectNoSeriousA11yViolations,
  loginViaApi,
  useLanguage,
} from "./helpers";

/**
 * Believers (/admin/discipleManage), their CSV import (/admin/discipleManage/import) and
 * the ministry configuration (/admin/configManage): bad input and good, a stale version,
 * axe, and a 390×844 phone. The end-to-end flow imports a CSV with errors and duplicates.
 */

// Each test walks a whole screen with axe more than once.
test.describe.configure({ timeout: 120_000 });

const stamp = () =>
  `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function expectNoCrash(page: Page) {
  await expect(page.getByText(/Something went wrong|页面出错了/)).toHaveCount(
    0,
  );
}

function watchWrites(page: Page, prefix: string) {
  const writes: string[] = [];
  page.on("request", (r) => {
    if (r.method() !== "GET" && new URL(r.url()).pathname.startsWith(prefix))
      writes.push(r.url());
  });
  return writes;
}

test("believers form: bad input is refused before any request, good input saves, a stale version is refused", async ({
  page,
  request,
}) => {
  await useLanguage(page, "zh-CN");
  await loginViaApi(page, "/admin/discipleManage/create");
  const writes = watchWrites(page, "/tjc/disciples");
  const name = page.getByRole("textbox", { name: "姓名", exact: true });
  const phone = page.getByRole("textbox", { name: "电话", exact: true });
  const email = page.getByRole("textbox", { name: "电子邮箱", exact: true });
  const save = page.getByRole("button", { name: "保存" });
  await expect(name).toBeVisible();
  await expectNoSeriousA11yViolations(page, "believer create");

  await name.fill("x");
  await name.fill("");
  await phone.fill("call me");
  await email.fill("nope");
  await save.click();
  await expect(page.getByText("此项为必填项")).toBeVisible();
  await name.fill("长".repeat(65));
  await save.click();
  await expect(page.getByText("最多 64 个字符")).toBeVisible();
  await expectNoCrash(page);
  expect(writes).toEqual([]);

  const who = `信徒${stamp()}`;
  await name.fill(who);
  await phone.fill("13812345678");
  await email.fill("believer@example.org");
  await save.click();
  await expect(page).toHaveURL(/\/admin\/discipleManage$/);
  await page.getByPlaceholder("搜索").fill(who);
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("cell", { name: "13812345678" })).toBeVisible();

  // Someone else saves first: this page's version is stale.
  await clickThrough(
    page,
    page.getByRole("cell", { name: who }),
    /\/admin\/discipleManage\/\d+/,
  );
  await expect(name).toHaveValue(who);
  const { token } = await apiLogin(request);
  const list = await (
    await request.get(
      `/tjc/disciples?filter=${encodeURIComponent(JSON.stringify({ q: who }))}`,
      { headers: { authorization: `Bearer ${token}` } },
    )
  ).json();
  const record = list.data.list[0];
  const changed = await (
    await request.put(`/tjc/disciples/${record.id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { name: who, notes: "elsewhere", version: record.version },
    })
  ).json();
  expect(changed.code).toBe(0);
  await page.getByRole("textbox", { name: "备注" }).fill("here");
  await save.click();
  await expect(page.getByText(/数据冲突/).first()).toBeVisible();
  await expectNoCrash(page);
});

test("believers list: summary bar, status filter, CSV export, a11y, in English", async ({
  page,
  request,
}) => {
  const { token } = await apiLogin(request);
  const tag = stamp();
  for (const [name, status] of [
    [`Moved ${tag}`, "moved"],
    [`Active ${tag}`, "active"],
  ])
    await request.post("/tjc/disciples", {
      headers: { authorization: `Bearer ${token}` },
      data: { name, status, phone: "13900001111" },
    });
  await useLanguage(page, "en-US");
  await loginViaApi(page, "/admin/discipleManage");
  const summary = page.getByRole("status", { name: "Counts by status" });
  await expect(summary).toContainText("Moved away");
  await expect(summary).toContainText(/\d+ in all/);
  await page.getByPlaceholder("Search").fill(tag);
  await expect(page.getByRole("row")).toHaveCount(3);
  await expectNoSeriousA11yViolations(page, "believers list");

  const download = page.waitForEvent("download");
  await page.getByTestId("csv-export").click();
  const csv = readFileSync((await (await download).path())!, "utf8");
  expect(csv.trim().split(/\r?\n/)).toHaveLength(3);
  expect(csv).toContain("Phone");
  expect(csv).toContain("13900001111");
});

test("import a CSV of believers with errors and duplicates, end to end", async ({
  page,
  request,
}) => {
  const tag = stamp();
  const { token } = await apiLogin(request);
  // Already stored: the file's first row repeats them (same name and phone).
  await request.post("/tjc/disciples", {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `重复${tag}`, phone: "13700001111", status: "active" },
  });
  const csv = [
    "姓名,电话,电子邮箱,状态",
    `重复${tag},137-0000-1111,,已迁出`, // duplicate of the stored one
    `新人甲${tag},13700002222,a@example.org,在籍`, // valid
    `新人乙${tag},,,`, // valid
    `,13700003333,,`, // no name
    `坏邮箱${tag},13700004444,not-mail,在籍`, // bad email
  ].join("\r\n");
  // Saved as Chinese Excel saves it: GB18030.
  const file = iconv.encode(csv + "\r\n", "gb18030");

  await useLanguage(page, "zh-CN");
  await loginViaApi(page, "/admin/discipleManage");
  await page.getByRole("link", { name: "导入 CSV" }).click();
  await expect(page).toHaveURL(/\/admin\/discipleManage\/import$/);
  await expectNoSeriousA11yViolations(page, "import, empty");

  // Bad input: no file yet.
  await page.getByRole("button", { name: "检查文件" }).click();
  await expect(page.getByText("请先选择一个 CSV 文件")).toBeVisible();

  await page
    .getByLabel("CSV 文件")
    .setInputFiles({ name: "信徒.csv", mimeType: "text/csv", buffer: file });
  await page.getByRole("button", { name: "检查文件" }).click();
  const counts = page.getByText(/共 5 行/);
  await expect(counts).toContainText(
    "3 行有效，2 行有错误，1 行与已有信徒重复",
  );
  // The guessed mapping is shown for each column.
  await expect(page.getByText("文件中的列“电子邮箱”")).toBeVisible();
  await expect(
    page.getByRole("cell", { name: /与已有信徒 #\d+ 重复/ }),
  ).toBeVisible();
  await expect(
    page.getByRole("cell", { name: /姓名: 此项为必填项/ }),
  ).toBeVisible();
  await expect(page.getByRole("cell", { name: /电子邮箱:/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "import, preview");

  // Skip the duplicate: two rows go in.
  await expect(page.getByRole("radio", { name: "跳过" })).toBeChecked();
  await page.getByRole("button", { name: "导入 2 行" }).click();
  await expect(
    page.getByText(
      "导入完成：新增 2 人，更新 0 人，跳过 1 行，2 行有错误未导入",
    ),
  ).toBeVisible();
  await page.getByRole("link", { name: "返回信徒列表" }).click();
  await page.getByPlaceholder("搜索").fill(tag);
  await expect(page.getByRole("row")).toHaveCount(4); // header + stored + two new
  await expect(page.getByRole("cell", { name: `新人甲${tag}` })).toBeVisible();
  // The duplicate was skipped: still active, not moved.
  const row = page.getByRole("row").filter({ hasText: `重复${tag}` });
  await expect(row).toContainText("在籍");
  await expectNoCrash(page);
});

test("ministry configuration: empty and too long are refused, good input saves, a stale version is refused", async ({
  page,
  request,
}) => {
  await useLanguage(page, "en-US");
  await loginViaApi(page, "/admin/configManage");
  const writes = watchWrites(page, "/tjc/ministry-config");
  const name = page.getByRole("textbox", { name: "Name", exact: true });
  const save = page.getByRole("button", { name: "Save" });
  await expect(name).toBeVisible();
  await expectNoSeriousA11yViolations(page, "ministry config");

  await name.fill("x");
  await name.fill("");
  await save.click();
  await expect(page.getByText("This field is required")).toBeVisible();
  await name.fill("L".repeat(101));
  await save.click();
  await expect(page.getByText("Enter at most 100 characters")).toBeVisible();
  expect(writes).toEqual([]);

  const title = `True Jesus Church ${stamp()}`;
  await name.fill(title);
  await page
    .getByRole("textbox", { name: "Short description" })
    .fill("Welcome");
  await save.click();
  await expect(page.getByText("Saved")).toBeVisible();
  const published = await (await request.get("/tjc/public/ministry")).json();
  expect(published.data.identity.name).toBe(title);

  // Someone else saves: this page's version is stale.
  const { token } = await apiLogin(request);
  const current = await (
    await request.get("/tjc/ministry-config", {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
  const { updatedAt: _a, updatedBy: _b, ...body } = current.data;
  const other = await (
    await request.put("/tjc/ministry-config", {
      headers: { authorization: `Bearer ${token}` },
      data: body,
    })
  ).json();
  expect(other.code).toBe(0);
  await name.fill(`${title} 2`);
  await save.click();
  await expect(
    page.getByText(/Conflict: the record was changed/).first(),
  ).toBeVisible();
  await expectNoCrash(page);
});

test("on a 390×844 phone each screen fits and passes axe", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useLanguage(page, "zh-CN");
  await loginViaApi(page, "/admin");
  for (const path of [
    "/admin/discipleManage",
    "/admin/discipleManage/create",
    "/admin/discipleManage/import",
    "/admin/configManage",
  ]) {
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousA11yViolations(page, `phone ${path}`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});
