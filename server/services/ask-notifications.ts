import type { Transaction } from "kysely";
import type { Selectable } from "kysely";
import type { AskNotificationsTable, Database } from "../db/schema.js";
import { nowIso } from "../db/dialect.js";
import { hotScore } from "./ask-hot.js";
import { mailNoticeAtOnce } from "./notification-mail/instant.js";

type Trx = Transaction<Database>;

/**
 * Tells a member something happened to a post of theirs, and who did it (`actorId`; a
 * merged burst keeps its latest). Never tells them of their own act.
 */
export async function notify(
  trx: Trx,
  notice: {
    userId: number;
    kind: Selectable<AskNotificationsTable>["kind"];
    questionId: number | null;
    answerId?: number | null;
    actorId?: number;
  },
): Promise<void> {
  if (notice.actorId === notice.userId) return;
  let count = 1;
  let answerId = notice.answerId ?? null;
  if (notice.kind === "answered" && notice.questionId !== null) {
    // Answers to one question while the asker has not read the last notice about it
    // merge into that notice ("20 new answers"). It keeps its first answer, so the link
    // leads to where the new answers begin, and is written anew, so it heads the list.
    const unread = await trx
      .deleteFrom("askNotifications")
      .where("userId", "=", notice.userId)
      .where("kind", "=", "answered")
      .where("questionId", "=", notice.questionId)
      .where("readAt", "is", null)
      .returning(["count", "answerId"])
      .execute();
    for (const row of unread) {
      count += Number(row.count);
      if (
        row.answerId !== null &&
        (answerId === null || row.answerId < answerId)
      )
        answerId = row.answerId;
    }
  }
  const written = await trx
    .insertInto("askNotifications")
    .values({
      userId: notice.userId,
      kind: notice.kind,
      questionId: notice.questionId,
      answerId,
      count,
      actorId: notice.actorId ?? null,
      readAt: null,
      createdAt: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // A member who chose "at once" gets it by e-mail, queued in this same transaction.
  await mailNoticeAtOnce(trx, { id: written.id, userId: notice.userId });
}

/**
 * Marks an answer recommended (or not) and tells its author. For the moderation back
 * office (issue 15), which calls it inside its own transaction.
 */
export async function setRecommended(
  trx: Trx,
  answerId: number,
  recommended: boolean,
): Promise<boolean> {
  const answer = await trx
    .selectFrom("askAnswers")
    .select(["id", "authorId", "questionId", "recommended"])
    .where("id", "=", answerId)
    .executeTakeFirst();
  if (!answer) return false;
  if (Boolean(answer.recommended) === recommended) return true;
  await trx
    .updateTable("askAnswers")
    .set({
      recommended: recommended ? 1 : 0,
      recommendedAt: recommended ? nowIso() : null,
    })
    .where("id", "=", answerId)
    .execute();
  if (recommended) {
    await notify(trx, {
      userId: answer.authorId,
      kind: "recommended",
      questionId: answer.questionId,
      answerId,
    });
  }
  return true;
}

/**
 * Hides a question or an answer and tells its author. Hiding an answer takes it out of
 * its question's answer count (and the hot ranking that counts it).
 */
export async function hidePost(
  trx: Trx,
  target: { type: "question" | "answer"; id: number },
): Promise<boolean> {
  if (target.type === "question") {
    const question = await trx
      .updateTable("askQuestions")
      .set({ status: "hidden" })
      .where("id", "=", target.id)
      .where("status", "!=", "hidden")
      .returning(["id", "authorId"])
      .executeTakeFirst();
    if (!question) return false;
    await notify(trx, {
      userId: question.authorId,
      kind: "hidden",
      questionId: question.id,
    });
    return true;
  }
  const answer = await trx
    .updateTable("askAnswers")
    .set({ status: "hidden" })
    .where("id", "=", target.id)
    .where("status", "=", "visible")
    .returning(["id", "authorId", "questionId"])
    .executeTakeFirst();
  if (!answer) return false;
  await refreshAnswerCount(trx, answer.questionId);
  await notify(trx, {
    userId: answer.authorId,
    kind: "hidden",
    questionId: answer.questionId,
    answerId: answer.id,
  });
  return true;
}

/**
 * Recounts a question's visible answers and stores its hot ranking again. Recounting
 * (rather than adding one) keeps the count right whatever order writes land in.
 */
export async function refreshAnswerCount(
  trx: Trx,
  questionId: number,
): Promise<void> {
  const { count } = await trx
    .selectFrom("askAnswers")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("questionId", "=", questionId)
    .where("status", "=", "visible")
    .executeTakeFirstOrThrow();
  const question = await trx
    .selectFrom("askQuestions")
    .select(["score", "createdAt"])
    .where("id", "=", questionId)
    .executeTakeFirstOrThrow();
  const answerCount = Number(count);
  await trx
    .updateTable("askQuestions")
    .set({
      answerCount,
      hot: hotScore({
        score: question.score,
        answerCount,
        createdAt: question.createdAt,
      }),
    })
    .where("id", "=", questionId)
    .execute();
}
