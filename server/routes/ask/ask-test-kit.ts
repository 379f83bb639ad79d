import { expect } from "vitest";
import type { TestApp } from "../../test/helper.js";

/** Shared steps of the Q&A route tests. */
export function askKit(t: TestApp) {
  async function userIdOf(token: string): Promise<number> {
    const me = await t.request({ method: "GET", url: "/tjc/auth/me", token });
    return me.json().data.user.userId as number;
  }
  async function makeTag(
    name = `tag-${Math.random().toString(36).slice(2, 8)}`,
  ) {
    const row = await t.app.store.db
      .insertInto("askTags")
      .values({
        name,
        nameEn: null,
        description: null,
        sortOrder: 0,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  // Each default post differs: the same member's same post within ten minutes is a
  // repeat that answers the first one (shared.ts repeatedPost).
  let posts = 0;
  async function ask(
    token: string,
    payload: Record<string, unknown> = {},
  ): Promise<{ id: number; version: number; [key: string]: unknown }> {
    const tagId = payload.tagIds ? undefined : await makeTag();
    const response = await t.request({
      method: "POST",
      url: "/tjc/ask/questions",
      token,
      payload: {
        title: `How do we pray together? (${(posts += 1)})`,
        body: "<p>Our small group wants to pray.</p>",
        tagIds: [tagId],
        ...payload,
      },
    });
    expect(response.json().code, response.body).toBe(0);
    return response.json().data;
  }
  async function answer(
    token: string,
    questionId: number,
    body = `<p>Start with the Lord's prayer. (${(posts += 1)})</p>`,
  ): Promise<{ id: number; version: number; [key: string]: unknown }> {
    const response = await t.request({
      method: "POST",
      url: `/tjc/ask/questions/${questionId}/answers`,
      token,
      payload: { body },
    });
    expect(response.json().code, response.body).toBe(0);
    return response.json().data;
  }
  function vote(
    token: string,
    targetType: "question" | "answer",
    targetId: number,
    value: number,
  ) {
    return t.request({
      method: "POST",
      url: "/tjc/ask/votes",
      token,
      payload: { targetType, targetId, value },
    });
  }
  return { userIdOf, makeTag, ask, answer, vote };
}
