import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  apiLogin,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  openPhonePage,
  playUntil,
} from "./helpers";

/**
 * Audio and video items on the public site (issue 23 item 4): a visitor finds a hymn
 * through the header and its speaker, with JavaScript off, and listens to it with the
 * speed and the resume position; a video plays in place. Both languages, a 390×844
 * phone, axe.
 */
const sample = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/media", name));
const WORDS = {
  "zh-CN": {
    audio: "音频",
    videos: "视频",
    speed: "播放速度",
    resumed: /已从上次听到的 0:0\d 处继续。/,
    listen: "收听",
    watch: "观看",
    notFound: "这个音频不存在，或尚未发布。",
    count: "共 1 个音频",
  },
  "en-US": {
    audio: "Audio",
    videos: "Videos",
    speed: "Playback speed",
    resumed: /Continuing from 0:0\d, where you left off\./,
    listen: "Listen",
    watch: "Watch",
    notFound: "This recording does not exist or is not published.",
    count: "1 recording",
  },
} as const;
type Language = keyof typeof WORDS;

const stamp = Date.now().toString(36);
const speaker = `诗班${stamp}`;
const hymnTitle = `奇异恩典 ${stamp}`;
const videoTitle = `圣餐礼拜 ${stamp}`;
let audioId = 0;
let draftId = 0;
let videoId = 0;

async function makeMedia(request: APIRequestContext): Promise<void> {
  const { token } = await apiLogin(request);
  const headers = { Authorization: `Bearer ${token}` };
  const upload = async (name: string, mimeType: string) => {
    const response = await request.post("/tjc/files", {
      headers,
      multipart: { file: { name, mimeType, buffer: sample(name) } },
    });
    const file = (await response.json()).data;
    expect(file?.id, `uploaded ${name}`).toBeTruthy();
    return file.id as number;
  };
  const post = async (url: string, data: object) => {
    const response = await request.post(url, { headers, data });
    const body = await response.json();
    expect(body.code, JSON.stringify(body)).toBe(0);
    return body.data.id as number;
  };
  const mp3 = await upload("sample.mp3", "audio/mpeg");
  const mp4 = await upload("sample.mp4", "video/mp4");
  audioId = await post("/tjc/audios", {
    title: hymnTitle,
    description: "诗班献唱。",
    speaker,
    audioFileId: mp3,
    status: "published",
  });
  draftId = await post("/tjc/audios", {
    title: `草稿音频 ${stamp}`,
    audioFileId: mp3,
  });
  videoId = await post("/tjc/videos", {
    title: videoTitle,
    videoFileId: mp4,
    status: "published",
  });
}

test.beforeAll(async ({ request }) => {
  await makeMedia(request);
});

for (const language of Object.keys(WORDS) as Language[]) {
  const words = WORDS[language];

  test(`${language}: finds a hymn through the header and its speaker without JavaScript`, async ({
    browser,
  }) => {
    const page = await openPhonePage(browser, language, false);
    await page.goto("/sermons");
    await page
      .getByRole("navigation")
      .getByRole("link", { name: words.audio, exact: true })
      .click();
    await expect(page).toHaveURL(/\/audios$/);
    await expectNoSidewaysScroll(page);
    await page.getByRole("link", { name: speaker }).first().click();
    await expect(page).toHaveURL(/\/audios\?speaker=/);
    await expect(page.getByText(words.count)).toBeVisible();
    await page.getByRole("link", { name: hymnTitle }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(hymnTitle);
    // Without JavaScript the recording still plays: a plain <audio> element.
    await expect(page.locator("audio")).toHaveAttribute("preload", "none");
    await expectNoSidewaysScroll(page);
    const missing = await page.goto(`/audios/${draftId}`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByText(words.notFound)).toBeVisible();
    await page
      .getByRole("navigation")
      .getByRole("link", { name: words.videos, exact: true })
      .click();
    await expect(page).toHaveURL(/\/videos$/);
    await page.getByRole("link", { name: videoTitle }).click();
    await expect(page.locator("video")).toHaveAttribute("preload", "none");
    await expectNoSidewaysScroll(page);
    await page.context().close();
  });

  test(`${language}: listens at another speed and continues where it stopped; the pages pass axe`, async ({
    browser,
  }) => {
    // Plays a recording, then runs axe on four pages: more than one page's share of time.
    test.slow();
    const page = await openPhonePage(browser, language, true);
    await page.goto(`/audios/${audioId}`);
    await expect(
      page.getByRole("heading", { name: words.listen }),
    ).toBeVisible();
    await page.getByLabel(words.speed).selectOption("1.25");
    const audio = page.locator("audio");
    expect(await audio.evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(
      1.25,
    );
    expect(await playUntil(audio, 1.05)).toBeGreaterThan(1.05);
    // Kept in whole seconds.
    await expect
      .poll(() =>
        page.evaluate(
          (id) => Number(localStorage.getItem(`audio-position:${id}`)),
          audioId,
        ),
      )
      .toBeGreaterThanOrEqual(1);
    await expectNoSeriousA11yViolations(page, `audio ${language}`);
    await page.reload();
    await expect(page.getByText(words.resumed)).toBeVisible();
    for (const url of ["/audios", "/videos", `/videos/${videoId}`]) {
      await page.goto(url);
      await expectNoSeriousA11yViolations(page, `${url} ${language}`);
      await expectNoSidewaysScroll(page);
    }
    await expect(
      page.getByRole("heading", { name: words.watch }),
    ).toBeVisible();
    await page.context().close();
  });
}
