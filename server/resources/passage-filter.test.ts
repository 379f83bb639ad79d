import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { mediaSample, multipartFile } from "../test/media-samples.js";

/**
 * The `passage` filter of every list whose resource declares `search.passages` (issue
 * 16): sermons by their passage field and their text, articles and gospel documents by
 * the references in their text. An overlap counts (John 3:1-21 holds John 3:16). A text
 * that names no passage is 40000 in the caller's language. Runs on PostgreSQL too with
 * TEST_DATABASE_URL.
 */
const PATHS = ["sermons", "articles", "gospel-docs"] as const;

describe("filter.passage on the sermon, article and gospel document lists", () => {
  let t: TestApp;
  let editor: string;
  const made: Record<string, Record<string, number>> = {};

  const list = (
    path: string,
    filter: object,
    token = editor,
    language?: string,
  ) =>
    t.request({
      method: "GET",
      url: `/tjc/${path}?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`,
      token,
      language,
    });
  const titles = async (path: string, passage: string) => {
    const response = await list(path, { passage });
    expect(response.json().code, response.body).toBe(0);
    return (response.json().data.list as { title: string }[])
      .map((row) => row.title)
      .sort();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    editor = await t.loginAs("editor");
    const post = async (path: string, payload: object) => {
      const response = await t.request({
        method: "POST",
        url: `/tjc/${path}`,
        token: editor,
        payload,
      });
      expect(response.json().code, response.body).toBe(0);
      return response.json().data.id as number;
    };
    const pdf = (
      await t.request({
        method: "POST",
        url: "/tjc/files",
        token: editor,
        ...multipartFile("sample.pdf", mediaSample("sample.pdf")),
      })
    ).json().data.id;
    made.sermons = {
      重生: await post("sermons", { title: "重生", passage: "约翰福音3:1-21" }),
      爱: await post("sermons", { title: "爱", passage: "John 3:16" }),
      // In the text only: the summary names the passage.
      信心: await post("sermons", {
        title: "信心",
        summary: "经文：罗马书8章28节",
      }),
    };
    made.articles = {
      重生: await post("articles", {
        title: "重生",
        body: "<p>读约翰福音 3:1-21，尼哥底母夜里来见耶稣。</p>",
      }),
      爱: await post("articles", { title: "爱", summary: "John 3:16" }),
      信心: await post("articles", {
        title: "信心",
        body: "<p>罗马书 8:28 万事互相效力</p>",
      }),
    };
    made["gospel-docs"] = {
      重生: await post("gospel-docs", {
        title: "重生",
        description: "约翰福音 3:1-21",
        fileId: pdf,
        language: "zh-CN",
      }),
      爱: await post("gospel-docs", {
        title: "爱",
        description: "John 3:16",
        fileId: pdf,
        language: "en-US",
      }),
      信心: await post("gospel-docs", {
        title: "信心",
        description: "羅馬書8:28",
        fileId: pdf,
        language: "zh-TW",
      }),
    };
  });
  afterAll(async () => {
    await t.close();
  });

  it("rejects without a session", async () => {
    for (const path of PATHS) {
      const response = await t.request({
        method: "GET",
        url: `/tjc/${path}?filter=${encodeURIComponent(JSON.stringify({ passage: "John 3:16" }))}`,
      });
      expect(response.statusCode, path).toBe(401);
    }
  });

  it("rejects without permission", async () => {
    const member = await t.loginAs("member");
    for (const path of PATHS) {
      const response = await list(path, { passage: "John 3:16" }, member);
      expect(response.statusCode, path).toBe(403);
      expect(response.json().code).toBe(40300);
    }
  });

  it.each(PATHS)(
    "%s: a reference in either language finds the rows whose ranges touch it",
    async (path) => {
      expect(await titles(path, "約3:16")).toEqual(["爱", "重生"]);
      expect(await titles(path, "约翰福音 3:16")).toEqual(["爱", "重生"]);
      expect(await titles(path, "John 3:20")).toEqual(["重生"]);
      expect(await titles(path, "Romans 8")).toEqual(["信心"]);
      expect(await titles(path, "诗篇23篇")).toEqual([]);
      // With another filter, and the total is the filtered count.
      const both = await list(path, { passage: "John 3", q: "爱" });
      expect(both.json().data.total).toBe(1);
      // An empty passage is no filter.
      expect((await list(path, { passage: "" })).json().data.total).toBe(3);
    },
  );

  it("a text that names no passage is 40000, in the caller's language", async () => {
    for (const path of PATHS) {
      const zh = await list(path, { passage: "今天天气很好" }, editor, "zh-CN");
      expect(zh.statusCode).toBe(400);
      expect(zh.json()).toMatchObject({
        code: 40000,
        data: { errors: { "filter.passage": expect.stringMatching(/经文/) } },
      });
      const en = await list(path, { passage: "nothing here" }, editor, "en-US");
      expect(en.json()).toMatchObject({
        code: 40000,
        data: {
          errors: { "filter.passage": expect.stringMatching(/scripture/i) },
        },
      });
    }
  });
});
