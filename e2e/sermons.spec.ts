import {
  expect,
  test,
  type APIRequestContext,
  type Page,
} from "@playwright/test";
import {
  apiLogin,
  expectNoSeriousA11yViolations,
  loginViaApi,
  useLanguage,
} from "./helpers";

const PASSWORD = "lamp-on-a-stand-e2e";

async function adminHeaders(request: APIRequestContext) {
  const { token } = await apiLogin(request);
  return { Authorization: `Bearer ${token}` };
}

async function createSermon(
  request: APIRequestContext,
  data: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  const response = await request.post("/tjc/sermons", {
    headers: headers ?? (await adminHeaders(request)),
    data,
  });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data as { id: number; version: number; title: string };
}

/** Another editor, for "my sermons" (the e2e administrator is the one logged in). */
async function otherEditor(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const roles = await (
    await request.get(
      `/tjc/system/roles?filter=${encodeURIComponent(JSON.stringify({ code: "editor" }))}`,
      { headers },
    )
  ).json();
  const loginName = `sermon-editor-${Date.now()}`;
  const created = await (
    await request.post("/tjc/system/users", {
      headers,
      data: {
        loginName,
        userName: loginName,
        password: PASSWORD,
        roleIds: [roles.data.list[0].id],
      },
    })
  ).json();
  expect(created.code, JSON.stringify(created)).toBe(0);
  const session = await (
    await request.post("/tjc/auth/login", {
      data: { loginName, password: PASSWORD },
    })
  ).json();
  return { Authorization: `Bearer ${session.data.token}` };
}

function watchWrites(page: Page) {
  const writes: string[] = [];
  page.on("request", (r) => {
    if (
      r.method() !== "GET" &&
      new URL(r.url()).pathname.startsWith("/tjc/sermons")
    )
      writes.push(`${r.method()} ${r.url()}`);
  });
  return writes;
}

test("zh-CN: the sermon form refuses bad input before any request, suggests preachers, saves, keeps revisions and restores one", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  await createSermon(page.request, {
    title: `已有讲道 ${stamp}`,
    preacher: `黄传道${stamp}`,
  });
  await useLanguage(page, "zh-CN");
  await loginViaApi(page, "/admin/sermonManage/create");
  const writes = watchWrites(page);
  const title = page.getByRole("textbox", { name: "标题", exact: true });
  const save = page.getByRole("button", { name: "保存" });

  await title.fill("x");
  await title.fill("");
  await save.click();
  await expect(page.getByText("此项为必填项")).toBeVisible();
  await title.fill("长".repeat(201));
  await save.click();
  await expect(page.getByText("最多 200 个字符").first()).toBeVisible();
  await title.fill(`恩典够用 ${stamp}`);
  await page
    .getByRole("textbox", { name: "视频链接" })
    .fill("ftp://example.org/a.mp4");
  await save.click();
  await expect(page.getByText(/格式不正确|格式/).first()).toBeVisible();
  expect(writes).toEqual([]);
  await page.getByRole("textbox", { name: "视频链接" }).fill("");

  // The preacher suggests the name already used.
  const preacher = page.getByRole("combobox", { name: "讲员" });
  await preacher.fill("黄传道");
  await page.getByRole("option", { name: `黄传道${stamp}` }).click();
  await expect(preacher).toHaveValue(`黄传道${stamp}`);
  await page.getByRole("textbox", { name: "经文" }).fill("哥林多后书 12:9");
  await save.click();
  await expect(page).toHaveURL(/\/admin\/sermonManage\/\d+$/);
  expect(writes.filter((w) => w.startsWith("POST"))).toHaveLength(1);

  // A second save makes a second revision; the first can be compared and restored.
  const revisions = page.getByRole("list", { name: "历史版本" });
  await expect(revisions.getByRole("listitem")).toHaveCount(1);
  await expect(title).toHaveValue(`恩典够用 ${stamp}`);
  await title.fill(`恩典够用（修订） ${stamp}`);
  await save.click();
  await expect(page).toHaveURL(/\/admin\/sermonManage$/);
  await page.getByText(`恩典够用（修订） ${stamp}`).click();
  await expect(revisions.getByRole("listitem")).toHaveCount(2);
  await expect(revisions.getByText("当前版本")).toBeVisible();
  await revisions.getByRole("button", { name: /对比/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("diff-before")).toContainText(
    `恩典够用 ${stamp}`,
  );
  await expect(dialog.locator("ins")).toContainText("（修订）");
  await expectNoSeriousA11yViolations(page, "sermon revision diff");
  await dialog.getByRole("button", { name: "恢复此版本" }).click();
  await expect(title).toHaveValue(`恩典够用 ${stamp}`);
  await expect(revisions.getByRole("listitem")).toHaveCount(3);
  await expect(revisions.getByText(/恢复自版本/)).toBeVisible();
});

