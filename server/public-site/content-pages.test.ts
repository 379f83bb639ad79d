import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { askKit } from "../routes/ask/ask-test-kit.js";
import { mediaSample, multipartFile } from "../test/media-samples.js";
import { messages } from "../../public-site/i18n.js";
import { CONTENT_MESSAGES } from "../../public-site/pages/content/messages.js";

/** The articles' and gospel documents' public pages, and the sitemap (issue 23, items 4 and 7). */
let t: TestApp;
let editor: string;
const ids: Record<string, number> = {};
let pdf: { id: number; url: string };
let image: { id: number; url: string };
const stamp = Date.now();

const get = (url: string, language?: string) =>
  t.request({ method: "GET", url, language });

async function create(
  path: string,
  name: string,
  payload: object,
): Promise<void> {
  const response = await t.request({
    method: "POST",
    url: `/tjc/${path}`,
    token: editor,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  ids[name] = response.json().data.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.loginAs("editor");
  const upload = async (file: string) =>
    (
      await t.request({
        method: "POST",
        url: "/tjc/files",
        token: editor,
        ...multipartFile(file, mediaSample(file)),
      })
    ).json().data;
  pdf = await upload("sample.pdf");
  image = await upload("sample.webp");
  const later = new Date(Date.now() + 3_600_000).toISOString();
  await create("articles", "older", {
    title: `旧文章 ${stamp}`,
    author: `陈执事${stamp}`,
    body: "<p>平常的话。</p>",
    status: "published",
  });
  await create("articles", "newer", {
    title: `恩典够用 ${stamp}`,
    author: `陈执事${stamp}`,
    category: "灵修",
    summary: "我的恩典够你用的。",
    body: "<p>主对我说：我的恩典够你用的（林后 12:9）。坚忍的信心。</p>",
    coverFileId: image.id,
    status: "published",
  });
  await create("articles", "draft", { title: `草稿文章 ${stamp}` });
  await create("articles", "archived", {
    title: `归档文章 ${stamp}`,
    status: "archived",
  });
  await create("articles", "future", {
    title: `将来文章 ${stamp}`,
    status: "scheduled",
    publishAt: later,
  });
  await create("gospel-docs", "doc", {
    title: `福音单张 ${stamp}`,
    description: "神爱世人（约翰福音3:16）。",
    fileId: pdf.id,
    language: "zh-CN",
    status: "published",
  });
  await create("gospel-docs", "docEn", {
    title: `Gospel tract ${stamp}`,
    fileId: pdf.id,
    language: "en-US",
    status: "published",
  });
  await create("gospel-docs", "docDraft", {
    title: `草稿资料 ${stamp}`,
    fileId: pdf.id,
    language: "zh-CN",
  });
  await create("gospel-docs", "docFuture", {
    title: `将来资料 ${stamp}`,
    fileId: pdf.id,
    language: "zh-CN",
    status: "scheduled",
    publishAt: later,
  });
  await create("gospel-docs", "docArchived", {
    title: `归档资料 ${stamp}`,
    fileId: pdf.id,
    language: "zh-CN",
    status: "archived",
  });
});
afterAll(async () => {
  await t.close();
});

const listed = (html: string, path: string, names: string[]) =>
  names.filter((name) => html.includes(`href="${path}${ids[name]}"`));

describe("articles, /articles", () => {
  test("lists published articles newest first, never a draft, archived or future one", async () => {
    const response = await get("/articles");
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const at = (name: string) => html.indexOf(`href="/articles/${ids[name]}"`);
    expect(at("newer")).toBeGreaterThan(0);
    expect(at("newer")).toBeLessThan(at("older"));
    expect(listed(html, "/articles/", ["draft", "archived", "future"])).toEqual(
      [],
    );
    const form = /<form[^>]*>/.exec(html.slice(html.indexOf("<main")))![0];
    expect(form).toContain('action="/articles"');
    expect(form).toContain('method="get"');
  });

  test("finds by keyword through the word index, and by author", async () => {
    const keyword = (await get(`/articles?q=${encodeURIComponent("坚忍")}`))
      .body;
    expect(listed(keyword, "/articles/", ["newer", "older"])).toEqual([
      "newer",
    ]);
    expect(keyword).toContain("共 1 篇文章");
    expect(keyword).toContain('<meta name="robots" content="noindex" />');
    const english = (
      await get(`/articles?q=${encodeURIComponent("坚忍")}`, "en-US")
    ).body;
    expect(english).toContain("1 article");
    const author = (
      await get(`/articles?author=${encodeURIComponent(`陈执事${stamp}`)}`)
    ).body;
    expect(listed(author, "/articles/", ["newer", "older"])).toEqual([
      "newer",
      "older",
    ]);
  });

  test("a malformed filter or page is read as none, never a 500", async () => {
    for (const query of [
      "page=abc",
      "page=-3",
      "page=99999999999",
      `q=${"字".repeat(300)}`,
      "q=%E0%A4%A",
      "author[]=x&q[a]=b",
      `author=${"x".repeat(200)}`,
    ]) {
      const response = await get(`/articles?${query}`);
      expect(response.statusCode, query).toBeLessThan(500);
      expect(response.body, query).not.toBe("");
    }
  });
});

describe("an article's page, /articles/:id", () => {
  test("title, author, date, body, cover and the passages it names", async () => {
    const response = await get(`/articles/${ids.newer}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(`<h1>恩典够用 ${stamp}</h1>`);
    expect(html).toContain(
      `href="/articles?author=${encodeURIComponent(`陈执事${stamp}`)}"`,
    );
    expect(html).toMatch(/<time dateTime="[^"]+">/i);
    expect(html).toContain("主对我说：我的恩典够你用的");
    expect(html).toContain(`src="${image.url}"`);
    expect(html).toMatch(/href="\/passage\?ref=[^"]+"/);
  });

  test("its head: title, description, canonical, Open Graph, JSON-LD Article", async () => {
    const html = (await get(`/articles/${ids.newer}`)).body;
    expect(html).toMatch(
      new RegExp(`<title>恩典够用 ${stamp} · [^<]+</title>`),
    );
    expect(html).toContain(
      '<meta name="description" content="我的恩典够你用的。" />',
    );
    expect(html).toMatch(
      new RegExp(
        `<link rel="canonical" href="http://[^"]+/articles/${ids.newer}" />`,
      ),
    );
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toMatch(
      new RegExp(
        `<meta property="og:image" content="http://[^"]+${image.url}" />`,
      ),
    );
    const ld = JSON.parse(
      /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(
        html,
      )![1]!,
    );
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: `恩典够用 ${stamp}`,
      author: { "@type": "Person", name: `陈执事${stamp}` },
    });
    expect(ld.url).toMatch(/^http:\/\//);
  });

  test("an unknown, unpublished or malformed id is a 404 page in the visitor's language", async () => {
    for (const name of ["draft", "archived", "future"]) {
      const response = await get(`/articles/${ids[name]}`, "en-US");
      expect(response.statusCode, name).toBe(404);
      expect(response.body).toContain(
        "This article does not exist or is not published.",
      );
      expect(response.body).toContain('href="/articles"');
      expect(response.body).toContain(
        '<meta name="robots" content="noindex" />',
      );
    }
    for (const id of ["999999", "0", "abc", "1e3", "99999999999999", "%00"]) {
      const response = await get(`/articles/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.body, id).toContain("这篇文章不存在，或尚未发布。");
    }
  });
});

describe("gospel documents, /docs and /docs/:id", () => {
  test("the list offers each published document's download, and filters by language", async () => {
    const html = (await get("/docs")).body;
    expect(
      listed(html, "/docs/", [
        "doc",
        "docEn",
        "docDraft",
        "docFuture",
        "docArchived",
      ]),
    ).toEqual(["doc", "docEn"]);
    expect(html).toContain(`href="${pdf.url}"`);
    const english = (await get("/docs?language=en-US")).body;
    expect(listed(english, "/docs/", ["doc", "docEn"])).toEqual(["docEn"]);
    const keyword = (await get(`/docs?q=${encodeURIComponent("世人")}`)).body;
    expect(listed(keyword, "/docs/", ["doc", "docEn"])).toEqual(["doc"]);
    for (const query of ["language=xx", "page=abc", "q[x]=1"]) {
      const response = await get(`/docs?${query}`);
      expect(response.statusCode, query).toBe(200);
    }
  });

  test("a document's page: description, download link, passage, head", async () => {
    const response = await get(`/docs/${ids.doc}`, "en-US");
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(`<h1>福音单张 ${stamp}</h1>`);
    expect(html).toMatch(new RegExp(`href="${pdf.url}" download="[^"]+"`));
    expect(html).toContain("Download ");
    expect(html).toContain(
      `href="/passage?ref=${encodeURIComponent("John 3:16")}"`,
    );
    expect(html).toMatch(
      new RegExp(
        `<link rel="canonical" href="http://[^"]+/docs/${ids.doc}" />`,
      ),
    );
    expect(html).toContain('"@type":"DigitalDocument"');
  });

  test("/docs is the public page; /tjc/docs stays the API reference", async () => {
    expect((await get("/docs")).body).toContain('id="page-data"');
    const reference = await get("/tjc/docs/json");
    expect(reference.statusCode).toBe(200);
    expect(reference.json()).toHaveProperty("openapi");
  });

  test("an unpublished or unknown document is a 404 page in the visitor's language", async () => {
    for (const name of ["docDraft", "docFuture", "docArchived"]) {
      const response = await get(`/docs/${ids[name]}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.body).toContain("这份资料不存在，或尚未发布。");
    }
    const english = await get("/docs/abc", "en-US");
    expect(english.statusCode).toBe(404);
    expect(english.body).toContain(
      "This document does not exist or is not published.",
    );
  });

  test("the passage page and /tjc/passages link articles and documents to their pages", async () => {
    const page = (await get(`/passage?ref=${encodeURIComponent("约3:16")}`))
      .body;
    expect(page).toContain(`href="/docs/${ids.doc}"`);
    const json = JSON.stringify(
      (await get(`/tjc/passages?ref=${encodeURIComponent("林后12:9")}`)).json()
        .data,
    );
    expect(json).toContain(`/articles/${ids.newer}`);
    expect((await get(`/articles/${ids.newer}`)).statusCode).toBe(200);
  });
});

describe("one site", () => {
  test("the shared header links sermons, articles, documents and the community, in both languages", async () => {
    for (const [language, labels] of [
      ["zh-CN", ["讲道", "文章", "福音资料", "问答社区"]],
      ["en-US", ["Sermons", "Articles", "Documents", "Q&amp;A community"]],
    ] as const)
      for (const url of ["/articles", "/docs", "/ask"]) {
        const html = (await get(url, language)).body;
        const nav = /<nav[^>]*class="site-nav"[^>]*>([\s\S]*?)<\/nav>/.exec(
          html,
        )![1]!;
        for (const [href, label] of [
          ["/sermons", labels[0]],
          ["/articles", labels[1]],
          ["/docs", labels[2]],
          ["/ask", labels[3]],
        ])
          expect(nav, `${url} ${href}`).toMatch(
            new RegExp(`href="${href}"[^>]*>${label}</a>`),
          );
      }
  });

  test("sitemap.xml lists every published sermon, article and document, and nothing unpublished", async () => {
    const sermon = await t.request({
      method: "POST",
      url: "/tjc/sermons",
      token: editor,
      payload: { title: `站点地图 ${stamp}`, status: "published" },
    });
    const sermonDraft = await t.request({
      method: "POST",
      url: "/tjc/sermons",
      token: editor,
      payload: { title: `站点地图草稿 ${stamp}` },
    });
    const xml = (await get("/sitemap.xml")).body;
    const has = (path: string) => xml.includes(`${path}</loc>`);
    expect(has(`/sermons/${sermon.json().data.id}`)).toBe(true);
    expect(has(`/sermons/${sermonDraft.json().data.id}`)).toBe(false);
    for (const name of ["newer", "older"])
      expect(has(`/articles/${ids[name]}`), name).toBe(true);
    for (const name of ["draft", "archived", "future"])
      expect(has(`/articles/${ids[name]}`), name).toBe(false);
    for (const name of ["doc", "docEn"])
      expect(has(`/docs/${ids[name]}`), name).toBe(true);
    for (const name of ["docDraft", "docFuture", "docArchived"])
      expect(has(`/docs/${ids[name]}`), name).toBe(false);
    for (const path of ["/sermons", "/articles", "/docs", "/ask"])
      expect(has(path), path).toBe(true);
  });

  test("a question on a passage links to the sermons on it", async () => {
    const sermon = await t.request({
      method: "POST",
      url: "/tjc/sermons",
      token: editor,
      payload: {
        title: `软弱的时候 ${stamp}`,
        passage: "哥林多后书12:9",
        status: "published",
      },
    });
    const kit = askKit(t);
    const question = await kit.ask(await t.loginAs("member"), {
      title: `林后12:9 的恩典是什么意思 ${stamp}`,
      tagIds: [await kit.makeTag(`恩典-${stamp}`)],
    });
    const html = (await get(`/topicDetail?id=${question.id}`)).body;
    expect(html).toContain(`href="/sermons/${sermon.json().data.id}"`);
    expect(html).toContain(`href="/articles/${ids.newer}"`);
  });

  test("no article or document page, nor their public JSON, holds /admin/", async () => {
    const urls = [
      "/articles",
      `/articles?q=${encodeURIComponent("坚忍")}`,
      `/articles/${ids.newer}`,
      `/articles/${ids.draft}`,
      "/docs",
      `/docs/${ids.doc}`,
      "/docs/999999",
      "/sitemap.xml",
      "/tjc/public/articles",
      `/tjc/public/articles/${ids.newer}`,
      "/tjc/public/gospel-docs",
      `/tjc/public/gospel-docs/${ids.doc}`,
      `/passage?ref=${encodeURIComponent("约3:16")}`,
      `/tjc/passages?ref=${encodeURIComponent("约3:16")}`,
    ];
    for (const language of ["zh-CN", "en-US"])
      for (const url of urls) {
        const response = await get(url, language);
        expect(response.statusCode, url).toBeLessThan(500);
        expect(response.body, url).not.toContain("/admin/");
      }
  });
});

test("the content messages exist in both languages with the same placeholders", () => {
  const zh: Record<string, string> = CONTENT_MESSAGES["zh-CN"];
  const en: Record<string, string> = CONTENT_MESSAGES["en-US"];
  expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  const placeholders = (text: string) =>
    [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]))].sort();
  for (const key of Object.keys(zh)) {
    expect(placeholders(en[key]!), key).toEqual(placeholders(zh[key]!));
    expect(messages["zh-CN"][key], key).toBe(zh[key]);
    expect(messages["en-US"][key], key).toBe(en[key]);
  }
});
