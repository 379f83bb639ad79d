import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { askKit } from "../routes/ask/ask-test-kit.js";

/** The public pages as a member reads them (issue 25, items 11 and 13). */
let t: TestApp;
let kit: ReturnType<typeof askKit>;
let asker: string;
let answerer: string;
let tagId: number;
let answered: { id: number };
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
