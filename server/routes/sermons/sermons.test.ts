import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { mediaSample, multipartFile } from "../../test/media-samples.js";
import { publishDue } from "../../resources/workflow.js";

const inAMinute = () => new Date(Date.now() + 60_000).toISOString();
const anHourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

describe("/tjc/sermons", () => {
  let t: TestApp;
  let editor: string;
  let tagId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    editor = await t.loginAs("editor");
    tagId = (
      await t.request({
        method: "POST",
        url: "/tjc/tags",
        token: editor,
        payload: { name: "主日" },
      })
    ).json().data.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (payload: object, token = editor, language?: string) =>
    t.request({
      method: "POST",
      url: "/tjc/sermons",
      token,
      payload,
      language,
    });
  // An update sends the whole record, as the admin's form does: here its title.
  const update = (id: number, payload: object, token = editor) =>
    t.request({
      method: "PUT",
      url: `/tjc/sermons/${id}`,
      token,
      payload: { title: "讲道", ...payload },
    });
  const list = (filter: object, token = editor) =>
    t.request({
      method: "GET",
      url: `/tjc/sermons?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`,
      token,
    });
  const ids = (response: { json(): { data: { list: { id: number }[] } } }) =>
    response.json().data.list.map((s) => s.id);

  it("rejects without a session", async () => {
    for (const [method, url] of [
      ["GET", "/tjc/sermons"],
      ["POST", "/tjc/sermons"],
      ["PUT", "/tjc/sermons/1"],
      ["DELETE", "/tjc/sermons/1"],
      ["POST", "/tjc/sermons/publishing"],
    ] as const) {
      const response = await t.request({ method, url, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("rejects without permission", async () => {
    const member = await t.loginAs("member");
    for (const [method, url] of [
      ["GET", "/tjc/sermons"],
      ["POST", "/tjc/sermons"],
      ["PUT", "/tjc/sermons/1"],
      ["DELETE", "/tjc/sermons/1"],
      ["POST", "/tjc/sermons/publishing"],
    ] as const) {
      const response = await t.request({
        method,
        url,
        token: member,
        payload: {},
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code).toBe(40300);
    }
  });

  it("creates a draft that records who wrote it, sanitises its text and keeps its tags", async () => {
    const response = await create({
      title: "因信称义",
      preacher: "张弟兄",
      series: "罗马书",
      preachedOn: "2026-11-22",
      passage: "罗马书 3:21-26",
      body: '<p onclick="x()">恩典<script>alert(1)</script></p>',
      tagIds: [tagId],
    });
    expect(response.statusCode, response.body).toBe(200);
    const sermon = response.json().data;
    expect(sermon).toMatchObject({
      status: "draft",
      publishAt: null,
      publishedAt: null,
      tagIds: [tagId],
      views: 0,
      version: 1,
    });
    expect(sermon.createdBy).toEqual(sermon.updatedBy);
    expect(sermon.createdBy).toEqual(expect.any(Number));
    expect(sermon.body).toBe("<p>恩典</p>");
    expect(ids(await list({ tagId }))).toContain(sermon.id);
  });

  it("filters by a tag in preachedOn order, whether most sermons carry it or a few, on every page", async () => {
    // On SQLite the list walks its ORDER BY index for a tag most rows carry and looks up a
    // rare tag's rows to sort them (content-tags.ts): both must answer the same order.
    const tag = async (name: string) =>
      (
        await t.request({
          method: "POST",
          url: "/tjc/tags",
          token: editor,
          payload: { name },
        })
      ).json().data.id as number;
    const [common, rare] = [await tag("常见标签"), await tag("少见标签")];
    const made: { id: number; preachedOn: string; tagIds: number[] }[] = [];
    for (let i = 0; i < 30; i++) {
      const tagIds = [
        ...(i % 5 !== 0 ? [common] : []),
        ...(i % 10 === 3 ? [rare] : []),
      ];
      // Three sermons a day: the id breaks the ties.
      const preachedOn = `2025-03-${String(10 + Math.floor(i / 3)).padStart(2, "0")}`;
      const response = await create({
        title: `标签顺序 ${i}`,
        preachedOn,
        tagIds,
        passage: "罗马书 8:28",
      });
      expect(response.statusCode, response.body).toBe(200);
      made.push({ id: response.json().data.id, preachedOn, tagIds });
    }
    const page = async (filter: object, start: number) =>
      (
        await t.request({
          method: "GET",
          url: `/tjc/sermons?${new URLSearchParams({
            filter: JSON.stringify(filter),
            sort: JSON.stringify(["preachedOn", "DESC"]),
            range: JSON.stringify([start, start + 9]),
          })}`,
          token: editor,
        })
      ).json().data as { list: { id: number }[]; total: number };
    for (const tagId of [common, rare]) {
      const expected = made
        .filter((sermon) => sermon.tagIds.includes(tagId))
        .sort((a, b) => b.preachedOn.localeCompare(a.preachedOn) || b.id - a.id)
        .map((sermon) => sermon.id);
      // With the keyword and a book too (every one of them holds both): on PostgreSQL
      // a book's few matches are read as ids first, then sorted and paged.
      for (const filter of [
        { tagId },
        { tagId, q: "标签顺序" },
        { tagId, q: "标签顺序", passage: "罗马书 8" },
      ]) {
        const answered: number[] = [];
        for (let start = 0; start < expected.length; start += 10) {
          const { list, total } = await page(filter, start);
          expect(total).toBe(expected.length);
          answered.push(...list.map((sermon) => sermon.id));
        }
        expect(answered, JSON.stringify(filter)).toEqual(expected);
      }
    }
    expect((await page({ tagId: common, q: "标签顺序" }, 0)).total).toBe(24);
  });

  it("allows only the moves that make sense (40000 otherwise, in the caller's language)", async () => {
    const draft = (await create({ title: "流程" })).json().data;
    const published = (
      await update(draft.id, { status: "published", version: 1 })
    ).json().data;
    expect(published.status).toBe("published");
    expect(published.publishedAt).toEqual(expect.any(String));

    // Published → scheduled is not a move: unpublish first.
    const refused = await update(draft.id, {
      status: "scheduled",
      publishAt: inAMinute(),
      version: published.version,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.errors.status).toBe("当前状态下不能执行此操作");

    const archived = (
      await update(draft.id, { status: "archived", version: published.version })
    ).json().data;
    expect(archived).toMatchObject({ status: "archived", publishedAt: null });
    const back = await update(draft.id, {
      status: "published",
      version: archived.version,
    });
    expect(back.json().code).toBe(40000);
    const restored = await update(draft.id, {
      status: "draft",
      version: archived.version,
    });
    expect(restored.json().data.status).toBe("draft");
  });

  it("needs a future publishAt to schedule", async () => {
    const draft = (await create({ title: "定时" })).json().data;
    const none = await update(draft.id, { status: "scheduled", version: 1 });
    expect(none.json().data.errors.publishAt).toBeDefined();
    const past = await t.request({
      method: "PUT",
      url: `/tjc/sermons/${draft.id}`,
      token: editor,
      language: "en-US",
      payload: {
        title: "定时",
        status: "scheduled",
        publishAt: anHourAgo(),
        version: 1,
      },
    });
    expect(past.json().data.errors.publishAt).toBe(
      "Must be a time in the future",
    );
    const bad = await update(draft.id, {
      status: "scheduled",
      publishAt: "tomorrow",
      version: 1,
    });
    expect(bad.json().code).toBe(40000);
  });

  it("reads a scheduled sermon as published once its time has passed, without any job", async () => {
    const draft = (await create({ title: "将来" })).json().data;
    const scheduled = (
      await update(draft.id, {
        status: "scheduled",
        publishAt: inAMinute(),
        version: 1,
      })
    ).json().data;
    expect(scheduled.status).toBe("scheduled");
    expect(ids(await list({ status: "scheduled" }))).toContain(draft.id);
    expect(ids(await list({ status: "published" }))).not.toContain(draft.id);

    // Its time passes (moved back in the store, as a clock would move forward).
    const due = anHourAgo();
    await t.app.store.db
      .updateTable("sermons")
      .set({ publishAt: due })
      .where("id", "=", draft.id)
      .execute();
    const read = (
      await t.request({
        method: "GET",
        url: `/tjc/sermons/${draft.id}`,
        token: editor,
      })
    ).json().data;
    expect(read).toMatchObject({ status: "published", publishedAt: due });
    expect(ids(await list({ status: "published" }))).toContain(draft.id);
    expect(ids(await list({ status: "scheduled" }))).not.toContain(draft.id);

    // The scheduled-publishing job makes the stored status agree.
    const flipped = await publishDue(t.app.store);
    expect(flipped.sermons).toBeGreaterThanOrEqual(1);
    const row = await t.app.store.db
      .selectFrom("sermons")
      .select(["status", "publishedAt"])
      .where("id", "=", draft.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "published", publishedAt: due });
  });

  it("publishes, unpublishes and archives in bulk, all or none", async () => {
    const a = (await create({ title: "甲" })).json().data;
    const b = (await create({ title: "乙" })).json().data;
    const bulk = (action: string, list: number[]) =>
      t.request({
        method: "POST",
        url: "/tjc/sermons/publishing",
        token: editor,
        payload: { action, ids: list },
      });
    expect((await bulk("publish", [a.id, b.id])).json().data.ids).toEqual([
      a.id,
      b.id,
    ]);
    expect(ids(await list({ status: "published" }))).toEqual(
      expect.arrayContaining([a.id, b.id]),
    );
    await bulk("archive", [a.id]);
    // b is published, a archived: an archived sermon cannot be published, so neither moves.
    const refused = await bulk("publish", [b.id, a.id]);
    expect(refused.json().code).toBe(40000);
    expect((await bulk("unpublish", [b.id])).json().data.ids).toEqual([b.id]);
    expect(ids(await list({ status: "draft" }))).toContain(b.id);
    expect((await bulk("delete", [b.id])).json().code).toBe(40000);
  });

  it("limits the list to one person's sermons (my sermons)", async () => {
    const other = await t.loginAs("editor");
    const mine = (await create({ title: "我的讲道" }, other)).json().data;
    const theirs = await list({ createdBy: mine.createdBy });
    expect(ids(theirs)).toEqual([mine.id]);
  });

  it("filters by preacher, series, date range and keyword", async () => {
    const s = (
      await create({
        title: "登山宝训",
        preacher: "李姊妹",
        series: "马太福音",
        serviceType: "主日崇拜",
        preachedOn: "2025-03-02",
      })
    ).json().data;
    expect(ids(await list({ preacher: "李姊妹" }))).toEqual([s.id]);
    expect(
      ids(await list({ series: "马太福音", serviceType: "主日崇拜" })),
    ).toEqual([s.id]);
    expect(
      ids(await list({ preachedFrom: "2025-03-01", preachedTo: "2025-03-03" })),
    ).toEqual([s.id]);
    expect(ids(await list({ q: "登山宝训" }))).toEqual([s.id]);
    expect((await list({ status: "live" })).json().code).toBe(40000);
  });

  it("refuses a passage past its book's end at its field, in both languages, on create and on update", async () => {
    for (const passage of [
      "约翰福音 99:99",
      "John 3:40",
      "诗篇 151",
      "约翰福音 3:16-99",
    ]) {
      const zh = await create({ title: "不存在的经文", passage });
      expect(zh.statusCode, passage).toBe(400);
      expect(zh.json().code).toBe(40000);
      expect(zh.json().data.errors.passage).toBe(
        "没有这处经文：章或节超出了该卷书的范围",
      );
    }
    const en = await create(
      { title: "No such passage", passage: "约翰福音 99:99" },
      editor,
      "en-US",
    );
    expect(en.json().data.errors.passage).toBe(
      "No such passage: the chapter or verse is past the end of the book",
    );
    expect(ids(await list({ q: "不存在的经文" }))).toEqual([]);
    // Real ones, and text that names no reference, are kept.
    const kept = await create({
      title: "存在的经文",
      passage: "约翰福音 21:25",
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const sermon = kept.json().data;
    const changed = await t.request({
      method: "PUT",
      url: `/tjc/sermons/${sermon.id}`,
      token: editor,
      payload: { ...sermon, passage: "约翰福音 22:1" },
    });
    expect(changed.json().data.errors.passage).toBeDefined();
  });

  it("checks its files and counts them as used", async () => {
    const audio = (
      await t.request({
        method: "POST",
        url: "/tjc/files",
        token: editor,
        ...multipartFile("a.mp3", mediaSample("sample.mp3")),
      })
    ).json().data;
    const wrongKind = await create({ title: "错文件", videoFileId: audio.id });
    expect(wrongKind.json().data.errors.videoFileId).toBe("请选择视频文件");
    const missing = await create({ title: "无文件", audioFileId: 999999 });
    expect(missing.json().data.errors.audioFileId).toBe("文件不存在");
    const unknownTag = await create({ title: "无标签", tagIds: [999999] });
    expect(unknownTag.json().code).toBe(40000);
    // Nothing half-written.
    expect(ids(await list({ q: "错文件" }))).toEqual([]);

    const sermon = (
      await create({ title: "有录音", audioFileId: audio.id })
    ).json().data;
    const file = (
      await t.request({
        method: "GET",
        url: `/tjc/files/${audio.id}`,
        token: editor,
      })
    ).json().data;
    expect(file.usageCount).toBe(1);
    expect(
      (
        await t.request({
          method: "DELETE",
          url: `/tjc/files/${audio.id}`,
          token: editor,
        })
      ).json().code,
    ).toBe(40900);
    await t.request({
      method: "DELETE",
      url: `/tjc/sermons/${sermon.id}`,
      token: editor,
    });
    const after = (
      await t.request({
        method: "GET",
        url: `/tjc/files/${audio.id}`,
        token: editor,
      })
    ).json().data;
    expect(after.usageCount).toBe(0);
  });

  it("answers a stale version with 40900", async () => {
    const s = (await create({ title: "版本" })).json().data;
    await update(s.id, { title: "版本二", version: 1 });
    const stale = await update(s.id, { title: "版本三", version: 1 });
    expect(stale.json().code).toBe(40900);
  });

  it("suggests preachers, series and service types already used", async () => {
    await create({ title: "建议甲", preacher: "孙传道", series: "创世记" });
    await create({
      title: "建议乙",
      preacher: "孙传道",
      serviceType: "安息日",
    });
    await create({ title: "建议丙", preacher: "孙执事" });
    const suggest = (query: string, token = editor) =>
      t.request({
        method: "GET",
        url: `/tjc/sermons/suggestions?${query}`,
        token,
      });
    expect((await suggest("field=preacher&q=孙")).json().data.list).toEqual([
      "孙传道",
      "孙执事",
    ]);
    expect((await suggest("field=series&q=创世")).json().data.list).toEqual([
      "创世记",
    ]);
    expect(
      (await suggest("field=serviceType&q=安息")).json().data.list,
    ).toEqual(["安息日"]);
    expect((await suggest("field=title")).json().code).toBe(40000);
    expect((await suggest("q=孙")).json().code).toBe(40000);
    const member = await t.loginAs("member");
    expect((await suggest("field=preacher", member)).statusCode).toBe(403);
  });

  it("keeps a tagged list's total right when the tag is deleted", async () => {
    const doomed = (
      await t.request({
        method: "POST",
        url: "/tjc/tags",
        token: editor,
        payload: { name: "将删除" },
      })
    ).json().data.id as number;
    const tagged = (await create({ title: "带标签", tagIds: [doomed] })).json()
      .data;
    const total = async () => (await list({ tagId: doomed })).json().data.total;
    // Counted once, then kept under the table's write version.
    expect(await total()).toBe(1);
    expect(await total()).toBe(1);
    const removed = await t.request({
      method: "DELETE",
      url: `/tjc/tags/${doomed}`,
      token: editor,
    });
    expect(removed.json().code, removed.body).toBe(0);
    expect(await total()).toBe(0);
    expect(ids(await list({ tagId: doomed }))).toEqual([]);
    const reread = await t.request({
      method: "GET",
      url: `/tjc/sermons/${tagged.id}`,
      token: editor,
    });
    expect(reread.json().data.id).toBe(tagged.id);
  });

  it("finds the rows a tag and a keyword keep together, with the right total", async () => {
    const both = (
      await t.request({
        method: "POST",
        url: "/tjc/tags",
        token: editor,
        payload: { name: "交集标签" },
      })
    ).json().data.id as number;
    const made: { id: number; tagged: boolean; word: boolean; two: boolean }[] =
      [];
    for (let i = 0; i < 12; i++) {
      const tagged = i % 2 === 0;
      const word = i % 3 === 0;
      const two = word && i % 4 === 0;
      const title = `${word ? "撒种的比喻" : "葡萄园"}${two ? " 好土" : ""} 第${i}篇`;
      const response = await create({
        title,
        preachedOn: `2026-03-${String(10 + i).padStart(2, "0")}`,
        tagIds: tagged ? [both] : [],
      });
      made.push({ id: response.json().data.id, tagged, word, two });
    }
    const expected = (pick: (m: (typeof made)[number]) => boolean) =>
      made
        .filter(pick)
        .map((m) => m.id)
        .sort((a, b) => b - a);
    const found = async (filter: object) => {
      const body = (await list(filter)).json().data;
      return {
        ids: (body.list as { id: number }[])
          .map((s) => s.id)
          .sort((a, b) => b - a),
        total: body.total as number,
      };
    };
    const one = await found({ tagId: both, q: "撒种" });
    expect(one.ids).toEqual(expected((m) => m.tagged && m.word));
    expect(one.total).toBe(one.ids.length);
    const two = await found({ tagId: both, q: "撒种 好土" });
    expect(two.ids).toEqual(expected((m) => m.tagged && m.two));
    expect(two.total).toBe(two.ids.length);
    expect(two.ids.length).toBeGreaterThan(0);
  });
});
