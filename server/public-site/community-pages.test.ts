import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../common/codes.js";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { askKit } from "../routes/ask/ask-test-kit.js";
import { viewCounter } from "../services/view-counter.js";

/** The public pages as a member reads them (issue 25, items 11 and 13). */
let t: TestApp;
let kit: ReturnType<typeof askKit>;
let asker: string;
let answerer: string;
let tagId: number;
let answered: { id: number };
let onJohn: { id: number };
beforeAll(async () => {
  t = await buildTestApp();
  kit = askKit(t);
  asker = await t.loginAs("member");
  answerer = await t.loginAs("member");
  tagId = await kit.makeTag("plural-tag");
  answered = await kit.ask(asker, {
    title: "One answer, one vote, one view?",
    tagIds: [tagId],
  });
  await kit.answer(answerer, answered.id, "<p>Only one answer here.</p>");
  onJohn = await kit.ask(answerer, {
    title: "What does 约翰福音 3:16 promise?",
    body: "<p>God so loved the world (John 3:16).</p>",
    tagIds: [await kit.makeTag("john-tag")],
  });
  const vote = await kit.vote(answerer, "question", answered.id, 1);
  expect(vote.json().code, vote.body).toBe(0);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.request({ method: "GET", url, headers });
const english = { "accept-language": "en-US" };

describe("English plurals", () => {
  test("one answer, one vote, one view and one question read in the singular", async () => {
    const list = (await get(`/ask?tag=${tagId}`, english)).body;
    expect(list).toContain("<span>1 answer</span>");
    expect(list).toContain("<span>1 vote</span>");
    expect(list).not.toMatch(/\b1 (answers|votes|views)\b/);
    const page = (await get(`/topicDetail?id=${answered.id}`, english)).body;
    expect(page).toContain(">1 answer</h2>");
    expect(page).toContain("<span>1 view</span>");
    const tags = (await get("/tagList", english)).body;
    expect(tags).toMatch(/plural-tag<\/a> <span[^>]*>1 question<\/span>/);
    // Other counts keep the plural, and Chinese its one form.
    const zh = (await get(`/ask?tag=${tagId}`)).body;
    expect(zh).toContain("<span>1 个回答</span>");
  });
});

describe("searching /ask", () => {
  test("a search with no hits says 'No results for …' in both languages", async () => {
    const en = (await get("/ask?q=zebrafish", english)).body;
    expect(en).toContain("No results for “zebrafish”.");
    expect(en).not.toContain("No questions yet.");
    const zh = (await get("/ask?q=斑马鱼")).body;
    expect(zh).toContain("没有找到与“斑马鱼”相关的问题。");
  });

  test("a reference typed in the search box is a passage search, in either language", async () => {
    for (const [q, headers, heading] of [
      ["John 3:16", english, "Questions on John 3:16"],
      ["约翰福音3:16", {}, "关于 约翰福音 3:16 的问题"],
    ] as const) {
      const html = (await get(`/ask?q=${encodeURIComponent(q)}`, headers)).body;
      expect(html, q).toContain(`href="/topicDetail?id=${onJohn.id}"`);
      expect(html, q).toContain(heading);
    }
    // Words around a reference keep it a keyword search.
    const words = (
      await get(`/ask?q=${encodeURIComponent("promise John 3:16")}`, english)
    ).body;
    expect(words).not.toContain("Questions on John 3:16");
  });
});

describe("QAPage JSON-LD", () => {
  const ldOf = (html: string) =>
    /<script type="application\/ld\+json">/.test(html);

  test("only for a question with at least one answer", async () => {
    const unanswered = await kit.ask(asker, { tagIds: [tagId] });
    expect(ldOf((await get(`/topicDetail?id=${unanswered.id}`)).body)).toBe(
      false,
    );
    expect(ldOf((await get(`/topicDetail?id=${answered.id}`)).body)).toBe(true);
  });
});

describe("view counts", () => {
  const CHROME =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
  const read = (id: number, remoteAddress: string, userAgent: string) =>
    t.request({
      method: "GET",
      url: `/topicDetail?id=${id}`,
      remoteAddress,
      headers: { "user-agent": userAgent },
    });
  const views = async (id: number) => {
    await viewCounter(t.app.store).flush();
    const row = await t.app.store.db
      .selectFrom("askQuestions")
      .select("views")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return Number(row.views);
  };

  test("one view per visitor per question per day; reloads and crawlers add none", async () => {
    const question = await kit.ask(asker, { tagIds: [tagId] });
    const before = await views(question.id);
    for (let i = 0; i < 5; i++) await read(question.id, "10.50.0.1", CHROME);
    expect(await views(question.id)).toBe(before + 1);
    // The JSON API read by the same visitor is the same visit.
    await t.request({
      method: "GET",
      url: `/tjc/ask/questions/${question.id}`,
      remoteAddress: "10.50.0.1",
      headers: { "user-agent": CHROME },
    });
    expect(await views(question.id)).toBe(before + 1);
    for (const bot of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)",
      "facebookexternalhit/1.1",
      "curl/8.5.0",
      "python-requests/2.31",
    ]) {
      await read(question.id, "10.50.0.9", bot);
    }
    expect(await views(question.id)).toBe(before + 1);
    // Another reader, and another browser at the same address, each count.
    await read(question.id, "10.50.0.2", CHROME);
    await read(question.id, "10.50.0.1", `${CHROME} Edg/120.0`);
    expect(await views(question.id)).toBe(before + 3);
  });

  test("the next day the same visitor counts again", () => {
    const counter = viewCounter(t.app.store);
    const visit = { ip: "10.50.1.1", userAgent: CHROME };
    const day = Date.parse("2030-01-01T10:00:00Z");
    expect(counter.counts(987654, visit, day)).toBe(true);
    expect(counter.counts(987654, visit, day + 3_600_000)).toBe(false);
    expect(counter.counts(987654, visit, day + 86_400_000)).toBe(true);
  });
});

