import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { mediaSample, multipartFile } from "../test/media-samples.js";
import { messages } from "../../public-site/i18n.js";
import { SERMON_MESSAGES } from "../../public-site/pages/sermons/messages.js";
import { PUBLIC_SITE_LINKS } from "../../common/app-routes.js";

/** The sermon library's public pages (issue 23, items 1, 2, 3 and 8). */
let t: TestApp;
let editor: string;
const ids: Record<string, number> = {};
let image: { id: number; url: string };
let mp3: { id: number; url: string };
let pdf: { id: number; url: string };
const stamp = Date.now();

const get = (url: string, language?: string) =>
  t.request({ method: "GET", url, language });

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
  image = await upload("sample.webp");
  const post = async (name: string, payload: object) => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/sermons",
      token: editor,
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    ids[name] = response.json().data.id;
  };
  const series = `罗马书查经${stamp}`;
  const preacher = `王弟兄${stamp}`;
  await post("first", {
    title: `因信称义 ${stamp}`,
    series,
    preacher,
    serviceType: "安息日聚会",
    preachedOn: "2024-03-02",
    passage: "罗马书 3:21-26",
    body: "<p>神的义在律法以外已经显明出来。</p>",
    status: "published",
  });
  await post("second", {
    title: `圣灵的律 ${stamp}`,
    series,
    preacher,
    serviceType: "安息日聚会",
    preachedOn: "2025-06-07",
    passage: "罗马书8章28节",
    summary: "万事都互相效力，叫爱神的人得益处。",
    body: "<p>我们晓得万事都互相效力。</p>",
    audioFileId: mp3.id,
    videoUrl: "https://example.org/replay/index.m3u8",
    coverFileId: image.id,
    attachmentIds: [pdf.id],
    status: "published",
  });
  await post("third", {
    title: `盼望 ${stamp}`,
    series,
    preacher: "李姊妹",
    preachedOn: "2025-09-06",
    passage: "John 3:16",
    status: "published",
  });
  await post("draft", { title: `草稿 ${stamp}`, series });
  await post("archived", {
    title: `归档 ${stamp}`,
    series,
    status: "archived",
  });
  await post("future", {
    title: `将来 ${stamp}`,
    series,
    status: "scheduled",
    publishAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
});
afterAll(async () => {
  await t.close();
});

