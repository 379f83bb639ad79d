import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { reindexAnswer } from "./search.js";
import { sql } from "kysely";
import { z } from "zod";
import { Code } from "../../../common/codes.js";
import {
  answerInputSchema,
  answerSchema,
} from "../../../common/schemas/ask.js";
import { nowIso } from "../../db/dialect.js";
import type { Store } from "../../db/store.js";
import { ok } from "../../http/envelope.js";
import { notFound } from "../../http/errors.js";
import { listQuerySchema, parseRange } from "../../resources/list-query.js";
import { envelope, versionField } from "../../resources/resource-definition.js";
import { assertNotMuted } from "../../services/ask-mute.js";
import {
  assertMayPostAnonymously,
  checkBannedWords,
  checkNewPost,
} from "../../services/ask-rules.js";
import type { Language } from "../../../common/codes.js";
import { requireVerifiedEmail } from "../../services/email-verification.js";
import {
  notify,
  refreshAnswerCount,
} from "../../services/ask-notifications.js";
import { PUBLIC_STATUSES, answerQuery, toAnswerRecord } from "./records.js";
import {
  ASK_TAGS,
  memberRateLimit,
  assertEditable,
  idParams,
  lockQuestion,
  memberId,
  repeatedPost,
  refusal,
  storedBody,
} from "./shared.js";

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
  const [rows, count] = await Promise.all([
    where
      .orderBy(
        sql`case when ask_answers.id = ask_questions.accepted_answer_id then 0 else 1 end`,
      )
      .orderBy("askAnswers.score", "desc")
      .orderBy("askAnswers.createdAt", "asc")
      .orderBy("askAnswers.id", "asc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    where
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((row) => toAnswerRecord(row, language)),
    total: Number(count.total),
  };
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
  const [rows, count] = await Promise.all([
    where
      .orderBy("askAnswers.recommendedAt", "desc")
      .orderBy("askAnswers.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    where
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((row) => ({
      ...toAnswerRecord(row, language),
      questionTitle: row.questionTitle,
      recommendNote: row.recommendNote,
    })),
    total: Number(count.total),
  };
}

const recommendedSchema = answerSchema.extend({
  questionTitle: z.string(),
  /** The moderator's note shown with the recommendation (issue 15). */
  recommendNote: z.string().nullable(),
});

async function oneAnswer(store: Store, answerId: number, language: Language) {
  return toAnswerRecord(
    await answerQuery(store.db)
      .where("askAnswers.id", "=", answerId)
      .executeTakeFirstOrThrow(),
    language,
  );
}

export const answerRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/ask/questions/:id/answers",
    {
      config: { permission: "public" },
      schema: {
        tags: ASK_TAGS,
        summary:
          "A public question's answers: the accepted one first, then by score",
        params: idParams,
        querystring: listQuerySchema.pick({ range: true }),
        response: {
          200: envelope(
            z.object({ list: z.array(answerSchema), total: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const question = await app.store.db
        .selectFrom("askQuestions")
        .select("id")
        .where("id", "=", request.params.id)
        .where("status", "in", PUBLIC_STATUSES)
        .executeTakeFirst();
      if (!question) throw notFound();
      return ok(
        await listAnswers(
          app.store,
          question.id,
          parseRange(request.query.range ?? "[0,19]", request.language),
          request.language,
        ),
      );
    },
  );

  app.get(
    "/ask/recommended",
    {
      config: { permission: "public" },
      schema: {
        tags: ASK_TAGS,
        summary: "The answers moderators recommended",
        querystring: listQuerySchema.pick({ range: true }),
        response: {
          200: envelope(
            z.object({ list: z.array(recommendedSchema), total: z.number() }),
          ),
        },
      },
    },
    async (request) =>
      ok(
        await listRecommended(
          app.store,
          parseRange(request.query.range ?? "[0,19]", request.language),
          request.language,
        ),
      ),
  );

  registerAnswerWrites(app);
};

/** A member answers a question (a double click posts once) and edits their answer. */
function registerAnswerWrites(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/ask/questions/:id/answers",
    {
      config: {
        permission: "community:answer",
        rateLimit: memberRateLimit(20),
      },
      schema: {
        tags: ASK_TAGS,
        summary: "Answer a question (members)",
        params: idParams,
        body: answerInputSchema,
        response: { 200: envelope(answerSchema) },
      },
    },
    async (request) => {
      const userId = memberId(request);
      await assertNotMuted(app.store, userId);
      await requireVerifiedEmail(app, request);
      const anonymous = request.body.anonymous === true;
      if (anonymous) await assertMayPostAnonymously(app, request, userId);
      const body = storedBody(request.body.body, request);
      const post = { questionId: request.params.id, authorId: userId, body };
      // The same answer sent twice is the first one (REPEAT_POST_WINDOW_MS): checked here
      // so a repeat is never refused by the daily limit, and again under the lock.
      const earlier = await repeatedPost(app.store.db, post);
      if (earlier !== undefined)
        return ok(await oneAnswer(app.store, earlier, request.language));
      const { pendingReason } = await checkNewPost(
        app,
        request,
        "answer",
        userId,
        { body },
      );
      const answerId = await app.store.transaction(async (trx) => {
        const question = await lockQuestion(trx, request.params.id);
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
            anonymous: anonymous ? 1 : 0,
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
      return ok(await oneAnswer(app.store, answerId, request.language));
    },
  );

  app.put(
    "/ask/answers/:id",
    {
      config: {
        permission: "community:answer",
        rateLimit: memberRateLimit(20),
      },
      schema: {
        tags: ASK_TAGS,
        summary: "Edit one's own answer, within 24 hours of answering",
        params: idParams,
        body: answerInputSchema.extend(versionField.shape),
        response: { 200: envelope(answerSchema) },
      },
    },
    async (request) => {
      const userId = memberId(request);
      await assertNotMuted(app.store, userId);
      const body = storedBody(request.body.body, request);
      const review = checkBannedWords(app, request, { body });
      const current = await app.store.db
        .selectFrom("askAnswers")
        .select(["authorId", "createdAt", "status"])
        .where("id", "=", request.params.id)
        .executeTakeFirst();
      if (!current || current.status === "deleted") throw notFound();
      assertEditable(current, request);
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
          .where("id", "=", request.params.id)
          .where("version", "=", request.body.version)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0)
          throw refusal(Code.CONFLICT, "staleEdit", request);
        await reindexAnswer(trx, app, request.params.id, { body });
        if (review && current.status === "visible") {
          const { questionId } = await trx
            .selectFrom("askAnswers")
            .select("questionId")
            .where("id", "=", request.params.id)
            .executeTakeFirstOrThrow();
          await refreshAnswerCount(trx, questionId);
        }
      });
      return ok(
        await oneAnswer(app.store, request.params.id, request.language),
      );
    },
  );
}
