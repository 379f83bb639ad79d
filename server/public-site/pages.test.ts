import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { askKit } from "../routes/ask/ask-test-kit.js";
import { SITEMAPS_PER_MINUTE } from "./seo.js";

let t: TestApp;
let kit: ReturnType<typeof askKit>;
let asker: string;
let answerer: string;
let tagId: number;
let visible: { id: number };
let hidden: { id: number };
beforeAll(async () => {
  t = await buildTestApp();
  kit = askKit(t);
  asker = await t.loginAs("member");
  answerer = await t.loginAs("member");
  tagId = await kit.makeTag("祷告-page");
  visible = await kit.ask(asker, {
    title: "How to pray <script>x</script> $& together?",
    body: "<p>We want to pray as a family.</p>",
    tagIds: [tagId],
  });
  await kit.answer(answerer, visible.id, "<p>Begin with thanks.</p>");
  hidden = await kit.ask(asker, {
    title: "A hidden question title",
    tagIds: [tagId],
  });
  await t.app.store.db
    .updateTable("askQuestions")
    .set({ status: "hidden" })
    .where("id", "=", hidden.id)
    .execute();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.request({ method: "GET", url, headers });

describe("/topicDetail", () => {
  test("renders the question and answers with head tags and QAPage JSON-LD", async () => {
    const response = await get(`/topicDetail?id=${visible.id}`, {
      host: "qa.example.org",
    });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(
      "<h1>How to pray &lt;script&gt;x&lt;/script&gt; $&amp; together?</h1>",
    );
    expect(html).not.toContain("<script>x</script>");
    expect(html).toContain("<p>Begin with thanks.</p>");
    expect(html).toContain(
      "<title>How to pray &lt;script&gt;x&lt;/script&gt; $&amp; together? · 灯台问答社区</title>",
    );
    expect(html).toContain(
      `<link rel="canonical" href="http://qa.example.org/topicDetail?id=${visible.id}" />`,
    );
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain(
      '<meta name="description" content="We want to pray as a family." />',
    );
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(
      html,
    );
    const data = JSON.parse(ld![1]!);
    expect(data).toMatchObject({
      "@type": "QAPage",
      mainEntity: {
        "@type": "Question",
        answerCount: 1,
        suggestedAnswer: [
          { "@type": "Answer", text: "<p>Begin with thanks.</p>" },
        ],
      },
    });
    expect(data.mainEntity.suggestedAnswer[0].url).toMatch(
      /^http:\/\/qa\.example\.org\/topicDetail/,
    );
  });

  test("hidden, unknown and unreadable ids answer 404 with the not-found page", async () => {
    for (const id of [String(hidden.id), "999999", "abc", ""]) {
      const response = await get(`/topicDetail?id=${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.body).toContain("页面不存在");
      expect(response.body).toContain(
        '<meta name="robots" content="noindex" />',
      );
    }
  });
});

describe("language", () => {
  test("the aid-language cookie wins, then Accept-Language, then zh-CN", async () => {
    const byCookie = await get("/tagList", {
      cookie: "other=1; aid-language=en-US",
      "accept-language": "zh-CN",
    });
    expect(byCookie.body).toContain('<html lang="en-US"');
    expect(byCookie.body).toContain("<h1>Q&amp;A tags</h1>");
    const byHeader = await get("/tagList", {
      "accept-language": "en-GB,en;q=0.9",
    });
    expect(byHeader.body).toContain("<h1>Q&amp;A tags</h1>");
    const byDefault = await get("/tagList", { cookie: "aid-language=fr" });
    expect(byDefault.body).toContain("<h1>问答标签</h1>");
  });
});

describe("/ask and /tagList", () => {
  test("lists public questions with real links; odd parameters fall back, never 500", async () => {
    const response = await get(`/ask?tag=${tagId}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`href="/topicDetail?id=${visible.id}"`);
    expect(response.body).not.toContain("A hidden question title");
    for (const url of [
      "/ask?page=abc",
      "/ask?tab=oldest",
      "/ask?tag=-1",
      "/ask?q=" + "x".repeat(500),
      "/ask?page=1&page=2",
      "/ask?view=nope",
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  test("paginates with ?page= links", async () => {
    const pageTag = await kit.makeTag("分页");
    await t.app.store.db
      .insertInto("askQuestions")
      .values(
        Array.from({ length: 21 }, (_, i) => ({
          title: `Paged question ${i}`,
          body: "<p>x</p>",
          authorId: 1,
          createdAt: new Date(Date.now() - i * 1000).toISOString(),
          updatedAt: new Date().toISOString(),
        })),
      )
      .execute();
    const ids = await t.app.store.db
      .selectFrom("askQuestions")
      .select("id")
      .where("title", "like", "Paged question%")
      .execute();
    await t.app.store.db
      .insertInto("askQuestionTags")
      .values(ids.map((row) => ({ questionId: row.id, tagId: pageTag })))
      .execute();
    const first = await get(`/ask?tag=${pageTag}`);
    expect(first.body).toContain(`href="/ask?tag=${pageTag}&amp;page=2"`);
    const second = await get(`/ask?tag=${pageTag}&page=2`);
    expect(second.body).toContain("Paged question 20");
    expect(second.body).toContain(`rel="prev"`);
  });

  test("the tag list links each tag to /ask?tag= with its count", async () => {
    const response = await get("/tagList");
    expect(response.body).toContain(`href="/ask?tag=${tagId}"`);
  });
});

describe("/sitemap.xml and /robots.txt", () => {
  test("the sitemap lists visible questions and leaves hidden ones out", async () => {
    const response = await get("/sitemap.xml", { host: "qa.example.org" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/xml");
    expect(response.body).toContain(
      `<loc>http://qa.example.org/topicDetail?id=${visible.id}</loc>`,
    );
    expect(response.body).not.toContain(`topicDetail?id=${hidden.id}<`);
  });

  test("one address fetches the sitemap at most SITEMAPS_PER_MINUTE times a minute", async () => {
    const from = (remoteAddress: string) =>
      t.app.inject({ method: "GET", url: "/sitemap.xml", remoteAddress });
    for (let i = 0; i < SITEMAPS_PER_MINUTE; i++)
      expect((await from("203.0.113.9")).statusCode).toBe(200);
    const refused = await from("203.0.113.9");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(42900);
    // Another address is not held back.
    expect((await from("203.0.113.10")).statusCode).toBe(200);
  });

  test("robots.txt points to the sitemap", async () => {
    const response = await get("/robots.txt", { host: "qa.example.org" });
    expect(response.body).toContain(
      "Sitemap: http://qa.example.org/sitemap.xml",
    );
  });
});

describe("the rendered page cache", () => {
  const views = async (id: number) => {
    const response = await get(`/tjc/ask/questions/${id}`);
    return (response.json() as { data: { views: number } }).data.views;
  };

  test("a page served again from the cache still counts its view", async () => {
    const before = await views(visible.id);
    // Two readers: the second is served the first one's rendering from the cache.
    for (const remoteAddress of ["10.40.0.1", "10.40.0.2"]) {
      await t.request({
        method: "GET",
        url: `/topicDetail?id=${visible.id}`,
        remoteAddress,
      });
    }
    // The JSON reads are one visitor (127.0.0.1), counted once a day (issue 25).
    expect(await views(visible.id)).toBe(before + 2);
  });

  test("a member's answer shows at once on a page rendered before it", async () => {
    const first = await get(`/topicDetail?id=${visible.id}`);
    expect(first.body).not.toContain("Read the Psalms aloud.");
    await kit.answer(answerer, visible.id, "<p>Read the Psalms aloud.</p>");
    const second = await get(`/topicDetail?id=${visible.id}`);
    expect(second.body).toContain("Read the Psalms aloud.");
  });

  test("another instance's change shows within two seconds", async () => {
    const url = `/topicDetail?id=${visible.id}&lang-check=1`;
    expect((await get(url)).body).not.toContain("Renamed elsewhere");
    // Written past this instance, as another server process would.
    await t.app.store.db
      .updateTable("askQuestions")
      .set({ title: "Renamed elsewhere, how to pray together?" })
      .where("id", "=", visible.id)
      .execute();
    expect((await get(url)).body).not.toContain("Renamed elsewhere");
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await get(url)).body).toContain("Renamed elsewhere");
  });
});

describe("compression", () => {
  test("a page is gzipped for a browser that accepts it, and plain otherwise", async () => {
    const url = `/topicDetail?id=${visible.id}`;
    const plain = await get(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const zipped = await get(url, { "accept-encoding": "gzip, deflate, br" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toContain("Accept-Encoding");
    expect(gunzipSync(zipped.rawPayload).toString("utf8")).toBe(plain.body);
    const refused = await get(url, { "accept-encoding": "gzip;q=0, br" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });
});

describe("the site's name", () => {
  test("comes from site.name / site.nameEn in the reader's language and follows a change", async () => {
    const setName = async (key: string, value: string) => {
      await t.app.store.db
        .updateTable("configs")
        .set({ value })
        .where("key", "=", key)
        .execute();
      await t.app.settings.refresh();
    };
    await setName("site.name", "活水<堂>");
    await setName("site.nameEn", "Living Water");
    try {
      const zh = (await get("/tagList", { "accept-language": "zh-CN" })).body;
      expect(zh).toContain("<title>问答标签 · 活水&lt;堂&gt;问答社区</title>");
      expect(zh).toMatch(/class="site-title"[^>]*>活水&lt;堂&gt;问答社区</);
      // The browser hydrates from the same name.
      expect(zh).toContain('"siteName":"活水\\u003c堂>"');
      const en = (await get("/tagList", { "accept-language": "en-US" })).body;
      expect(en).toMatch(
        /class="site-title"[^>]*>Living Water Q&amp;A community</,
      );
    } finally {
      await setName("site.name", "灯台");
      await setName("site.nameEn", "Lampstand");
    }
    const back = (await get("/tagList", { "accept-language": "zh-CN" })).body;
    expect(back).toContain("<title>问答标签 · 灯台问答社区</title>");
  });
});
