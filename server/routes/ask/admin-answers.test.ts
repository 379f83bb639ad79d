import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../../common/codes.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { askKit } from "./ask-test-kit.js";

let t: TestApp;
let kit: ReturnType<typeof askKit>;
let moderator: string;
let editor: string;

beforeAll(async () => {
  t = await buildTestApp();
  kit = askKit(t);
  moderator = await t.loginAs("moderator");
  editor = await t.loginAs("editor");
});
afterAll(async () => {
  await t.close();
});

function get(url: string, token?: string, language?: string) {
  return t.request({ method: "GET", url, token, language });
}

function list(query: Record<string, unknown>) {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)]),
  );
  return `/tjc/ask/admin/answers?${params}`;
}

const URLS = ["/tjc/ask/admin/answers", "/tjc/ask/admin/answers/1"];

/** A question with three answers, the second hidden. */
async function thread() {
  const asker = await t.loginAs("member");
  const answerer = await t.loginAs("member");
  const question = await kit.ask(asker);
  const answers = [];
  for (let i = 0; i < 3; i += 1)
    answers.push(await kit.answer(answerer, question.id));
  const hidden = await t.request({
    method: "PUT",
    url: `/tjc/ask/admin/answers/${answers[1]!.id}`,
    token: moderator,
    payload: { version: answers[1]!.version, status: "hidden", reason: "x" },
  });
  expect(hidden.json().code, hidden.body).toBe(0);
  return { question, ids: answers.map((answer) => answer.id) };
}

describe("the moderators' answer list and one answer (issue 26 item 3)", () => {
  test("rejects without a session", async () => {
    for (const url of URLS) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().code, url).toBe(Code.SESSION_EXPIRED);
    }
  });

  test("rejects without permission", async () => {
    // An editor holds no askAnswer:read; a member neither.
    const member = await t.loginAs("member");
    for (const token of [editor, member]) {
      for (const url of URLS) {
        const response = await get(url, token);
        expect(response.statusCode, url).toBe(403);
        expect(response.json().code, url).toBe(Code.FORBIDDEN);
      }
    }
  });

  test("lists a question's answers in every state, oldest first, with the total", async () => {
    const { question, ids } = await thread();
    const response = await get(
      list({ filter: { questionId: question.id } }),
      moderator,
    );
    expect(response.json().code, response.body).toBe(0);
    const { list: rows, total } = response.json().data;
    expect(total).toBe(3);
    expect(rows.map((a: { id: number }) => a.id)).toEqual(ids);
    expect(rows[1]).toMatchObject({
      status: "hidden",
      questionId: question.id,
    });
  });

  test("pages, sorts and filters by state", async () => {
    const { question, ids } = await thread();
    const page = await get(
      list({
        filter: { questionId: question.id },
        sort: ["createdAt", "DESC"],
        range: [0, 1],
      }),
      moderator,
    );
    expect(page.json().data.total).toBe(3);
    expect(page.json().data.list.map((a: { id: number }) => a.id)).toEqual([
      ids[2],
      ids[1],
    ]);
    const hidden = await get(
      list({ filter: { questionId: question.id, status: "hidden" } }),
      moderator,
    );
    expect(hidden.json().data).toMatchObject({ total: 1 });
    expect(hidden.json().data.list[0].id).toBe(ids[1]);
  });

  test("answers one answer whatever its state, and 404 for none", async () => {
    const { ids } = await thread();
    const one = await get(`/tjc/ask/admin/answers/${ids[1]}`, moderator);
    expect(one.json().data).toMatchObject({ id: ids[1], status: "hidden" });
    const none = await get("/tjc/ask/admin/answers/2147483647", moderator);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe(Code.NOT_FOUND);
  });

  test("refuses a bad filter, sort or range in the reader's language, never a 500", async () => {
    const cases = [
      list({ filter: { questionId: "x" } }),
      list({ filter: { unknown: 1 } }),
      list({ sort: ["body", "ASC"] }),
      list({ range: [5, 1] }),
      "/tjc/ask/admin/answers?filter=%7Bnot-json",
      "/tjc/ask/admin/answers/0",
    ];
    for (const url of cases) {
      for (const language of ["zh-CN", "en-US"]) {
        const response = await get(url, moderator, language);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().code, url).toBe(Code.VALIDATION);
        expect(response.json().message, url).toMatch(
          language === "zh-CN" ? /[\u4e00-\u9fff]/ : /^[\x20-\x7e]+$/,
        );
      }
    }
  });
});
