import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  apiLogin,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  openPhonePage as newPage,
  playUntil,
} from "./helpers";

/**
 * The public sermon library (issue 23): a visitor finds a sermon by keyword, by series
 * and by passage with JavaScript off, reads it, then plays its audio and finds the position
 * kept; both languages, on a 390×844 phone without sideways scrolling, with axe.
 */
const MP3 = fs.readFileSync(
  path.resolve(import.meta.dirname, "../fixtures/media/sample.mp3"),
);
const WORDS = {
  "zh-CN": {
    keyword: "关键词",
    series: "系列",
    filter: "筛选",
    listen: "收听",
    speed: "播放速度",
    resumed: "已从上次听到的 0:01 处继续。",
    notFound: "这篇讲道不存在，或尚未发布。",
    passage: "罗马书 8:28",
    refLabel: "经文出处",
    lookUp: "查找",
  },
  "en-US": {
    keyword: "Keyword",
    series: "Series",
    filter: "Filter",
    listen: "Listen",
    speed: "Playback speed",
    resumed: "Continuing from 0:01, where you left off.",
    notFound: "This sermon does not exist or is not published.",
    passage: "Romans 8:28",
    refLabel: "Scripture reference",
    lookUp: "Look up",
  },
} as const;
type Language = keyof typeof WORDS;

const stamp = Date.now().toString(36);
const series = `罗马书系列${stamp}`;
const title = `万事互相效力 ${stamp}`;
/** A word only this run's sermon holds, found through the word index. */
const word = `效力${stamp}`;
let sermonId = 0;

async function makeSermon(request: APIRequestContext): Promise<void> {
  const { token } = await apiLogin(request);
  const headers = { Authorization: `Bearer ${token}` };
  const upload = await request.post("/tjc/files", {
    headers,
    multipart: {
      file: { name: "sermon.mp3", mimeType: "audio/mpeg", buffer: MP3 },
    },
  });
  const audio = (await upload.json()).data;
  expect(audio?.id, "uploaded").toBeTruthy();
  const post = async (data: object) => {
    const response = await request.post("/tjc/sermons", { headers, data });
    const body = await response.json();
    expect(body.code, JSON.stringify(body)).toBe(0);
    return body.data.id as number;
  };
  await post({
    title: `序言 ${stamp}`,
    series,
    preacher: "王弟兄",
    preachedOn: "2025-01-04",
    status: "published",
  });
  sermonId = await post({
    title,
    series,
    preacher: "王弟兄",
    serviceType: "安息日聚会",
    preachedOn: "2025-02-01",
    passage: "罗马书8章28节",
    summary: `我们晓得万事都互相效力。${word}`,
    body: `<p>${"神的爱是长阔高深的。".repeat(40)}</p><p>${word}</p>`,
    audioFileId: audio.id,
    status: "published",
  });
}

test.beforeAll(async ({ request }) => {
  await makeSermon(request);
});

for (const language of Object.keys(WORDS) as Language[]) {
  const words = WORDS[language];

  test(`${language}: finds a sermon by keyword, series and passage without JavaScript`, async ({
    browser,
  }) => {
    const page = await newPage(browser, language, false);
    await page.goto("/sermons");
    await expectNoSidewaysScroll(page);
    // By keyword: the GET form, submitted without JavaScript.
    await page.getByLabel(words.keyword).fill(word);
    await page.getByRole("button", { name: words.filter }).click();
    await expect(page).toHaveURL(/\/sermons\?q=/);
    await expect(page.getByRole("link", { name: title })).toBeVisible();
    await expect(page.locator(".post-list > li")).toHaveCount(1);
    // By series: the select, then the series' own page through a link.
    await page.goto("/sermons");
    await page.getByLabel(words.series).selectOption(series);
    await page.getByRole("button", { name: words.filter }).click();
    await expect(page).toHaveURL(/series=/);
    await expect(page.locator(".post-list > li")).toHaveCount(2);
    await page.getByRole("link", { name: series }).first().click();
    await expect(page).toHaveURL(/\/sermons\/series\//);
    await expect(page.locator("h1")).toContainText(series);
    await page.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.locator('audio[preload="none"]')).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    // By passage: the sermon's passage links to its page, which lists the sermon.
    await page.getByRole("link", { name: words.passage }).click();
    await expect(page).toHaveURL(/\/passage\?ref=/);
    await expect(page.getByRole("link", { name: title })).toBeVisible();
    await expectNoSidewaysScroll(page);
    // And a passage typed in the passage page's form, in another form.
    await page.getByLabel(words.refLabel).fill("罗8:28");
    await page.getByRole("button", { name: words.lookUp }).click();
    await expect(page.getByRole("link", { name: title })).toBeVisible();
    // An unpublished or unknown sermon is a real 404 page in the visitor's language.
    const missing = await page.goto("/sermons/987654321");
    expect(missing?.status()).toBe(404);
    await expect(page.getByText(words.notFound)).toBeVisible();
    await page.context().close();
  });

  test(`${language}: plays the audio, changes its speed and keeps the position`, async ({
    browser,
  }) => {
    // Plays a recording, then runs axe on four pages: more than one page's share of time.
    test.slow();
    const page = await newPage(browser, language, true);
    await page.goto(`/sermons/${sermonId}`);
    await expect(
      page.getByRole("heading", { name: words.listen }),
    ).toBeVisible();
    const speed = page.getByLabel(words.speed);
    await speed.selectOption("1.5");
    const audio = page.locator("audio");
    expect(await audio.evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(
      1.5,
    );
    expect(await playUntil(audio, 1.05)).toBeGreaterThan(1.05);
    await expect
      .poll(() =>
        page.evaluate(
          (id) => localStorage.getItem(`sermon-position:${id}`),
          sermonId,
        ),
      )
      .toBe("1");
    await expectNoSeriousA11yViolations(page, `sermon ${language}`);
    await expectNoSidewaysScroll(page);

    await page.reload();
    await expect(page.getByText(words.resumed)).toBeVisible();
    await audio.evaluate((a: HTMLAudioElement) => {
      a.muted = true;
      return a.play();
    });
    // It continues where the listener stopped, not from the start.
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime))
      .toBeGreaterThanOrEqual(1);
    await page.goto("/sermons");
    await expectNoSeriousA11yViolations(page, `library ${language}`);
    await page.goto(`/sermons/series/${encodeURIComponent(series)}`);
    await expectNoSeriousA11yViolations(page, `series ${language}`);
    await page.goto(`/passage?ref=${encodeURIComponent("罗马书8:28")}`);
    await expectNoSeriousA11yViolations(page, `passage ${language}`);
    await expectNoSidewaysScroll(page);
    await page.context().close();
  });
}
