import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { XMLParser } from "fast-xml-parser";
import { apiLogin, loginViaApi, useLanguage } from "./helpers";

const MP3 = fs.readFileSync(
  path.resolve(import.meta.dirname, "../fixtures/media/sample.mp3"),
);

/**
 * A time soon to come, as the "YYYY-MM-DDTHH:mm" a datetime-local input takes: the first
 * whole minute at least 30 s away (so the save still finds it in the future), at most 90 s.
 */
function soonLocal(): { local: string; at: number } {
  const at = Math.ceil((Date.now() + 30_000) / 60_000) * 60_000;
  const time = new Date(at);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    local: `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}T${pad(time.getHours())}:${pad(time.getMinutes())}`,
    at,
  };
}

/**
 * Issue 11's end-to-end path: upload audio (its progress shown), create a sermon with it,
 * schedule it a minute ahead, see it come out in the public API and the podcast feed
 * once that time has passed (a scheduled record reads as published without any job),
 * edit it, and restore the first revision, which the public API then answers.
 */
test("zh-CN: upload audio, create and schedule a sermon, see it published in the public API and the podcast, edit it and restore the first revision", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const firstTitle = `主日信息 ${stamp}`;
  const editedTitle = `主日信息（更正） ${stamp}`;
  await useLanguage(page, "zh-CN");
  await loginViaApi(page, "/admin/sermonManage/create");
  const title = page.getByRole("textbox", { name: "标题", exact: true });
  await title.fill(firstTitle);

  // Held back a little on its way, so the progress bar can be seen.
  await page.route("**/tjc/files", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByTestId("media-file-audioFileId").setInputFiles({
    name: `sermon-${stamp}.mp3`,
    mimeType: "audio/mpeg",
    buffer: MP3,
  });
  await expect(
    page.getByRole("progressbar", { name: /正在上传/ }),
  ).toBeVisible();
  await expect(page.getByRole("progressbar", { name: /正在上传/ })).toHaveCount(
    0,
    {
      timeout: 15_000,
    },
  );
  await expect(page.locator("audio")).toHaveCount(1);
  await page.unroute("**/tjc/files");

  // Scheduled a minute or so ahead.
  const soon = soonLocal();
  await page.getByRole("combobox", { name: "状态" }).click();
  await page.getByRole("option", { name: "定时发布" }).click();
  await page.getByLabel("定时发布时间").fill(soon.local);
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(/\/admin\/sermonManage\/\d+$/);
  const id = Number(page.url().split("/").pop());

  const { token } = await apiLogin(page.request);
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const read = async () =>
    (await (await page.request.get(`/tjc/sermons/${id}`, auth)).json()).data;
  const scheduled = await read();
  expect(scheduled).toMatchObject({
    title: firstTitle,
    status: "scheduled",
    publishAt: new Date(soon.at).toISOString(),
    audioFileId: expect.any(Number),
  });
  const audio = (
    await (
      await page.request.get(`/tjc/files/${scheduled.audioFileId}`, auth)
    ).json()
  ).data as { url: string; size: number; mime: string };
  expect(audio).toMatchObject({ mime: "audio/mpeg", size: MP3.length });

  // Not public before its time, and not in the feed.
  const publicRead = () => page.request.get(`/tjc/public/sermons/${id}`);
  const early = await publicRead();
  if (Date.now() < soon.at - 2000) {
    expect(early.status()).toBe(404);
    expect((await early.json()).code).toBe(40400);
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    isArray: (name) => name === "item",
  });
  const episode = async () => {
    const response = await page.request.get("/tjc/public/podcast.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/application\/rss\+xml/);
    const feed = parser.parse(await response.text());
    expect(feed.rss["@version"]).toBe("2.0");
    const items = (feed.rss.channel.item ?? []) as Record<string, never>[];
    return items.find((item) => item.guid["#text"] === `sermon-${id}`) as
      Record<string, unknown> | undefined;
  };
  if (Date.now() < soon.at - 2000) expect(await episode()).toBeUndefined();

  // Once its time has passed it is published, for everyone, without any job running.
  await expect
    .poll(async () => (await publicRead()).status(), {
      timeout: Math.max(0, soon.at - Date.now()) + 30_000,
      intervals: [2000],
    })
    .toBe(200);
  expect((await (await publicRead()).json()).data).toMatchObject({
    id,
    title: firstTitle,
    audioFileId: scheduled.audioFileId,
    status: "published",
  });
  const item = await episode();
  expect(item).toMatchObject({
    title: firstTitle,
    enclosure: {
      "@length": String(MP3.length),
      "@type": "audio/mpeg",
    },
  });
  const enclosure = item!.enclosure as Record<string, string>;
  expect(new URL(enclosure["@url"]!).pathname).toBe(audio.url);
  const served = await page.request.get(enclosure["@url"]!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toMatch(/^audio\/mpeg/);
  expect((await served.body()).equals(MP3)).toBe(true);
  expect(item!["itunes:duration"]).toMatch(/^\d{2}:\d{2}:\d{2}$/);

  // Edit it: the public API answers the change.
  await page.goto(`/admin/sermonManage/${id}`);
  const revisions = page.getByRole("list", { name: "历史版本" });
  await expect(revisions.getByRole("listitem")).toHaveCount(1);
  await expect(title).toHaveValue(firstTitle);
  await title.fill(editedTitle);
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(/\/admin\/sermonManage$/);
  expect((await read()).title).toBe(editedTitle);
  expect((await (await publicRead()).json()).data.title).toBe(editedTitle);

  // Restore the first revision: the old title comes back, still published, with its audio.
  await page.goto(`/admin/sermonManage/${id}`);
  await expect(revisions.getByRole("listitem")).toHaveCount(2);
  await revisions.getByRole("button", { name: /对比/ }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: "恢复此版本" })
    .click();
  await expect(title).toHaveValue(firstTitle);
  const restored = await read();
  expect(restored).toMatchObject({
    title: firstTitle,
    status: "published",
    audioFileId: scheduled.audioFileId,
    publishAt: scheduled.publishAt,
  });
  expect((await (await publicRead()).json()).data).toMatchObject({
    title: firstTitle,
    audioFileId: scheduled.audioFileId,
  });
  expect(await episode()).toMatchObject({ title: firstTitle });
});
