import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { serveHlsFixture } from "./support/hls-fixture";
import {
  apiLogin,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  openPhonePage,
} from "./helpers";

/**
 * Articles and gospel documents on the public site (issue 23 items 4 and 7): a visitor
 * finds an article by keyword and opens a document's download link, with JavaScript off,
 * in both languages, on a 390×844 phone without sideways scrolling, with axe.
 */
const PDF = fs.readFileSync(
  path.resolve(import.meta.dirname, "../fixtures/media/sample.pdf"),
);
const WORDS = {
  "zh-CN": {
    keyword: "关键词",
    search: "搜索",
    articles: "文章",
    docs: "福音资料",
    download: "下载",
    notFound: "这篇文章不存在，或尚未发布。",
  },
  "en-US": {
    keyword: "Keyword",
    search: "Search",
    articles: "Articles",
    docs: "Documents",
    download: "Download",
    notFound: "This article does not exist or is not published.",
  },
} as const;
type Language = keyof typeof WORDS;

const stamp = Date.now().toString(36);
/** A word only this run's article holds, found through the word index. */
const word = `恩典${stamp}`;
const articleTitle = `恩典够用 ${stamp}`;
const docTitle = `福音单张 ${stamp}`;
let docId = 0;
let draftId = 0;

async function makeContent(request: APIRequestContext): Promise<void> {
  const { token } = await apiLogin(request);
  const headers = { Authorization: `Bearer ${token}` };
  const upload = await request.post("/tjc/files", {
    headers,
    multipart: {
      file: { name: "tract.pdf", mimeType: "application/pdf", buffer: PDF },
    },
  });
  const pdf = (await upload.json()).data;
  expect(pdf?.id, "uploaded").toBeTruthy();
  const post = async (url: string, data: object) => {
    const response = await request.post(url, { headers, data });
    const body = await response.json();
    expect(body.code, JSON.stringify(body)).toBe(0);
    return body.data.id as number;
  };
  await post("/tjc/articles", {
    title: articleTitle,
    author: "陈执事",
    summary: "我的恩典够你用的。",
    body: `<p>${"主对我说：我的恩典够你用的（林后 12:9）。".repeat(30)}</p><p>${word}</p>`,
    status: "published",
  });
  draftId = await post("/tjc/articles", { title: `草稿 ${stamp}` });
  docId = await post("/tjc/gospel-docs", {
    title: docTitle,
    description: "神爱世人（约翰福音3:16）。",
    fileId: pdf.id,
    language: "zh-CN",
    status: "published",
  });
}

test.beforeAll(async ({ request }) => {
  await makeContent(request);
});