describe("the sermon library, /sermons", () => {
  test("lists published sermons newest first, never a draft, archived or future one", async () => {
    const response = await get("/sermons");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    const html = response.body;
    const at = (name: string) => html.indexOf(`href="/sermons/${ids[name]}"`);
    expect(at("third")).toBeGreaterThan(0);
    expect(at("third")).toBeLessThan(at("second"));
    expect(at("second")).toBeLessThan(at("first"));
    for (const hidden of ["draft", "archived", "future"])
      expect(at(hidden), hidden).toBe(-1);
    // A plain GET form with every filter; the podcast link; the header's link.
    const form = /<form[^>]*>/.exec(html.slice(html.indexOf("<main")))![0];
    expect(form).toContain('action="/sermons"');
    expect(form).toContain('method="get"');
    for (const name of ["q", "series", "preacher", "type", "year", "book"])
      expect(html, name).toContain(`name="${name}"`);
    expect(html).toContain('href="/tjc/public/podcast.xml"');
    expect(html).toMatch(
      /<nav[^>]*class="site-nav"[^>]*>[\s\S]*href="\/sermons"[\s\S]*href="\/ask"/,
    );
  });

  test("filters by series, preacher, service type, year, book and keyword", async () => {
    const found = async (query: string) => {
      const html = (await get(`/sermons?${query}`)).body;
      return ["first", "second", "third"].filter((name) =>
        html.includes(`href="/sermons/${ids[name]}"`),
      );
    };
    expect(
      await found(`preacher=${encodeURIComponent(`王弟兄${stamp}`)}`),
    ).toEqual(["first", "second"]);
    expect(
      await found(`type=${encodeURIComponent("安息日聚会")}&year=2025`),
    ).toEqual(["second"]);
    expect(await found("book=Rom")).toEqual(["first", "second"]);
    expect(await found("book=John")).toEqual(["third"]);
    // A two-character Chinese word through the word index, with the exact total.
    const keyword = (await get(`/sermons?q=${encodeURIComponent("效力")}`))
      .body;
    expect(keyword).toContain(`href="/sermons/${ids.second}"`);
    expect(keyword).toContain("共 1 篇讲道");
    expect(await found(`q=${encodeURIComponent(`盼望 ${stamp}`)}`)).toEqual([
      "third",
    ]);
  });

  test("a series published a moment ago is offered by the series filter at once", async () => {
    const option = (name: string) => `<option value="${name}">`;
    // The filters' values are read and kept…
    expect((await get("/sermons")).body).toContain(
      option(`罗马书查经${stamp}`),
    );
    const later = `加拉太书${stamp}`;
    const created = await t.request({
      method: "POST",
      url: "/tjc/sermons",
      token: editor,
      payload: {
        title: `自由 ${stamp}`,
        series: later,
        preachedOn: "2023-01-07",
        status: "published",
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    // …and a sermon written through the API drops them: the next page has the new one.
    expect((await get("/sermons")).body).toContain(option(later));
    const removed = await t.request({
      method: "DELETE",
      url: `/tjc/sermons/${created.json().data.id}`,
      token: editor,
    });
    expect(removed.json().code, removed.body).toBe(0);
    expect((await get("/sermons")).body).not.toContain(option(later));
  });

  test("a book and a keyword together find the sermons with both, with the exact total", async () => {
    const page = async (query: string) => {
      const html = (await get(`/sermons?${query}`)).body;
      return {
        found: ["first", "second", "third"].filter((name) =>
          html.includes(`href="/sermons/${ids[name]}"`),
        ),
        html,
      };
    };
    expect((await page(`book=Rom&q=${stamp}`)).found).toEqual([
      "first",
      "second",
    ]);
    expect((await page(`book=John&q=${stamp}`)).found).toEqual(["third"]);
    const both = await page(`book=Rom&q=${encodeURIComponent("效力")}`);
    expect(both.found).toEqual(["second"]);
    expect(both.html).toContain("共 1 篇讲道");
    expect(
      (await page(`book=John&q=${encodeURIComponent("效力")}`)).found,
    ).toEqual([]);
  });

  test("a malformed filter or page is read as no such filter, never a 500", async () => {
    for (const query of [
      "page=-3",
      "page=abc",
      "page=99999999999",
      "year=twenty",
      "year=12",
      "book=Narnia",
      "q=" + "x".repeat(300),
      "series=" + "s".repeat(300),
      "page=2&page=3",
      "q[]=1",
    ]) {
      const response = await get(`/sermons?${query}`);
      expect(response.statusCode, query).toBe(200);
      expect(response.body, query).toContain("<h1>讲道</h1>");
    }
    const far = await get("/sermons?page=500");
    expect(far.statusCode).toBe(200);
    expect(far.body).toContain("共 3 篇讲道");
  });

  test("English plurals and the English interface", async () => {
    const one = (await get(`/sermons?year=2024&book=Rom`, "en-US")).body;
    expect(one).toContain("1 sermon");
    expect(one).not.toMatch(/\b1 sermons\b/);
    const many = (await get("/sermons?book=Rom", "en-US")).body;
    expect(many).toContain("2 sermons");
    expect(many).toContain("<h1>Sermons</h1>");
    expect(many).toContain(">Romans</option>");
  });
});

describe("series and preacher pages", () => {
  test("a series' page lists its sermons and has its own podcast link", async () => {
    const name = `罗马书查经${stamp}`;
    const response = await get(`/sermons/series/${encodeURIComponent(name)}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`系列：${name}`);
    expect(response.body).toContain(
      `href="/tjc/public/podcast.xml?series=${encodeURIComponent(name)}"`,
    );
    for (const shown of ["first", "second", "third"])
      expect(response.body).toContain(`href="/sermons/${ids[shown]}"`);
    expect(response.body).not.toContain(`href="/sermons/${ids.draft}"`);
  });

  test("a preacher's page lists only theirs; an unknown one is a 404 page", async () => {
    const page = (
      await get(`/sermons/preachers/${encodeURIComponent("李姊妹")}`, "en-US")
    ).body;
    expect(page).toContain("Sermons by 李姊妹");
    expect(page).toContain(`href="/sermons/${ids.third}"`);
    expect(page).not.toContain(`href="/sermons/${ids.first}"`);
    const unknown = await get(
      `/sermons/series/${encodeURIComponent("没有这个系列")}`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("这篇讲道不存在，或尚未发布。");
  });
});

describe("a sermon's page, /sermons/:id", () => {
  test("shows what it is with links, plays its audio and video, lists files and neighbours", async () => {
    const response = await get(`/sermons/${ids.second}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(`<h1>圣灵的律 ${stamp}</h1>`);
    expect(html).toContain(
      `href="/sermons/preachers/${encodeURIComponent(`王弟兄${stamp}`)}"`,
    );
    expect(html).toContain(
      `href="/sermons/series/${encodeURIComponent(`罗马书查经${stamp}`)}"`,
    );
    expect(html).toContain(
      `href="/passage?ref=${encodeURIComponent("罗马书 8:28")}"`,
    );
    expect(html).toMatch(
      new RegExp(`<audio[^>]*preload="none"[^>]*src="${mp3.url}"`),
    );
    expect(html).toContain('href="https://example.org/replay/index.m3u8"');
    expect(html).toContain(`href="${pdf.url}"`);
    expect(html).toContain(`href="/sermons/${ids.first}"`); // previous
    expect(html).toContain(`href="/sermons/${ids.third}"`); // next
    expect(html).toContain(
      `href="/tjc/public/podcast.xml?series=${encodeURIComponent(`罗马书查经${stamp}`)}"`,
    );
    expect(html).toContain("我们晓得万事都互相效力。");
  });

  test("its body is in the page once: the hydration data leaves it out", async () => {
    const html = (await get(`/sermons/${ids.second}`)).body;
    const body = "<p>我们晓得万事都互相效力。</p>";
    expect(html.split(body)).toHaveLength(2);
    expect(html).toContain(
      `<div class="post-body" data-stored-html="">${body}</div>`,
    );
    const data = JSON.parse(
      /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(
        html,
      )![1]!,
    );
    expect(data.data.sermon.body).toBe("");
    expect(data.data.sermon.title).toBe(`圣灵的律 ${stamp}`);
  });

  test("the podcast feed links a sermon episode to its page", async () => {
    const feed = (await get("/tjc/public/podcast.xml")).body;
    expect(feed).toMatch(
      new RegExp(`<link>http://[^<]+/sermons/${ids.second}</link>`),
    );
  });

  test("its head: title, description, canonical, Open Graph with the cover, JSON-LD", async () => {
    const html = (await get(`/sermons/${ids.second}`)).body;
    expect(html).toMatch(
      new RegExp(`<title>圣灵的律 ${stamp} · [^<]+</title>`),
    );
    expect(html).toContain(
      '<meta name="description" content="万事都互相效力，叫爱神的人得益处。" />',
    );
    expect(html).toMatch(
      new RegExp(
        `<link rel="canonical" href="http://[^"]+/sermons/${ids.second}" />`,
      ),
    );
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
      name: `圣灵的律 ${stamp}`,
      author: { "@type": "Person", name: `王弟兄${stamp}` },
      audio: { "@type": "AudioObject", encodingFormat: "audio/mpeg" },
      video: { "@type": "VideoObject" },
    });
    expect(ld.audio.contentUrl).toMatch(/^http:\/\//);
  });

  test("an unknown, unpublished or malformed id answers a 404 page in the visitor's language", async () => {
    for (const name of ["draft", "archived", "future"]) {
      const response = await get(`/sermons/${ids[name]}`, "en-US");
      expect(response.statusCode, name).toBe(404);
      expect(response.body).toContain(
        "This sermon does not exist or is not published.",
      );
      expect(response.body).toContain(
        '<meta name="robots" content="noindex" />',
      );
    }
    for (const id of [
      "999999",
      "0",
      "-1",
      "abc",
      "1.5",
      "1e3",
      "99999999999999",
      "%00",
    ]) {
      const response = await get(`/sermons/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.body, id).toContain("这篇讲道不存在，或尚未发布。");
    }
  });
});

test("odd paths under /sermons never answer a 500", async () => {
  for (const url of [
    "/sermons/",
    "/sermons/series/",
    "/sermons/preachers/%E0%A4%A",
    `/sermons/series/${"x".repeat(300)}`,
    "/sermons/series/%20",
    `/sermons/${ids.second}?page=abc`,
  ]) {
    const response = await get(url);
    expect(response.statusCode, url).toBeLessThan(500);
    expect(response.body, url).not.toBe("");
  }
});

describe("the public pages never link into /admin", () => {
  test("no page or public answer holds /admin/", async () => {
    const urls = [
      "/sermons",
      "/sermons?book=Rom",
      `/sermons/${ids.first}`,
      `/sermons/${ids.second}`,
      `/sermons/series/${encodeURIComponent(`罗马书查经${stamp}`)}`,
      `/sermons/preachers/${encodeURIComponent("李姊妹")}`,
      "/sermons/999999",
      "/ask",
      "/tagList",
      "/choicenessCommon",
      "/articles",
      "/docs",
      "/passage",
      "/sitemap.xml",
      "/tjc/public/sermons",
      `/tjc/public/sermons/${ids.second}`,
      "/tjc/public/podcast.xml",
      `/tjc/passages?ref=${encodeURIComponent("罗马书8:28")}`,
      `/tjc/passages?ref=${encodeURIComponent("John 3:16")}`,
    ];
    for (const language of ["zh-CN", "en-US"])
      for (const url of urls) {
        const response = await get(url, language);
        expect(response.statusCode, url).toBeLessThan(500);
        expect(response.body, url).not.toContain("/admin/");
      }
    // The passage answer links the sermon to its public page.
    const passages = (
      await get(`/tjc/passages?ref=${encodeURIComponent("罗马书8:28")}`)
    ).json();
    expect(JSON.stringify(passages.data)).toContain(`/sermons/${ids.second}`);
  });
});

describe("the staff login keeps / and /login, and links to the public pages", () => {
  test("/ and /login are the admin app; its public links name /sermons and /ask", async () => {
    for (const url of ["/", "/login"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('id="page-data"');
    }
    expect(PUBLIC_SITE_LINKS.map((link) => link.path)).toEqual([
      "/sermons",
      "/ask",
    ]);
  });
});

test("the sermon messages exist in both languages with the same placeholders", () => {
  const zh: Record<string, string> = SERMON_MESSAGES["zh-CN"];
  const en: Record<string, string> = SERMON_MESSAGES["en-US"];
  expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  const placeholders = (text: string) => [
    ...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1])),
  ];
  for (const key of Object.keys(zh)) {
    expect(placeholders(en[key]!).sort(), key).toEqual(
      placeholders(zh[key]!).sort(),
    );
    // Merged into the site's messages, and not overridden there.
    expect(messages["zh-CN"][key], key).toBe(zh[key]);
    expect(messages["en-US"][key], key).toBe(en[key]);
  }
});
