import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  apiLogin,
  expectNoSeriousA11yViolations,
  loginViaApi,
  useLanguage,
} from "./helpers";

async function headers(request: APIRequestContext) {
  const { token } = await apiLogin(request);
  return { Authorization: `Bearer ${token}` };
}

async function createArticle(
  request: APIRequestContext,
  data: Record<string, unknown>,
) {
  const response = await request.post("/tjc/articles", {
    headers: await headers(request),
    data,
  });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data as { id: number; version: number };
}

test("zh-CN: the full-page editor refuses an empty title, keeps a draft through a reload, saves with Ctrl+S and asks before leaving", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  await useLanguage(page, "zh-CN");
  await loginViaApi(page, "/admin/articleEdit");
  const writes: string[] = [];
  page.on("request", (r) => {
    if (
      r.method() !== "GET" &&
      new URL(r.url()).pathname.startsWith("/tjc/articles")
    )
      writes.push(r.method());
  });
  await expect(page.getByRole("heading", { name: "新建文章" })).toBeVisible();
  const title = page.getByRole("textbox", { name: "标题", exact: true });
  // The metadata sit in their own panel beside the text.
  const panel = page.getByRole("complementary", { name: "文章信息" });
  await expect(panel.getByRole("combobox", { name: "作者" })).toBeVisible();

  // Empty, then too long: refused in the form, nothing sent.
  await title.fill("x");
  await title.fill("");
  await page.keyboard.press("Control+s");
  await expect(page.getByText("此项为必填项")).toBeVisible();
  await title.fill("长".repeat(201));
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("最多 200 个字符").first()).toBeVisible();
  await panel.getByRole("textbox", { name: "原文链接" }).fill("javascript:1");
  await page.getByRole("button", { name: "保存" }).click();
  expect(writes).toEqual([]);
  await panel.getByRole("textbox", { name: "原文链接" }).fill("");

  // A draft survives a reload.
  await title.fill(`草稿标题 ${stamp}`);
  await panel.getByRole("textbox", { name: "摘要" }).fill("草稿摘要");
  await expect(page.getByText("有未保存的修改")).toBeVisible();
  await page.waitForTimeout(500);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByText("已恢复本机未保存的草稿")).toBeVisible();
  await expect(title).toHaveValue(`草稿标题 ${stamp}`);
  await expect(panel.getByRole("textbox", { name: "摘要" })).toHaveValue(
    "草稿摘要",
  );
  await expectNoSeriousA11yViolations(page, "article editor");

  // Ctrl+S saves; the address then names the article.
  await page.keyboard.press("Control+s");
  await expect(page).toHaveURL(/\/admin\/articleEdit\?id=\d+$/);
  await expect(page.getByRole("heading", { name: "编辑文章" })).toBeVisible();
  expect(writes).toEqual(["POST"]);
  const id = Number(new URL(page.url()).searchParams.get("id"));

  // Leaving with unsaved changes asks first; dismissing stays.
  await title.fill(`改过的标题 ${stamp}`);
  await expect(page.getByText("有未保存的修改")).toBeVisible();
  let asked = "";
  page.once("dialog", (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole("link", { name: "返回文章列表" }).click();
  await expect(page).toHaveURL(/\/admin\/articleEdit\?id=\d+$/);
  expect(asked).toBe("有未保存的修改，确定要离开吗？");

  // Cmd/Ctrl+S saves the change as a second revision; the first can be restored.
  await page.keyboard.press("Control+s");
  await expect(page.getByText("有未保存的修改")).toHaveCount(0);
  const revisions = page.getByRole("list", { name: "历史版本" });
  await expect(revisions.getByRole("listitem")).toHaveCount(2);
  await revisions.getByRole("button", { name: /对比/ }).click();
  const compare = page.getByRole("dialog");
  await expect(compare.getByTestId("diff-before")).toContainText(
    `草稿标题 ${stamp}`,
  );
  await compare.getByRole("button", { name: "恢复此版本" }).click();
  await expect(title).toHaveValue(`草稿标题 ${stamp}`);
  await expect(revisions.getByRole("listitem")).toHaveCount(3);
  const stored = await (
    await page.request.get(`/tjc/articles/${id}`, {
      headers: await headers(page.request),
    })
  ).json();
  expect(stored.data.title).toBe(`草稿标题 ${stamp}`);

  // Now nothing is unsaved: leaving asks nothing.
  await page.getByRole("link", { name: "返回文章列表" }).click();
  await expect(page).toHaveURL(/\/admin\/articleManage/);
});

test("en-US: a stale save in the editor shows the other change and reloads it", async ({
  page,
}) => {
  const article = await createArticle(page.request, { title: "Shared draft" });
  await useLanguage(page, "en-US");
  await loginViaApi(page, `/admin/articleEdit?id=${article.id}`);
  const title = page.getByRole("textbox", { name: "Title", exact: true });
  await expect(title).toHaveValue("Shared draft");
  const changed = await page.request.put(`/tjc/articles/${article.id}`, {
    headers: await headers(page.request),
    data: { title: "Their version", version: article.version },
  });
  expect((await changed.json()).code).toBe(0);
  await title.fill("My version");
  await page.getByRole("button", { name: "Save" }).click();
  const dialog = page.getByRole("dialog", {
    name: "Someone else changed this",
  });
  await dialog.getByRole("button", { name: "See their change" }).click();
  const row = dialog.getByRole("row", { name: /Title/ });
  await expect(row).toContainText("My version");
  await expect(row).toContainText("Their version");
  await dialog.getByRole("button", { name: "Reload" }).click();
  await expect(title).toHaveValue("Their version");

  // A missing article says so.
  await page.goto("/admin/articleEdit?id=99999999");
  await expect(page.getByText("No such article")).toBeVisible();
});

test("zh-CN: the article list filters, exports and publishes in bulk, opens the editor, and fits a phone", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const a = await createArticle(page.request, {
    title: `列表甲 ${stamp}`,
    author: "周弟兄",
  });
  await createArticle(page.request, { title: `列表乙 ${stamp}` });
  await useLanguage(page, "zh-CN");
  await loginViaApi(page, "/admin/articleManage");
  await page.getByRole("textbox", { name: "搜索" }).fill(`列表 ${stamp}`);
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await page.getByRole("checkbox", { name: /全选/ }).check();
  await page.getByRole("button", { name: "发布", exact: true }).click();
  await expect(page.getByText("发布：2 条")).toBeVisible();
  await expect(rows.filter({ hasText: "已发布" })).toHaveCount(2);
  await page.getByRole("checkbox", { name: /全选/ }).check();
  await page.getByRole("button", { name: "归档", exact: true }).click();
  await expect(rows.filter({ hasText: "已归档" })).toHaveCount(2);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("csv-export").click(),
  ]);
  const csv = await (
    await download.createReadStream()
  )
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString("utf8"));
  expect(csv).toContain(`列表甲 ${stamp}`);
  expect(csv).toContain("周弟兄");
  await expectNoSeriousA11yViolations(page, "article list");

  await page.getByText(`列表甲 ${stamp}`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/articleEdit\\?id=${a.id}$`));
  await expect(
    page.getByRole("textbox", { name: "标题", exact: true }),
  ).toHaveValue(`列表甲 ${stamp}`);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(
    page.getByRole("textbox", { name: "标题", exact: true }),
  ).toBeVisible();
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth + 1,
    ),
  ).toBe(false);
  await page.goto("/admin/articleManage");
  await expect(rows.first()).toBeVisible();
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth + 1,
    ),
  ).toBe(false);
});
