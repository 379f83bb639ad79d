import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { mediaSample, multipartFile } from "../../test/media-samples.js";

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const anHourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

describe("/tjc/public (the public read API and the podcast feed)", () => {
  let t: TestApp;
  let editor: string;
  let mp3: {
    id: number;
    size: number;
    mime: string;
    url: string;
    durationSec: number;
  };
  let pdf: { id: number };
  let tagId: number;

  const post = async (path: string, payload: object) => {
    const response = await t.request({
      method: "POST",
      url: `/tjc/${path}`,
      token: editor,
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const get = (url: string, language?: string) =>
    t.request({ method: "GET", url, language });
  const listIds = async (path: string, query = "") => {
    const response = await get(`/tjc/public/${path}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.list.map((r: { id: number }) => r.id);
  };
  /** Moves a scheduled record's time into the past, as a clock moving on would. */
  const comeDue = (table: "sermons" | "audios", id: number) =>
    t.app.store.db
      .updateTable(table)
      .set({ publishAt: anHourAgo() })
      .where("id", "=", id)
      .execute();

  const records: Record<string, Record<string, { id: number }>> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    editor = await t.loginAs("editor");
    const upload = async (name: string) =>
      (
        await t.request({
          method: "POST",
          url: "/tjc/files",
          token: editor,
          ...multipartFile(name, mediaSample(name)),
        })
      ).json().data;
    mp3 = await upload("sample.mp3");
    pdf = await upload("sample.pdf");
    tagId = (await post("tags", { name: "福音" })).id;

    // For each resource: one of each status.
    const bodies: Record<string, object> = {
      sermons: { title: "讲道", series: "罗马书", audioFileId: mp3.id },
      audios: { title: "音频", series: "罗马书", audioFileId: mp3.id },
      videos: { title: "视频", videoUrl: "https://youtu.be/abc" },
      "gospel-docs": { title: "文档", fileId: pdf.id, language: "zh-CN" },
    };
    for (const [path, body] of Object.entries(bodies)) {
      records[path] = {
        published: await post(path, {
          ...body,
          status: "published",
          tagIds: [tagId],
        }),
        draft: await post(path, body),
        archived: await post(path, { ...body, status: "archived" }),
        future: await post(path, {
          ...body,
          status: "scheduled",
          publishAt: inAnHour(),
        }),
        due: await post(path, {
          ...body,
          status: "scheduled",
          publishAt: inAnHour(),
        }),
      };
    }
    await comeDue("sermons", records.sermons!.due!.id);
    await comeDue("audios", records.audios!.due!.id);
    for (const path of ["videos", "gospel-docs"])
      await t.app.store.db
        .updateTable(path === "videos" ? "videos" : "gospel_docs")
        .set({ publishAt: anHourAgo() })
        .where("id", "=", records[path]!.due!.id)
        .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists published records only, a due scheduled one included, without a login", async () => {
    for (const path of ["sermons", "audios", "videos", "gospel-docs"]) {
      const r = records[path]!;
      const ids = await listIds(path);
      expect(ids.sort(), path).toEqual([r.published!.id, r.due!.id].sort());
    }
  });

  it("answers 40400 for a draft, archived, future or missing id, and the record otherwise", async () => {
    for (const path of ["sermons", "audios", "videos", "gospel-docs"]) {
      const r = records[path]!;
      for (const state of ["draft", "archived", "future"]) {
        const response = await get(`/tjc/public/${path}/${r[state]!.id}`);
        expect(response.statusCode, `${path} ${state}`).toBe(404);
        expect(response.json().code).toBe(40400);
      }
      expect((await get(`/tjc/public/${path}/99999`)).json().code).toBe(40400);
      const due = await get(`/tjc/public/${path}/${r.due!.id}`);
      expect(due.statusCode, due.body).toBe(200);
      expect(due.json().data.status).toBe("published");
      // Who in the office wrote it stays in the office.
      expect(due.json().data).not.toHaveProperty("createdBy");
      expect(due.json().data).not.toHaveProperty("updatedBy");
    }
  });

  it("carries each record's files with their URLs", async () => {
    const audio = (
      await get(`/tjc/public/audios/${records.audios!.published!.id}`)
    ).json().data;
    expect(audio.files).toEqual([
      expect.objectContaining({
        field: "audioFileId",
        id: mp3.id,
        url: mp3.url,
        mime: "audio/mpeg",
        size: mp3.size,
      }),
    ]);
  });

  it("keeps the list conventions: filters, sort, range; refuses the office's filters", async () => {
    const r = records.sermons!;
    expect(
      await listIds(
        "sermons",
        `?filter=${encodeURIComponent(JSON.stringify({ tagId }))}`,
      ),
    ).toEqual([r.published!.id]);
    const page = await get(
      `/tjc/public/sermons?range=${encodeURIComponent("[0,0]")}&sort=${encodeURIComponent('["id","ASC"]')}`,
    );
    expect(page.json().data.total).toBe(2);
    expect(page.json().data.list.map((s: { id: number }) => s.id)).toEqual([
      Math.min(r.published!.id, r.due!.id),
    ]);
    for (const filter of [
      { status: "draft" },
      { createdBy: 1 },
      { __published: true },
    ]) {
      const response = await get(
        `/tjc/public/sermons?filter=${encodeURIComponent(JSON.stringify(filter))}`,
        "en-US",
      );
      expect(response.json().code, JSON.stringify(filter)).toBe(40000);
    }
    const badSort = await get(
      `/tjc/public/sermons?sort=${encodeURIComponent('["password","ASC"]')}`,
    );
    expect(badSort.json().code).toBe(40000);
  });

  describe("podcast.xml", () => {
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "@",
      isArray: (name) => name === "item",
    });

    it("is RSS 2.0 with the iTunes namespace: every published sermon or audio with audio, newest first", async () => {
      // A published audio whose file has gone from the feed's reach: none. A video: never.
      const response = await get("/tjc/public/podcast.xml");
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/application\/rss\+xml/);
      expect(XMLValidator.validate(response.body)).toBe(true);
      const feed = parser.parse(response.body);
      expect(feed.rss["@version"]).toBe("2.0");
      expect(feed.rss["@xmlns:itunes"]).toBe(
        "http://www.itunes.com/dtds/podcast-1.0.dtd",
      );
      const items = feed.rss.channel.item as Record<string, never>[];
      const guids = items.map((item) => item.guid["#text"]);
      expect(guids.sort()).toEqual(
        [
          `sermon-${records.sermons!.published!.id}`,
          `sermon-${records.sermons!.due!.id}`,
          `audio-${records.audios!.published!.id}`,
          `audio-${records.audios!.due!.id}`,
        ].sort(),
      );
      const dates = items.map((item) => Date.parse(item.pubDate));
      expect(dates.every((d) => !Number.isNaN(d))).toBe(true);
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
      for (const item of items) {
        const enclosure = item.enclosure as Record<string, string>;
        expect(enclosure["@url"]).toBe(`http://localhost:80${mp3.url}`);
        expect(Number(enclosure["@length"])).toBe(mp3.size);
        expect(enclosure["@type"]).toBe("audio/mpeg");
        expect(item["itunes:duration"]).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      }
    });

    it("narrows to one series, and says so in its title", async () => {
      const other = await post("audios", {
        title: "别的系列",
        series: "创世记",
        audioFileId: mp3.id,
        status: "published",
      });
      const feed = parser.parse(
        (
          await get(
            `/tjc/public/podcast.xml?series=${encodeURIComponent("创世记")}`,
          )
        ).body,
      );
      expect(feed.rss.channel.title).toContain("创世记");
      expect(
        feed.rss.channel.item.map(
          (i: { guid: { "#text": string } }) => i.guid["#text"],
        ),
      ).toEqual([`audio-${other.id}`]);
      const none = parser.parse(
        (await get("/tjc/public/podcast.xml?series=nothing")).body,
      );
      expect(none.rss.channel.item ?? []).toEqual([]);
      expect(
        (await get(`/tjc/public/podcast.xml?series=${"x".repeat(101)}`)).json()
          .code,
      ).toBe(40000);
    });

    it("escapes what the office typed", async () => {
      const tricky = await post("audios", {
        title: 'A & B <script>"',
        series: "Escapes",
        audioFileId: mp3.id,
        status: "published",
      });
      const body = (await get("/tjc/public/podcast.xml?series=Escapes")).body;
      expect(XMLValidator.validate(body)).toBe(true);
      const feed = parser.parse(body);
      expect(feed.rss.channel.item[0].title).toBe('A & B <script>"');
      expect(feed.rss.channel.item[0].guid["#text"]).toBe(`audio-${tricky.id}`);
    });
  });
});