test("en-US: a stale save offers to see the other change and to reload it", async ({
  page,
}) => {
  const sermon = await createSermon(page.request, { title: "Stale one" });
  await useLanguage(page, "en-US");
  await loginViaApi(page, `/admin/sermonManage/${sermon.id}`);
  const title = page.getByRole("textbox", { name: "Title", exact: true });
  await expect(title).toHaveValue("Stale one");
  // Someone else saves first.
  const changed = await page.request.put(`/tjc/sermons/${sermon.id}`, {
    headers: await adminHeaders(page.request),
    data: { title: "Their title", version: sermon.version },
  });
  expect((await changed.json()).code).toBe(0);

  await title.fill("My title");
  await page.getByRole("button", { name: "Save" }).click();
  const dialog = page.getByRole("dialog", {
    name: "Someone else changed this",
  });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "See their change" }).click();
  const row = dialog.getByRole("row", { name: /Title/ });
  await expect(row).toContainText("My title");
  await expect(row).toContainText("Their title");
  await expectNoSeriousA11yViolations(page, "stale version dialog");
  await dialog.getByRole("button", { name: "Reload" }).click();
  await expect(title).toHaveValue("Their title");
  // Saving now works on the fresh version.
  await title.fill("Their title, then mine");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/sermonManage$/);
  const stored = await (
    await page.request.get(`/tjc/sermons/${sermon.id}`, {
      headers: await adminHeaders(page.request),
    })
  ).json();
  expect(stored.data).toMatchObject({
    title: "Their title, then mine",
    version: 3,
  });
});

test("zh-CN: the list filters, sorts, exports and publishes in bulk; my sermons shows only mine; works on a phone", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const a = await createSermon(page.request, {
    title: `批量甲 ${stamp}`,
    series: `系列${stamp}`,
    preachedOn: "2025-01-05",
  });
  const b = await createSermon(page.request, {
    title: `批量乙 ${stamp}`,
    series: `系列${stamp}`,
    preachedOn: "2025-02-09",
  });
  const theirs = await createSermon(
    page.request,
    { title: `别人的 ${stamp}` },
    await otherEditor(page.request),
  );
  await useLanguage(page, "zh-CN");
  // Filtered by their series (from the address, as a shared link would), sorted by date.
  await loginViaApi(
    page,
    `/admin/sermonManage?filter=${encodeURIComponent(JSON.stringify({ series: `系列${stamp}` }))}`,
  );
  await expect(page.getByText(`批量甲 ${stamp}`)).toBeVisible();
  await expect(page.getByText(`批量乙 ${stamp}`)).toBeVisible();

  // Newest first; the header sorts the other way.
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(`批量乙 ${stamp}`);
  await page.getByRole("button", { name: "按讲道日期升序排序" }).click();
  await expect(rows.first()).toContainText(`批量甲 ${stamp}`);

  // Bulk publish both.
  await page.getByRole("checkbox", { name: /全选|Select all/ }).check();
  await page.getByRole("button", { name: "发布", exact: true }).click();
  await expect(page.getByText("发布：2 条")).toBeVisible();
  await expect(rows.filter({ hasText: "已发布" })).toHaveCount(2);
  for (const id of [a.id, b.id]) {
    const stored = await (
      await page.request.get(`/tjc/sermons/${id}`, {
        headers: await adminHeaders(page.request),
      })
    ).json();
    expect(stored.data.status).toBe("published");
  }

  // CSV export of what the filter keeps.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("csv-export").click(),
  ]);
  const csv = await (
    await download.createReadStream()
  )
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString("utf8"));
  expect(csv).toContain(`批量甲 ${stamp}`);
  expect(csv).not.toContain(`别人的 ${stamp}`);
  await expectNoSeriousA11yViolations(page, "sermon list");

  // The whole list has the other editor's sermon; my sermons does not.
  await page.goto(
    `/admin/sermonManage?filter=${encodeURIComponent(JSON.stringify({ q: `${stamp}` }))}`,
  );
  await expect(page.getByText(`别人的 ${stamp}`)).toBeVisible();
  await page.goto("/admin/mySermonManage");
  await expect(page.getByText(`批量甲 ${stamp}`)).toBeVisible();
  await expect(page.getByText(`别人的 ${stamp}`)).toHaveCount(0);
  expect(theirs.id).toBeGreaterThan(0);

  // A phone: the list and the form fit, nothing scrolls the page sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/sermonManage/create");
  await expect(
    page.getByRole("textbox", { name: "标题", exact: true }),
  ).toBeVisible();
  const wider = await page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth + 1,
  );
  expect(wider).toBe(false);
  await expectNoSeriousA11yViolations(page, "sermon form on a phone");
});
