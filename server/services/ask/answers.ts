import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql } from "kysely";
import { Code } from "../../../common/codes.js";
import type { Language } from "../../../common/codes.js";
import { nowIso } from "../../db/dialect.js";
import type { Store } from "../../db/store.js";
import { notFound } from "../../http/errors.js";
import { notify, refreshAnswerCount } from "../ask-notifications.js";
import { checkBannedWords, checkNewPost } from "../ask-rules.js";
import {
  assertEditable,
  lockQuestion,
  refusal,
  repeatedPost,
  storedBody,
} from "./posts.js";
import {
  PUBLIC_STATUSES,
  answerQuery,
  pageWithTotal,
  toAnswerRecord,
} from "./records.js";
import { reindexAnswer } from "./search.js";

/*
 * The community's answers: a question's list and the recommended ones (the API and the
 * server-rendered pages read the same queries), and a member's writes (answer, edit).
 */

/** A question's visible answers: the accepted one first, then by score, then oldest first. */
export async function listAnswers(
  store: Store,
  questionId: number,
  page: { offset: number; limit: number },
  language: Language,
) {
  const where = answerQuery(store.db)
    .where("askAnswers.questionId", "=", questionId)
    .where("askAnswers.status", "=", "visible");
  const { rows, total } = await pageWithTotal(where, page, [
    [
      sql`case when ask_answers.id = ask_questions.accepted_answer_id then 0 else 1 end`,
      "asc",
    ],
    ["askAnswers.score", "desc"],
    ["askAnswers.createdAt", "asc"],
    ["askAnswers.id", "asc"],
  ]);
  return { list: rows.map((row) => toAnswerRecord(row, language)), total };
}

/** The answers moderators recommended, newest recommendation first, with their question. */
export async function listRecommended(
  store: Store,
  page: { offset: number; limit: number },
  language: Language,
) {
  const where = answerQuery(store.db)
    .where("askAnswers.recommended", "=", 1)
    .where("askAnswers.status", "=", "visible")
    .where("askQuestions.status", "in", PUBLIC_STATUSES);
  const { rows, total } = await pageWithTotal(where, page, [
    ["askAnswers.recommendedAt", "desc"],
    ["askAnswers.id", "desc"],
  ]);
  return {
    list: rows.map((row) => ({
      ...toAnswerRecord(row, language),
      questionTitle: row.questionTitle,
      recommendNote: row.recommendNote,
    })),
    total,
  };
}

/** One answer as its author reads it, whatever its state. */
export async function oneAnswer(
  store: Store,
  answerId: number,
  language: Language,
) {
  return toAnswerRecord(
    await answerQuery(store.db)
      .where("askAnswers.id", "=", answerId)
      .executeTakeFirstOrThrow(),
    language,
  );
}

/** The id of a public question (visible or closed), or undefined. */
export async function publicQuestionId(
  store: Store,
  questionId: number,
): Promise<number | undefined> {
  const question = await store.db
    .selectFrom("askQuestions")
    .select("id")
    .where("id", "=", questionId)
    .where("status", "in", PUBLIC_STATUSES)
    .executeTakeFirst();
  return question?.id;
}

/**
 * A member answers a public question and gets the answer's id. The same answer sent twice
 * is the first one (REPEAT_POST_WINDOW_MS): checked before the daily limit, so a repeat is
 * never refused by it, and again under the question's lock.
 */
export async function postAnswer(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
  questionId: number,
  input: { body: string; anonymous: boolean },
): Promise<number> {
  const body = storedBody(input.body, request);
  const post = { questionId, authorId: userId, body };
  const earlier = await repeatedPost(app.store.db, post);
  if (earlier !== undefined) return earlier;
  const { pendingReason } = await checkNewPost(app, request, "answer", userId, {
    body,
  });
  return app.store.transaction(async (trx) => {
    const question = await lockQuestion(trx, questionId);
    if (!question || !PUBLIC_STATUSES.includes(question.status))
      throw notFound();
    const repeat = await repeatedPost(trx, post);
    if (repeat !== undefined) return repeat;
    // A closed question takes no new answers.
    if (question.status === "closed")
      throw refusal(Code.CONFLICT, "questionClosed", request);
    const now = nowIso();
    const answer = await trx
      .insertInto("askAnswers")
      .values({
        questionId: question.id,
        body,
        authorId: userId,
        anonymous: input.anonymous ? 1 : 0,
        status: pendingReason ? "pending" : "visible",
        pendingReason,
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await reindexAnswer(trx, app, answer.id, { body });
    await refreshAnswerCount(trx, question.id);
    // A held answer tells the asker once a moderator approves it.
    if (pendingReason) return answer.id;
    await notify(trx, {
      userId: question.authorId,
      kind: "answered",
      questionId: question.id,
      answerId: answer.id,
      actorId: userId,
    });
    return answer.id;
  });
}

/** The author edits their answer within the edit window, at the version they read. */
export async function editAnswer(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
  answerId: number,
  input: { body: string; version: number },
): Promise<void> {
  const body = storedBody(input.body, request);
  const review = checkBannedWords(app, request, { body });
  const current = await app.store.db
    .selectFrom("askAnswers")
    .select(["authorId", "createdAt", "status"])
    .where("id", "=", answerId)
    .executeTakeFirst();
  if (!current || current.status === "deleted") throw notFound();
  assertEditable(current, userId);
  await app.store.transaction(async (trx) => {
    const updated = await trx
      .updateTable("askAnswers")
      .set((eb) => ({
        body,
        updatedAt: nowIso(),
        version: eb(eb.ref("version"), "+", 1),
        // A public answer that now holds a review word waits for review again.
        ...(review && current.status === "visible"
          ? { status: "pending" as const, pendingReason: review }
          : {}),
      }))
      .where("id", "=", answerId)
      .where("version", "=", input.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0)
      throw refusal(Code.CONFLICT, "staleEdit", request);
    await reindexAnswer(trx, app, answerId, { body });
    if (review && current.status === "visible") {
      const { questionId } = await trx
        .selectFrom("askAnswers")
        .select("questionId")
        .where("id", "=", answerId)
        .executeTakeFirstOrThrow();
      await refreshAnswerCount(trx, questionId);
    }
  });
}
