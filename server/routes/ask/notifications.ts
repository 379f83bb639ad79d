import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  answerSchema,
  hiddenPostsSchema,
  notificationSchema,
  questionSchema,
} from "../../../common/schemas/ask.js";
import { nowIso } from "../../db/dialect.js";
import { ok } from "../../http/envelope.js";
import { listQuerySchema, parseRange } from "../../resources/list-query.js";
import { mutedUntil } from "../../services/ask-mute.js";
import { noticeActors } from "./notice-actors.js";
import {
  answerQuery,
  pageWithTotal,
  questionQuery,
  toAnswerRecord,
  toQuestionRecords,
} from "../../services/ask/records.js";
import {
  MAX_INT32,
  envelope,
  idParams,
} from "../../resources/resource-definition.js";
import { ASK_TAGS, memberId } from "./shared.js";

const rangeOnly = listQuerySchema.pick({ range: true });

const pageOf = (range: string | undefined, language: "zh-CN" | "en-US") =>
  parseRange(range ?? "[0,19]", language);

/** A member's notifications and their own page (their questions and answers). */
export const notificationRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/ask/notifications",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ASK_TAGS,
        summary:
          "The caller's notifications, newest first, and how many are unread",
        querystring: rangeOnly,
        response: {
          200: envelope(
            z.object({
              list: z.array(notificationSchema),
              total: z.number(),
              unread: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const userId = memberId(request);
      const page = pageOf(request.query.range, request.language);
      const mine = app.store.db
        .selectFrom("askNotifications")
        .where("askNotifications.userId", "=", userId);
      const [rows, total, unread] = await Promise.all([
        mine
          .leftJoin(
            "askQuestions",
            "askQuestions.id",
            "askNotifications.questionId",
          )
          .select([
            "askNotifications.id",
            "askNotifications.kind",
            "askNotifications.questionId",
            "askNotifications.answerId",
            "askNotifications.count",
            "askNotifications.actorId",
            "askNotifications.readAt",
            "askNotifications.createdAt",
            "askQuestions.title as questionTitle",
          ])
          .orderBy("askNotifications.id", "desc")
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        mine
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
        mine
          .where("askNotifications.readAt", "is", null)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
      ]);
      const actors = await noticeActors(app.store.db, rows, request.language);
      return ok({
        list: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          questionId: row.questionId,
          questionTitle: row.questionTitle ?? null,
          answerId: row.answerId,
          count: Number(row.count),
          actor: actors.get(row.id) ?? null,
          read: row.readAt !== null,
          createdAt: row.createdAt,
        })),
        total: Number(total.n),
        unread: Number(unread.n),
      });
    },
  );

  app.post(
    "/ask/notifications/read",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ASK_TAGS,
        summary: "Mark notifications read: the ids given, or all of them",
        body: z
          .object({
            ids: z
              .array(z.number().int().positive().max(MAX_INT32))
              .max(1000)
              .optional(),
          })
          .default({}),
        response: { 200: envelope(z.object({ updated: z.number() })) },
      },
    },
    async (request) => {
      const ids = request.body?.ids;
      // No ids, nothing to mark (a bound `false` made SQLite refuse the statement: 500).
      if (ids !== undefined && ids.length === 0) return ok({ updated: 0 });
      const result = await app.store.db
        .updateTable("askNotifications")
        .set({ readAt: nowIso() })
        .where("userId", "=", memberId(request))
        .where("readAt", "is", null)
        .$if(ids !== undefined, (qb) => qb.where("id", "in", ids!))
        .executeTakeFirst();
      return ok({ updated: Number(result.numUpdatedRows) });
    },
  );
  registerOwnPosts(app);
};

/** A member's own page: their profile's counts, their questions, answers and hidden posts. */
function registerOwnPosts(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/ask/me",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ASK_TAGS,
        summary:
          "The caller's community status: unread notifications and, when muted, until when",
        response: {
          200: envelope(
            z.object({
              unread: z.number(),
              mutedUntil: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const userId = memberId(request);
      const unread = await app.store.db
        .selectFrom("askNotifications")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("userId", "=", userId)
        .where("readAt", "is", null)
        .executeTakeFirstOrThrow();
      return ok({
        unread: Number(unread.n),
        mutedUntil: await mutedUntil(app.store, userId),
      });
    },
  );

  app.get(
    "/ask/me/questions",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ASK_TAGS,
        summary: "The caller's own questions, in every state but deleted",
        querystring: rangeOnly,
        response: {
          200: envelope(
            z.object({ list: z.array(questionSchema), total: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const page = pageOf(request.query.range, request.language);
      const where = questionQuery(app.store.db)
        .where("askQuestions.authorId", "=", memberId(request))
        .where("askQuestions.status", "!=", "deleted");
      const { rows, total } = await pageWithTotal(where, page, [
        ["askQuestions.createdAt", "desc"],
        ["askQuestions.id", "desc"],
      ]);
      return ok({
        list: await toQuestionRecords(app.store.db, rows, request.language),
        total,
      });
    },
  );

  app.get(
    "/ask/me/answers",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ASK_TAGS,
        summary: "The caller's own answers, in every state but deleted",
        querystring: rangeOnly,
        response: {
          200: envelope(
            z.object({
              list: z.array(answerSchema.extend({ questionTitle: z.string() })),
              total: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const page = pageOf(request.query.range, request.language);
      const where = answerQuery(app.store.db)
        .where("askAnswers.authorId", "=", memberId(request))
        .where("askAnswers.status", "!=", "deleted");
      const { rows, total } = await pageWithTotal(where, page, [
        ["askAnswers.createdAt", "desc"],
        ["askAnswers.id", "desc"],
      ]);
      return ok({
        list: rows.map((row) => ({
          ...toAnswerRecord(row, request.language),
          questionTitle: row.questionTitle,
        })),
        total,
      });
    },
  );
}

/** What a "hidden" notice leads to: the caller's own hidden posts with the reason. */
export const hiddenPostRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/ask/me/hidden",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ASK_TAGS,
        summary:
          "The caller's own hidden posts on a question, with the moderator's reason: what a 'hidden' notice leads to",
        querystring: z.object({ questionId: idParams.shape.id }),
        response: { 200: envelope(hiddenPostsSchema) },
      },
    },
    async (request) => {
      const userId = memberId(request);
      const { questionId } = request.query;
      const [question, answers] = await Promise.all([
        app.store.db
          .selectFrom("askQuestions")
          .select(["id", "title", "body", "moderationReason"])
          .where("id", "=", questionId)
          .where("authorId", "=", userId)
          .where("status", "=", "hidden")
          .executeTakeFirst(),
        app.store.db
          .selectFrom("askAnswers")
          .select(["id", "body", "moderationReason"])
          .where("questionId", "=", questionId)
          .where("authorId", "=", userId)
          .where("status", "=", "hidden")
          .orderBy("id")
          .limit(100)
          .execute(),
      ]);
      return ok({
        question: question
          ? {
              id: question.id,
              title: question.title,
              body: question.body,
              reason: question.moderationReason,
            }
          : null,
        answers: answers.map((answer) => ({
          id: answer.id,
          body: answer.body,
          reason: answer.moderationReason,
        })),
      });
    },
  );
};
