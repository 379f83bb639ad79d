import { afterAll, beforeAll, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper.js";

/** `/live` (issue 23 item 6): on air, or the next service; notices; replays. */
let t: TestApp;
let editor: string;
let channelId: number;
let sermonId: number;
let draftSermonId: number;

const get = (url: string, language?: string) =>
  t.request({ method: "GET", url, language });
const iso = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000).toISOString();

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.loginAs("editor");
  const sermon = async (payload: object) =>
    (
      await t.request({
        method: "POST",
        url: "/tjc/sermons",
        token: editor,
        payload,
      })
    ).json().data.id as number;
  sermonId = await sermon({ title: "上周的讲道", status: "published" });
  draftSermonId = await sermon({ title: "草稿讲道" });
  const now = iso(0);
  const db = t.app.store.db;
  channelId = (
    await db
      .insertInto("channels")
      .values({
        name: "主堂",
        description: null,
        coverFileId: null,
        playbackUrl: "http://127.0.0.1:9/live/index.m3u8",
        ingestUrl: null,
        streamKeyHash: null,
        streamKeyHint: null,
        streamKeyGeneratedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  const video = (values: object) =>
    db
      .insertInto("liveVideos")
      .values({
        title: "x",
        channelId,
        preacher: null,
        scheduledStart: iso(60),
        scheduledEnd: iso(120),
        startedAt: null,
        endedAt: null,
        replayFileId: null,
        replayUrl: null,
        sermonId: null,
        createdAt: now,
        updatedAt: now,
        ...values,
      })
      .execute();
  await video({ title: "安息日聚会直播", preacher: "王弟兄" });
  await video({
    title: "上周回放",
    status: "ended",
    endedAt: iso(-60 * 24 * 7),
    sermonId,
  });
  await video({
    title: "草稿回放",
    status: "ended",
    endedAt: iso(-60 * 24 * 6),
    sermonId: draftSermonId,
    replayUrl: "https://example.org/replay.m3u8",
  });
  await video({ title: "没有录像", status: "ended", endedAt: iso(-60) });
  await db
    .insertInto("liveNotices")
    .values({
      textZh: "今天的聚会提前半小时开始。",
      textEn: "Today's service starts half an hour early.",
      startsAt: iso(-10),
      endsAt: iso(600),
      channelId: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
});
afterAll(async () => {
  await t.close();
});

test("the next service with its time, the notice and the replays, in both languages", async () => {
  const response = await get("/live");
  expect(response.statusCode).toBe(200);
  const html = response.body;
  expect(html).toContain("下一场直播");
  expect(html).toContain("安息日聚会直播");
  expect(html).toMatch(/<time dateTime="\d{4}-\d\d-\d\dT[^"]+Z">/i);
  expect(html).toContain("今天的聚会提前半小时开始。");
  // A replay links to its sermon when it is published, else to its recording.
  expect(html).toContain(`href="/sermons/${sermonId}"`);
  expect(html).not.toContain(`href="/sermons/${draftSermonId}"`);
  expect(html).toContain('href="https://example.org/replay.m3u8"');
  expect(html).not.toContain("没有录像");
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/live" \/>/);
  const english = (await get("/live", "en-US")).body;
  expect(english).toContain("Next live service");
  expect(english).toContain("Today&#x27;s service starts half an hour early.");
  expect(english).not.toContain("/admin/");
});

test("on air: the player's stream and the title, without reloading the page's shape", async () => {
  await t.app.store.db
    .updateTable("channels")
    .set({ status: "live" })
    .where("id", "=", channelId)
    .execute();
  // The page cache keeps a rendering for 2 s.
  await new Promise((resolve) => setTimeout(resolve, 2100));
  const html = (await get("/live", "en-US")).body;
  expect(html).toContain("Live now: 主堂");
  expect(html).toContain('href="http://127.0.0.1:9/live/index.m3u8"');
  expect(html).not.toContain("Next live service");
  // The JSON the page polls answers the same.
  const polled = (await get("/tjc/public/live", "en-US")).json().data;
  expect(polled.live.channel.id).toBe(channelId);
});
