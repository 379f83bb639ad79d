import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { mediaSample, multipartFile } from "../../test/media-samples.js";
import type { Kysely } from "kysely";
import { ARTICLE_SORT_FIELDS } from "../../../common/schemas/article.js";
import { keywordCondition } from "../../db/search.js";
import { sortColumn } from "../../resources/sort-keys.js";
import { articleResource } from "./index.js";

const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

describe("/tjc/articles", () => {
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
        payload: { name: "见证" },
      })
    ).json().data.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (payload: object, token = editor, language?: string) =>
    t.request({
      method: "POST",
      url: "/tjc/articles",
      token,
      payload,
      language,
    });
  const update = (id: number, payload: object, token = editor) =>
    t.request({
      method: "PUT",
      url: `/tjc/articles/${id}`,
      token,
      payload: { title: "文章", ...payload },
    });
  const list = (filter: object, sort?: [string, string]) =>
    t.request({
      method: "GET",
      url: `/tjc/articles?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]${sort ? `&sort=${encodeURIComponent(JSON.stringify(sort))}` : ""}`,
      token: editor,
    });
  const ids = (response: { json(): { data: { list: { id: number }[] } } }) =>
    response.json().data.list.map((s) => s.id);

  const routes = [
    ["GET", "/tjc/articles"],
    ["GET", "/tjc/articles/export"],
    ["GET", "/tjc/articles/1"],
    ["POST", "/tjc/articles"],
    ["PUT", "/tjc/articles/1"],
    ["DELETE", "/tjc/articles/1"],
    ["POST", "/tjc/articles/batch"],
    ["POST", "/tjc/articles/publishing"],
    ["GET", "/tjc/articles/suggestions?field=author"],
    ["GET", "/tjc/articles/1/revisions"],
    ["GET", "/tjc/articles/1/revisions/1"],
    ["POST", "/tjc/articles/1/revisions/1/restore"],
  ] as const;

  it("rejects without a session", async () => {
    for (const [method, url] of routes) {
      const response = await t.request({ method, url, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("rejects without permission", async () => {
    const member = await t.loginAs("member");
    for (const [method, url] of routes) {
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
      title: "  恩典的见证  ",
      author: "王弟兄",
      category: "见证",
      summary: "蒙恩的经过",
      body: '<p onclick="x()">感谢主<script>alert(1)</script></p><img src="javascript:alert(1)">',
      sourceUrl: "https://example.org/a",
      tagIds: [tagId, tagId],
    });
    expect(response.statusCode, response.body).toBe(200);
    const article = response.json().data;
    expect(article).toMatchObject({
      title: "恩典的见证",
      author: "王弟兄",
      status: "draft",
      publishedAt: null,
      tagIds: [tagId],
      version: 1,
    });
    expect(article.createdBy).toEqual(expect.any(Number));
    expect(article.body).not.toMatch(/script|onclick|javascript/);
    expect(article.body).toContain("<p>感谢主</p>");
    expect(ids(await list({ tagId }))).toContain(article.id);
    expect(ids(await list({ createdBy: article.createdBy }))).toContain(
      article.id,
    );
  });

  it("refuses bad input with the field named, in the caller's language, and writes nothing", async () => {
    const before = (await list({})).json().data.total;
    const empty = await create({ title: "   " }, editor, "en-US");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe(40000);
    expect(empty.json().data.errors.title).toEqual(expect.any(String));
    const long = await create({ title: "长".repeat(201) });
    expect(long.json().data.errors.title).toMatch(/200/);
    const badUrl = await create({ title: "链接", sourceUrl: "javascript:1" });
    expect(badUrl.json().data.errors.sourceUrl).toBeDefined();
    const badStatus = await create({ title: "状态", status: "live" });
    expect(badStatus.json().code).toBe(40000);
    const unknownTag = await create({ title: "标签", tagIds: [999999] });
    expect(unknownTag.json().code).toBe(40000);
    const missingCover = await create({ title: "封面", coverFileId: 999999 });
    expect(missingCover.json().data.errors.coverFileId).toBe("文件不存在");
    expect((await list({})).json().data.total).toBe(before);
    const unknownFilter = await list({ colour: "red" });
    expect(unknownFilter.json().code).toBe(40000);
    const badSort = await t.request({
      method: "GET",
      url: `/tjc/articles?sort=${encodeURIComponent('["body","ASC"]')}`,
      token: editor,
    });
    expect(badSort.json().code).toBe(40000);
  });

  it("allows only the workflow moves that make sense, and schedules only in the future", async () => {
    const draft = (await create({ title: "流程" })).json().data;
    const scheduled = (
      await update(draft.id, {
        status: "scheduled",
        publishAt: inAMinute(),
        version: 1,
      })
    ).json().data;
    expect(scheduled).toMatchObject({ status: "scheduled" });
    const published = (
      await update(draft.id, {
        status: "published",
        version: scheduled.version,
      })
    ).json().data;
    expect(published).toMatchObject({ status: "published", publishAt: null });
    expect(published.publishedAt).toEqual(expect.any(String));
    const refused = await update(draft.id, {
      status: "scheduled",
      publishAt: inAMinute(),
      version: published.version,
    });
    expect(refused.json().code).toBe(40000);
    const archived = (
      await update(draft.id, {
        status: "archived",
        version: published.version,
      })
    ).json().data;
    expect(archived.status).toBe("archived");
    expect(
      (
        await update(draft.id, {
          status: "published",
          version: archived.version,
        })
      ).json().code,
    ).toBe(40000);
    const past = await update(draft.id, {
      status: "draft",
      version: archived.version,
    });
    expect(past.json().data.status).toBe("draft");
    const noTime = await update(draft.id, {
      status: "scheduled",
      version: past.json().data.version,
    });
    expect(noTime.json().data.errors.publishAt).toBeDefined();
  });

  it("publishes, unpublishes and archives in bulk, and filters by status", async () => {
    const a = (await create({ title: "甲文" })).json().data;
    const b = (await create({ title: "乙文" })).json().data;
    const bulk = (action: string, list: number[]) =>
      t.request({
        method: "POST",
        url: "/tjc/articles/publishing",
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
    expect((await bulk("publish", [b.id, a.id])).json().code).toBe(40000);
    expect((await bulk("unpublish", [b.id])).json().data.ids).toEqual([b.id]);
    expect(ids(await list({ status: "draft" }))).toContain(b.id);
    expect(ids(await list({ status: "archived" }))).toEqual([a.id]);
    expect((await bulk("publish", [])).json().code).toBe(40000);
  });

  it("filters by author, category and keyword, and sorts by title", async () => {
    const one = (
      await create({
        title: "安息日的意义",
        author: "陈执事",
        category: "真理",
      })
    ).json().data;
    const two = (
      await create({ title: "爱的真谛", author: "陈执事", category: "真理" })
    ).json().data;
    expect(ids(await list({ author: "陈执事" })).sort()).toEqual(
      [one.id, two.id].sort(),
    );
    expect(ids(await list({ q: "安息日" }))).toEqual([one.id]);
    // 爱 (ai) sorts before 安 (an) by pinyin.
    expect(ids(await list({ category: "真理" }, ["title", "ASC"]))).toEqual([
      two.id,
      one.id,
    ]);
  });

  it("suggests authors and categories already used, most used first", async () => {
    await create({ title: "建议一", author: "赵传道", category: "灵修" });
    await create({ title: "建议二", author: "赵传道", category: "灵修" });
    await create({ title: "建议三", author: "赵长老" });
    const suggest = (query: string) =>
      t.request({
        method: "GET",
        url: `/tjc/articles/suggestions?${query}`,
        token: editor,
      });
    const authors = (await suggest("field=author&q=赵")).json().data.list;
    expect(authors).toEqual(["赵传道", "赵长老"]);
    expect((await suggest("field=category&q=灵")).json().data.list).toEqual([
      "灵修",
    ]);
    expect((await suggest("field=body")).json().code).toBe(40000);
    expect(
      (await suggest(`field=author&q=${"x".repeat(101)}`)).json().code,
    ).toBe(40000);
    // `%` is literal, not a wildcard.
    expect((await suggest("field=author&q=%25")).json().data.list).toEqual([]);
  });

  it("counts its cover as a used file", async () => {
    const image = (
      await t.request({
        method: "POST",
        url: "/tjc/files",
        token: editor,
        ...multipartFile("c.webp", mediaSample("sample.webp")),
      })
    ).json().data;
    const article = (
      await create({ title: "有封面", coverFileId: image.id })
    ).json().data;
    expect(
      (
        await t.request({
          method: "DELETE",
          url: `/tjc/files/${image.id}`,
          token: editor,
        })
      ).json().code,
    ).toBe(40900);
    await t.request({
      method: "DELETE",
      url: `/tjc/articles/${article.id}`,
      token: editor,
    });
    expect(
      (
        await t.request({
          method: "DELETE",
          url: `/tjc/files/${image.id}`,
          token: editor,
        })
      ).json().code,
    ).toBe(0);
  });

  it("answers a stale version with 40900 and audits every write", async () => {
    const a = (await create({ title: "版本" })).json().data;
    await update(a.id, { title: "版本二", version: 1 });
    const stale = await update(a.id, { title: "版本三", version: 1 });
    expect(stale.json().code).toBe(40900);
    expect(stale.json().data.errors.version).toEqual(expect.any(String));
    const audits = await t.app.store.db
      .selectFrom("auditLogs")
      .select(["action"])
      .where("resource", "=", "articles")
      .where("recordId", "=", String(a.id))
      .orderBy("id")
      .execute();
    expect(audits.map((row) => row.action)).toEqual(["create", "update"]);
  });

  it.runIf(process.env.TEST_DATABASE_URL === undefined)(
    "walks an index on SQLite for a keyword page, for every sortable field",
    async () => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const db = t.app.store.db as unknown as Kysely<any>;
      for (const field of ARTICLE_SORT_FIELDS) {
        const query = db
          .selectFrom("articles")
          .selectAll()
          .where(
            keywordCondition("sqlite", articleResource.search, "见证", "walk"),
          )
          .orderBy(sortColumn(articleResource.sortKeys, field), "asc")
          .orderBy("id", "asc")
          .limit(25)
          .compile();
        const [steps] = await t.app.store.read([
          { ...query, sql: `EXPLAIN QUERY PLAN ${query.sql}` },
        ]);
        const details = steps!.map((step) => String(step.detail));
        expect(details.join(" | "), field).not.toContain("TEMP B-TREE");
      }
    },
  );
});
