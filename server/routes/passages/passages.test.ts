import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { askKit } from "../ask/ask-test-kit.js";

let t: TestApp;
let editor: string;
let member: string;

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.loginAs("editor");
  member = await t.loginAs("member");
});
afterAll(async () => {
  await t.close();
});

const passages = (ref: string, language?: string) =>
  t.request({
    method: "GET",
    url: `/tjc/passages?ref=${encodeURIComponent(ref)}`,
    language,
  });

describe("GET /tjc/passages", () => {
  it("is public, and a text that names no passage is 40000 in the caller's language", async () => {
    const zh = await passages("今天天气很好", "zh-CN");
    expect(zh.json().code).toBe(40000);
    expect(zh.json().data.errors.ref).toMatch(/经文/);
    const en = await passages("nothing here", "en-US");
    expect(en.json().data.errors.ref).toMatch(/scripture/);
    expect((await passages("x".repeat(101))).json().code).toBe(40000);
  });

  it("links a published sermon, a question and an answer touching the passage", async () => {
    const kit = askKit(t);
    const sermon = await t.request({
      method: "POST",
      url: "/tjc/sermons",
      token: editor,
      payload: { title: "神爱世人", passage: "约翰福音3:1-21" },
    });
    const sermonId = sermon.json().data.id as number;
    const draft = await t.request({
      method: "POST",
      url: "/tjc/sermons",
      token: editor,
      payload: { title: "草稿", passage: "John 3:16" },
    });
    expect(draft.json().code).toBe(0);
    await t.request({
      method: "POST",
      url: "/tjc/sermons/publishing",
      token: editor,
      payload: { action: "publish", ids: [sermonId] },
    });
    const question = await kit.ask(member, {
      title: "约3:16 的“世人”指谁？",
      body: "<p>读到约翰福音3章16节，有一个问题。</p>",
    });
    const other = await kit.ask(member, {
      title: "关于罗马书8:28",
      body: "<p>万事互相效力</p>",
    });
    await kit.answer(member, other.id, "<p>也请读 John 3:16。</p>");

    const body = (await passages("John 3:16", "en-US")).json();
    expect(body.code).toBe(0);
    expect(body.data.ranges).toEqual([
      { osis: "John.3.16", zh: "约翰福音 3:16", en: "John 3:16" },
    ]);
    const found = body.data.list.map(
      (hit: { type: string; title: string; link: string }) =>
        `${hit.type} ${hit.title} ${hit.link}`,
    );
    expect(found.sort()).toEqual(
      [
        `answer 关于罗马书8:28 /topicDetail?id=${other.id}`,
        `question ${question.title} /topicDetail?id=${question.id}`,
        `sermon 神爱世人 /sermons/${sermonId}`,
      ].sort(),
    );
    // The draft sermon is not public; Rom 8:28 touches only the other question.
    const rom = (await passages("罗马书8章28节")).json().data.list;
    expect(rom.map((hit: { id: number }) => hit.id)).toEqual([other.id]);
    // A page leaves itself out.
    const others = (
      await t.request({
        method: "GET",
        url: `/tjc/passages?ref=${encodeURIComponent("約3:16")}&exclude=question:${question.id}`,
      })
    ).json().data.list;
    expect(others.map((hit: { type: string }) => hit.type).sort()).toEqual([
      "answer",
      "sermon",
    ]);
  });
});

describe("the public /ask search", () => {
  it("uses the word index, falls back to substrings, and highlights", async () => {
    const kit = askKit(t);
    const a = await kit.ask(member, {
      title: "怎样在家里祷告",
      body: "<p>我们全家想一起祷告，不知从何开始。</p>",
    });
    const search = async (q: string) =>
      (
        await t.request({
          method: "GET",
          url: `/tjc/ask/questions?filter=${encodeURIComponent(JSON.stringify({ q }))}`,
        })
      ).json().data;
    const found = await search("祷告");
    expect(found.list.map((q: { id: number }) => q.id)).toContain(a.id);
    expect(found.highlights[String(a.id)].title).toEqual([
      { text: "怎样在家里" },
      { text: "祷告", hit: true },
    ]);
    // "里祷" is no word: the substring search still finds it.
    expect(
      (await search("里祷")).list.map((q: { id: number }) => q.id),
    ).toEqual([a.id]);
    expect((await search("不存在的词语")).total).toBe(0);
  });
});

describe("GET /tjc/passages/ranges", () => {
  const ranges = (refs: string[]) =>
    t.request({
      method: "GET",
      url: `/tjc/passages/ranges?${refs.map((ref) => `ref=${encodeURIComponent(ref)}`).join("&")}`,
    });

  it("is public, and answers each reference's verse ranges ([] for none)", async () => {
    const response = await ranges(["约翰福音3:16", "Rom 8:28-30", "天气很好"]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      "约翰福音3:16": [{ start: 43003016, end: 43003016 }],
      "Rom 8:28-30": [{ start: 45008028, end: 45008030 }],
      天气很好: [],
    });
    const one = await ranges(["約3:16"]);
    expect(one.json().data["約3:16"]).toEqual([
      { start: 43003016, end: 43003016 },
    ]);
  });

  it("refuses no reference, too many, or one too long with 40000", async () => {
    expect(
      (await t.request({ method: "GET", url: "/tjc/passages/ranges" })).json()
        .code,
    ).toBe(40000);
    expect(
      (
        await ranges(Array.from({ length: 101 }, (_, i) => `John ${i + 1}`))
      ).json().code,
    ).toBe(40000);
    expect((await ranges(["x".repeat(101)])).json().code).toBe(40000);
  });
});
