import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import {
  apiLogin,
  expectNoSeriousA11yViolations,
  loginViaApi,
  useLanguage,
} from "./helpers";

/**
 * The crawler screen (/admin/spiderManage): the form's own messages before any request,
 * a stale version refused, "test selectors" on a page served on loopback by this spec,
 * a run through the source's job with its numbers in the run log, on a phone too.
 */
// Lazy chunks, a crawl and a background run: slow on a shared CI machine.
test.describe.configure({ timeout: 90_000 });

const T = {
  "zh-CN": {
    name: "名称",
    startUrls: "起始网址",
    title: "标题选择器",
    save: "保存",
    required: "此项为必填项",
    tooLong: "最多 64 个字符",
    badUrl: "应为 http:// 或 https:// 开头的网址",
    test: "测试选择器",
    run: "立即采集",
    runs: "运行记录",
    created: "新建条目",
    success: "成功",
  },
  "en-US": {
    name: "Name",
    startUrls: "Start URLs",
    title: "Title selector",
    save: "Save",
    required: "This field is required",
    tooLong: "Enter at most 64 characters",
    badUrl: "Must be an address starting with http:// or https://",
    test: "Test selectors",
    run: "Crawl now",
    runs: "Run log",
    created: "Items created",
    success: "Success",
  },
} as const;

let site: http.Server;
let origin = "";
test.beforeAll(async () => {
  site = http.createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    if (path === "/robots.txt") {
      response.writeHead(200, { "content-type": "text/plain" });
      response.end("User-agent: *\nAllow: /\n");
      return;
    }
    const n = /^\/posts\/(\d+)$/.exec(path)?.[1];
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      n
        ? `<html><body><h1>讲道 ${n}</h1><article><p>第 ${n} 篇的内容 ${Date.now()}</p></article></body></html>`
        : `<html><body><a href="/posts/1">1</a><a href="/posts/2">2</a></body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

for (const language of ["zh-CN", "en-US"] as const) {
  const t = T[language];

  test(`${language}: bad input gets the form's messages; test selectors; crawl now; run log`, async ({
    page,
    request,
  }) => {
    await useLanguage(page, language);
    await loginViaApi(page, "/admin/spiderManage/create");
    const writes: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/tjc/spiders")
        writes.push(r.url());
    });
    const name = page.getByRole("textbox", { name: t.name, exact: true });
    const urls = page.getByRole("textbox", { name: t.startUrls, exact: true });
    const save = page.getByRole("button", { name: t.save });

    await name.fill("x");
    await name.fill("");
    await save.click();
    await expect(page.getByText(t.required).first()).toBeVisible();
    await name.fill("x".repeat(65));
    await urls.fill("ftp://example.org/");
    await save.click();
    await expect(page.getByText(t.tooLong)).toBeVisible();
    await expect(page.getByText(t.badUrl)).toBeVisible();
    expect(writes).toEqual([]);

    await name.fill(`采集${language}${Date.now()}`);
    await urls.fill(`${origin}/`);
    await page.getByRole("textbox", { name: t.title, exact: true }).fill("h1");
    await expectNoSeriousA11yViolations(page);

    // Test selectors on one page, before saving.
    await page
      .getByRole("textbox", { name: /测试网址|Test address/ })
      .fill(`${origin}/posts/1`);
    await page.getByRole("button", { name: t.test }).click();
    const result = page.getByTestId("selector-test-result");
    await expect(result).toContainText("讲道 1");
    await expect(result).toContainText("第 1 篇的内容");

    const created = page.waitForResponse(
      (r) =>
        r.request().method() === "POST" &&
        new URL(r.url()).pathname === "/tjc/spiders",
    );
    await save.click();
    const answer = await (await created).json();
    expect(answer.code).toBe(0);
    await expect(page).toHaveURL(`/admin/spiderManage/${answer.data.id}`);

    // Crawl now from the list; the run log on the source's page shows the numbers.
    await page.goto("/admin/spiderManage");
    await expect(page.getByRole("row").nth(1)).toBeVisible({ timeout: 20_000 });
    const row = page.getByRole("row", { name: new RegExp(answer.data.name) });
    await row.getByRole("button", { name: t.run }).click();
    await page.goto(`/admin/spiderManage/${answer.data.id}`);
    await expect(page.getByRole("heading", { name: t.runs })).toBeVisible();
    // The run goes on in the background: wait for its row, then read the screen.
    const { token } = await apiLogin(request);
    await expect
      .poll(
        async () => {
          const runs = await (
            await request.get(
              `/tjc/spider-runs?filter=${encodeURIComponent(JSON.stringify({ spiderId: answer.data.id }))}`,
              { headers: { Authorization: `Bearer ${token}` } },
            )
          ).json();
          return runs.data.list[0]?.status;
        },
        { timeout: 20_000 },
      )
      .toBe("success");
    await page.reload();
    const log = page.locator("section", {
      has: page.getByRole("heading", { name: t.runs }),
    });
    await expect(log.getByText(t.success)).toBeVisible();
    // pages fetched 3 (the index and two posts), items created 2
    await expect(
      log.getByRole("cell", { name: "3", exact: true }),
    ).toBeVisible();
    await expect(
      log.getByRole("cell", { name: "2", exact: true }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test("a stale version is refused with the server's message", async ({
  page,
  request,
}) => {
  const { token } = await apiLogin(request);
  const headers = { Authorization: `Bearer ${token}` };
  const data = {
    name: `过期${Date.now()}`,
    startUrls: [`${origin}/`],
    target: "sermon",
    selectors: { title: "h1", content: "article" },
  };
  const created = await (
    await request.post("/tjc/spiders", { headers, data })
  ).json();
  expect(created.code).toBe(0);
  const spider = created.data;
  await loginViaApi(page, `/admin/spiderManage/${spider.id}`);
  await expect(
    page.getByRole("textbox", { name: "名称", exact: true }),
  ).toHaveValue(spider.name, { timeout: 20_000 });
  const meanwhile = await request.put(`/tjc/spiders/${spider.id}`, {
    headers,
    data: { ...data, remark: "changed elsewhere", version: spider.version },
  });
  expect((await meanwhile.json()).code).toBe(0);
  await page.getByLabel("备注").fill("mine");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText(/数据冲突/).first()).toBeVisible();
});

test("works on a 390×844 phone", async ({ page, request }) => {
  const { token } = await apiLogin(request);
  await request.post("/tjc/spiders", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: `手机${Date.now()}`,
      startUrls: [`${origin}/`],
      target: "sermon",
      selectors: { title: "h1", content: "article" },
    },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await loginViaApi(page, "/admin/spiderManage");
  await expect(
    page.getByRole("button", { name: "立即采集" }).first(),
  ).toBeVisible();
  const overflow = await page.evaluate(
    () =>
      document.documentElement.scrollWidth -
      document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
});
