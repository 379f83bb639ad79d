import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { mediaSample, multipartFile } from "../test/media-samples.js";

/** `/passage?ref=` and GET /tjc/passages (issue 23 item 5). */
let t: TestApp;
let editor: string;
const ids: Record<string, number> = {};

const get = (url: string, language?: string) =>
  t.request({ method: "GET", url, language });
const ref = (text: string) => `/passage?ref=${encodeURIComponent(text)}`;

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.loginAs("editor");
  const post = async (name: string, path: string, payload: object) => {
    const response = await t.request({
      method: "POST",
      url: `/tjc/${path}`,
      token: editor,
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    ids[name] = response.json().data.id;
  };
  const pdf = (
    await t.request({
      method: "POST",
      url: "/tjc/files",
      token: editor,
      ...multipartFile("sample.pdf", mediaSample("sample.pdf")),
    })
  ).json().data;
  await post("sermon", "sermons", {
    title: "万事互相效力",
    passage: "罗马书 8:28",
    status: "published",
  });
  await post("draftSermon", "sermons", {
    title: "草稿讲道",
    passage: "罗马书 8:28",
  });
  // Each form Chinese writers use, in running text.
  await post("chapterVerse", "articles", {
    title: "章节写法",
    body: "<p>我们晓得罗马书8章28节说，万事都互相效力。</p>",
    status: "published",
  });
  await post("short", "articles", {
    title: "简称写法",
    body: "<p>正如罗8:28所说。</p>",
    status: "published",
  });
  await post("parenthesis", "articles", {
    title: "括号写法",
    body: "<p>万事互相效力(罗 8:28)。</p>",
    status: "published",
  });
  await post("psalm", "articles", {
    title: "诗篇写法",
    body: "<p>诗篇23篇是大卫的诗。</p>",
    status: "published",
  });
  await post("archivedArticle", "articles", {
    title: "归档文章",
    body: "<p>罗马书8章28节</p>",
    status: "archived",
  });
  await post("doc", "gospel-docs", {
    title: "福音单张：万事效力",
    description: "关于罗马书8章28节的单张。",
    fileId: pdf.id,
    language: "zh-CN",
    status: "published",
  });
});
afterAll(async () => {
  await t.close();
});

describe("/passage?ref=", () => {
  test("lists what is public on the passage, grouped by kind, with public links", async () => {
    for (const asked of [
      "罗马书8:28",
      "罗8:28",
      "Romans 8:28",
      "罗马书8章28节",
    ]) {
      const response = await get(ref(asked));
      expect(response.statusCode, asked).toBe(200);
      const html = response.body;
      expect(html, asked).toContain("关于 罗马书 8:28 的内容");
      expect(html).toContain(`href="/sermons/${ids.sermon}"`);
      for (const name of ["chapterVerse", "short", "parenthesis"])
        expect(html, name).toContain(`href="/articles/${ids[name]}"`);
      // A gospel document links to its page, which offers the download.
      expect(html).toContain(`href="/docs/${ids.doc}"`);
      expect(html).not.toContain(`/sermons/${ids.draftSermon}"`);
      expect(html).not.toContain(`/articles/${ids.archivedArticle}"`);
      expect(html).not.toContain(`/articles/${ids.psalm}"`);
      expect(html).not.toContain("/admin/");
      expect(html).toContain("讲道（1）");
      expect(html).toContain("文章（3）");
    }
    const psalm = (await get(ref("诗篇23篇"))).body;
    expect(psalm).toContain(`href="/articles/${ids.psalm}"`);
  });

  test("English: its title, plural groups and canonical", async () => {
    const html = (await get(ref("约翰福音3:16"), "en-US")).body;
    expect(html).toContain("On John 3:16");
    expect(html).toContain("Nothing public on this passage yet.");
    const romans = (await get(ref("罗8:28"), "en-US")).body;
    expect(romans).toContain("Sermon (1)");
    expect(romans).toContain("Articles (3)");
    expect(romans).toMatch(
      /<link rel="canonical" href="http:\/\/[^"]+\/passage\?ref=Romans%208%3A28" \/>/,
    );
  });

  test("a reference too long or naming no passage is a 400 page with the form; none is the form", async () => {
    const long = await get(ref(`罗马书8:28${"x".repeat(95)}`));
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain("经文出处太长了（最多 100 个字）");
    expect(long.body).toContain('action="/passage"');
    const english = await get(ref("y".repeat(101)), "en-US");
    expect(english.statusCode).toBe(400);
    expect(english.body).toContain("That reference is too long");
    const nonsense = await get(ref("没有这段经文"));
    expect(nonsense.statusCode).toBe(400);
    expect(nonsense.body).toContain("“没有这段经文”不是有效的经文出处。");
    for (const url of [
      "/passage",
      "/passage?ref=",
      "/passage?ref[]=1&ref[]=2",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).toContain('name="ref"');
    }
  });
});

describe("GET /tjc/passages", () => {
  test("lists articles and gospel documents too, and every link is a public page", async () => {
    const response = await get(
      `/tjc/passages?ref=${encodeURIComponent("罗马书8:28")}`,
    );
    expect(response.statusCode).toBe(200);
    const list = response.json().data.list as { type: string; link: string }[];
    expect(new Set(list.map((hit) => hit.type))).toEqual(
      new Set(["sermon", "article", "document"]),
    );
    expect(list.find((hit) => hit.type === "document")?.link).toBe(
      `/docs/${ids.doc}`,
    );
    for (const hit of list) expect(hit.link).not.toMatch(/^\/admin/);
  });
});
