import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { askKit } from "./ask-test-kit.js";

/**
 * The moderators' question list (issue 16): filtered by a scripture passage (the
 * references in a question's title and body), and a keyword's matched words answered as
 * `highlights`, as every other admin list does. Runs on PostgreSQL too.
 */
let t: TestApp;
let moderator: string;
let kit: ReturnType<typeof askKit>;

beforeAll(async () => {
  t = await buildTestApp();
  kit = askKit(t);
  moderator = await t.loginAs("moderator");
});
afterAll(async () => {
  await t.close();
});

const list = (filter: object, token?: string, language?: string) =>
  t.request({
    method: "GET",
    url: `/tjc/ask/admin/questions?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`,
    token,
    language,
  });

describe("GET /tjc/ask/admin/questions: passage and highlights", () => {
  it("rejects without a session", async () => {
    const response = await list({ passage: "John 3:16" });
    expect(response.statusCode).toBe(401);
  });

  it("rejects without permission", async () => {
    const member = await t.loginAs("member");
    const response = await list({ passage: "John 3:16" }, member);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(40300);
  });

  it("filters by a passage in either language; a text naming none is 40000", async () => {
    const asker = await t.loginAs("member");
    const on = await kit.ask(asker, {
      title: "世人指谁？",
      body: "<p>读到约翰福音 3:16，想问这里的世人指谁。</p>",
    });
    const other = await kit.ask(asker, {
      title: "诗篇的牧者",
      body: "<p>诗篇23篇说耶和华是我的牧者。</p>",
    });
    const ids = async (passage: string) => {
      const response = await list({ passage }, moderator);
      expect(response.json().code, response.body).toBe(0);
      return (response.json().data.list as { id: number }[]).map((q) => q.id);
    };
    expect(await ids("約3:16")).toEqual([on.id]);
    expect(await ids("John 3:1-21")).toEqual([on.id]);
    expect(await ids("Psalm 23:1")).toEqual([other.id]);
    expect(await ids("Rom 8:28")).toEqual([]);

    const zh = await list({ passage: "今天天气很好" }, moderator, "zh-CN");
    expect(zh.json()).toMatchObject({
      code: 40000,
      data: { errors: { "filter.passage": expect.stringMatching(/经文/) } },
    });
    const en = await list({ passage: "nothing" }, moderator, "en-US");
    expect(en.json().data.errors["filter.passage"]).toMatch(/scripture/i);
  });

  it("answers a keyword's matched words in title and body", async () => {
    const asker = await t.loginAs("member");
    const question = await kit.ask(asker, {
      title: "周三祷告会几点开始",
      body: "<p>想参加祷告会</p>",
    });
    const response = await list({ q: "祷告" }, moderator);
    const data = response.json().data;
    expect(data.list.map((q: { id: number }) => q.id)).toContain(question.id);
    expect(data.highlights[String(question.id)]).toEqual({
      title: [
        { text: "周三" },
        { text: "祷告", hit: true },
        { text: "会几点开始" },
      ],
      body: [{ text: "想参加" }, { text: "祷告", hit: true }, { text: "会" }],
    });
    expect((await list({}, moderator)).json().data.highlights).toBeUndefined();
  });
});
