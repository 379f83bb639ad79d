import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "kysely";
import { askKit } from "../../routes/ask/ask-test-kit.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { up } from "./0031a-notification-actors.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("migration 0031a: who caused a notification", () => {
  test("older notices learn their actor from the post, moderation notices keep none", async () => {
    const kit = askKit(t);
    const asker = await t.loginAs("member");
    const answerer = await t.loginAs("member");
    const askerId = await kit.userIdOf(asker);
    const answererId = await kit.userIdOf(answerer);
    const question = await kit.ask(asker);
    const reply = await kit.answer(answerer, question.id);
    const accepted = await t.request({
      method: "POST",
      url: `/tjc/ask/questions/${question.id}/accept`,
      token: asker,
      payload: { answerId: reply.id },
    });
    expect(accepted.json().code, accepted.body).toBe(0);
    const db = t.app.store.db;
    await db
      .insertInto("askNotifications")
      .values({
        userId: answererId,
        kind: "hidden",
        questionId: question.id,
        answerId: reply.id,
        actorId: null,
        readAt: null,
        createdAt: new Date().toISOString(),
      })
      .execute();
    // Back to the schema before 0031a.
    await sql`alter table ask_notifications drop column actor_id`.execute(db);

    await up(db as never, t.app.store.kind);

    const rows = await db
      .selectFrom("askNotifications")
      .select(["userId", "kind", "actorId"])
      .where("userId", "in", [askerId, answererId])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { userId: askerId, kind: "answered", actorId: answererId },
      { userId: answererId, kind: "accepted", actorId: askerId },
      { userId: answererId, kind: "hidden", actorId: null },
    ]);
  });
});
