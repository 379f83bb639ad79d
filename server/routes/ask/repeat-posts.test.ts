import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../../common/codes.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { askKit } from "./ask-test-kit.js";
import { REPEAT_POST_WINDOW_MS } from "../../services/ask/posts.js";

let t: TestApp;
let kit: ReturnType<typeof askKit>;
let nobody: string;
beforeAll(async () => {
  t = await buildTestApp();
  kit = askKit(t);
  nobody = await t.loginAs("none");
});
afterAll(async () => {
  await t.close();
});

const BODY = "<p>我刚信主不久，感恩。</p>";

function postAnswer(token: string, questionId: number, body = BODY) {
  return t.request({
    method: "POST",
    url: `/tjc/ask/questions/${questionId}/answers`,
    token,
    payload: { body },
  });
}

async function countRows(
  table: "askAnswers" | "askNotifications",
  questionId: number,
) {
  const row = await t.app.store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("questionId", "=", questionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("the same answer posted twice (a double click)", () => {
  test("rejects without a session", async () => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/ask/questions/1/answers",
      payload: { body: BODY },
    });
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });

  test("rejects without permission", async () => {
    const response = await postAnswer(nobody, 1);
    expect(response.json().code).toBe(Code.FORBIDDEN);
  });

  test("20 identical answers sent at once make one answer and one notice", async () => {
    const asker = await t.loginAs("member");
    const answerer = await t.loginAs("member");
    const question = await kit.ask(asker);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => postAnswer(answerer, question.id)),
    );
    const ids = new Set(
      responses.map((response) => {
        expect(response.json().code, response.body).toBe(0);
        return response.json().data.id as number;
      }),
    );
    expect(ids.size).toBe(1);
    expect(await countRows("askAnswers", question.id)).toBe(1);
    expect(await countRows("askNotifications", question.id)).toBe(1);
    const read = await t.request({
      method: "GET",
      url: `/tjc/ask/questions/${question.id}`,
    });
    expect(read.json().data.answerCount).toBe(1);
  });

  test("a different body, another member, or a repeat after 10 minutes is a new answer", async () => {
    const asker = await t.loginAs("member");
    const answerer = await t.loginAs("member");
    const other = await t.loginAs("member");
    const question = await kit.ask(asker);
    const first = (await postAnswer(answerer, question.id)).json().data;
    const different = await postAnswer(answerer, question.id, "<p>另一段</p>");
    expect(different.json().data.id).not.toBe(first.id);
    const byOther = await postAnswer(other, question.id);
    expect(byOther.json().data.id).not.toBe(first.id);
    await t.app.store.db
      .updateTable("askAnswers")
      .set({
        createdAt: new Date(
          Date.now() - REPEAT_POST_WINDOW_MS - 1000,
        ).toISOString(),
      })
      .where("id", "=", first.id)
      .execute();
    const later = await postAnswer(answerer, question.id);
    expect(later.json().code).toBe(0);
    expect(later.json().data.id).not.toBe(first.id);
    expect(await countRows("askAnswers", question.id)).toBe(4);
  });
});

describe("the same question asked twice", () => {
  test("rejects without a session", async () => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/ask/questions",
      payload: { title: "x", body: BODY, tagIds: [1] },
    });
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });

  test("rejects without permission", async () => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/ask/questions",
      token: nobody,
      payload: { title: "x", body: BODY, tagIds: [1] },
    });
    expect(response.json().code).toBe(Code.FORBIDDEN);
  });

  test("8 identical questions sent at once make one; another title is a new one", async () => {
    const asker = await t.loginAs("member");
    const tagId = await kit.makeTag();
    const payload = {
      title: "刚信主，怎样读经？",
      body: BODY,
      tagIds: [tagId],
    };
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.request({
          method: "POST",
          url: "/tjc/ask/questions",
          token: asker,
          payload,
        }),
      ),
    );
    const ids = new Set(
      responses.map((response) => {
        expect(response.json().code, response.body).toBe(0);
        return response.json().data.id as number;
      }),
    );
    expect(ids.size).toBe(1);
    const userId = await kit.userIdOf(asker);
    const count = async () =>
      Number(
        (
          await t.app.store.db
            .selectFrom("askQuestions")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("authorId", "=", userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(1);
    const another = await kit.ask(asker, { ...payload, title: "另一个问题" });
    expect(ids.has(another.id)).toBe(false);
    expect(await count()).toBe(2);
  });
});