describe("a tag's English description", () => {
  test("rejects without a session", async () => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/ask/admin/tags",
      payload: {},
    });
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });

  test("rejects without permission", async () => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/ask/admin/tags",
      token: asker,
      payload: { name: "x" },
    });
    expect(response.json().code).toBe(Code.FORBIDDEN);
  });

  test("is kept by the tag API and shown on the en-US tag list", async () => {
    const moderator = await t.loginAs("moderator");
    const created = await t.request({
      method: "POST",
      url: "/tjc/ask/admin/tags",
      token: moderator,
      payload: {
        name: "祷告生活",
        nameEn: "Prayer life",
        description: "关于个人与团契祷告的问题",
        descriptionEn: "Questions on praying alone and together",
      },
    });
    expect(created.json().code, created.body).toBe(0);
    expect(created.json().data).toMatchObject({
      descriptionEn: "Questions on praying alone and together",
    });
    const en = (await get("/tagList", english)).body;
    expect(en).toContain("<p>Questions on praying alone and together</p>");
    const zh = (await get("/tagList")).body;
    expect(zh).toContain("<p>关于个人与团契祷告的问题</p>");
    const tooLong = await t.request({
      method: "PUT",
      url: `/tjc/ask/admin/tags/${created.json().data.id}`,
      token: moderator,
      payload: {
        name: "祷告生活",
        descriptionEn: "x".repeat(501),
        version: created.json().data.version,
      },
    });
    expect(tooLong.json().code).toBe(Code.VALIDATION);
    expect(tooLong.json().data.errors).toHaveProperty("descriptionEn");
  });
});

describe("the staff badge", () => {
  test("marks a back-office account's name on the question list, the question and its answers; members have none", async () => {
    // A member who is also given a back-office role (a moderator's).
    const pastor = await t.loginAs("member");
    const staffTag = await kit.makeTag("staff-tag");
    const question = await kit.ask(pastor, {
      title: "A question from the church office",
      tagIds: [staffTag],
    });
    const moderatorRole = await t.app.store.db
      .selectFrom("roles")
      .select("id")
      .where("code", "=", "moderator")
      .executeTakeFirstOrThrow();
    await t.app.store.db
      .insertInto("userRoles")
      .values({ userId: await kit.userIdOf(pastor), roleId: moderatorRole.id })
      .execute();
    await kit.answer(answerer, question.id, "<p>A member answers.</p>");
    const api = await get(`/tjc/ask/questions/${question.id}`);
    expect(api.json().data.author.staff).toBe(true);
    const answers = await get(`/tjc/ask/questions/${question.id}/answers`);
    expect(answers.json().data.list[0].author.staff).toBe(false);
    const badge = '<span class="badge staff-badge"';
    const page = (await get(`/topicDetail?id=${question.id}`, english)).body;
    const asked =
      /<p class="post-meta"><span>Asked by <span class="author-name">([^<]*)<\/span>(.*?)<\/span>/.exec(
        page,
      );
    expect(asked?.[2]).toMatch(/^ <span class="badge staff-badge"[^>]*>Staff$/);
    const answered =
      /Answered by <span class="author-name">[^<]*<\/span>([^<]*<span[^>]*>)?/.exec(
        page,
      );
    expect(answered?.[1] ?? "").not.toContain("staff-badge");
    const list = (await get(`/ask?tag=${staffTag}`)).body;
    expect(list).toContain(badge);
    expect(list).toContain(">同工</span>");
    const memberList = (await get(`/ask?tag=${tagId}`)).body;
    expect(memberList).not.toContain(badge);
  });
});