for (const language of Object.keys(WORDS) as Language[]) {
  const words = WORDS[language];

  test(`${language}: finds an article by keyword and a document's download without JavaScript`, async ({
    browser,
  }) => {
    const page = await openPhonePage(browser, language, false);
    await page.goto("/sermons");
    // The shared header leads to the articles.
    await page
      .getByRole("navigation")
      .getByRole("link", { name: words.articles, exact: true })
      .click();
    await expect(page).toHaveURL(/\/articles$/);
    await expectNoSidewaysScroll(page);
    await page.getByLabel(words.keyword).fill(word);
    await page.getByRole("button", { name: words.search }).click();
    await expect(page).toHaveURL(/\/articles\?q=/);
    await expect(page.locator(".post-list > li")).toHaveCount(1);
    await page.getByRole("link", { name: articleTitle }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      articleTitle,
    );
    await expect(page.getByText(word)).toBeVisible();
    await expectNoSidewaysScroll(page);
    // An unpublished article is a real 404 in the visitor's language.
    const missing = await page.goto(`/articles/${draftId}`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByText(words.notFound)).toBeVisible();
    // The documents: the list, the document's page, its download link.
    await page
      .getByRole("navigation")
      .getByRole("link", { name: words.docs, exact: true })
      .click();
    await expect(page).toHaveURL(/\/docs$/);
    await expectNoSidewaysScroll(page);
    await page.getByRole("link", { name: docTitle }).click();
    await expect(page).toHaveURL(new RegExp(`/docs/${docId}$`));
    const download = page.getByRole("link", { name: words.download });
    const href = await download.getAttribute("href");
    expect(href).toMatch(/^\/files\//);
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toContain("application/pdf");
    await expectNoSidewaysScroll(page);
    await page.context().close();
  });

  test(`${language}: the article and document pages pass axe`, async ({
    browser,
  }) => {
    const page = await openPhonePage(browser, language, true);
    for (const url of [
      "/articles",
      `/articles?q=${encodeURIComponent(word)}`,
      "/docs",
      `/docs/${docId}`,
    ]) {
      await page.goto(url);
      await expectNoSeriousA11yViolations(page, `${url} ${language}`);
      await expectNoSidewaysScroll(page);
    }
    await page.goto("/articles");
    await page.getByRole("link", { name: articleTitle }).click();
    await expectNoSeriousA11yViolations(page, `article ${language}`);
    await expectNoSidewaysScroll(page);
    await page.context().close();
  });
}

/** The office's API, as the live tests call it. */
async function call(
  request: APIRequestContext,
  method: "post" | "put",
  path: string,
  data: object,
) {
  const { token } = await apiLogin(request);
  const response = await request[method](`/tjc/${path}`, {
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data;
}

test("/live: the next service with a countdown, then on air without a reload, in both languages", async ({
  browser,
  request,
}) => {
  const stream = await serveHlsFixture();
  try {
    const channel = await call(request, "post", "channels", {
      name: `主堂 ${stamp}`,
      playbackUrl: stream.url,
    });
    const start = new Date(Date.now() + 10 * 60_000).toISOString();
    const end = new Date(Date.now() + 70 * 60_000).toISOString();
    const video = await call(request, "post", "live-videos", {
      title: `安息日直播 ${stamp}`,
      channelId: channel.id,
      scheduledStart: start,
      scheduledEnd: end,
    });
    // Reading with JavaScript off: the next service, in English.
    const reader = await openPhonePage(browser, "en-US", false);
    await reader.goto("/live");
    await expect(
      reader.getByRole("heading", { name: "Next live service" }),
    ).toBeVisible();
    await expectNoSidewaysScroll(reader);
    await reader.context().close();

    const page = await openPhonePage(browser, "zh-CN", true);
    await page.clock.install();
    const loaded: string[] = [];
    page.on("request", (r) => loaded.push(new URL(r.url()).pathname));
    await page.goto("/live");
    await expect(
      page.getByRole("heading", { name: "下一场直播" }),
    ).toBeVisible();
    await expect(page.getByText(/距离开始还有/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, "live scheduled zh-CN");
    await expectNoSidewaysScroll(page);
    // The service starts; the page's poll shows it without a reload.
    await call(request, "put", `live-videos/${video.id}`, {
      status: "live",
      version: video.version,
    });
    await page.clock.runFor(31_000);
    await expect(page.getByRole("heading", { name: /正在直播/ })).toBeVisible();
    expect(loaded.some((path) => /hls/i.test(path))).toBe(false);
    // Pressed, the player plays the loopback stream (through hls.js, or the browser's
    // own HLS where it has one).
    await page.clock.resume();
    await page.getByRole("button", { name: "播放视频" }).click();
    await expect
      .poll(
        () =>
          page.evaluate(
            () => document.querySelector("video")?.currentTime ?? 0,
          ),
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0.5);
    expect(stream.hits.get("/index.m3u8")).toBeGreaterThanOrEqual(1);
    await expectNoSeriousA11yViolations(page, "live on air zh-CN");
    await expectNoSidewaysScroll(page);
    await page.context().close();
  } finally {
    await stream.close();
  }
});
