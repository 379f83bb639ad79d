import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import { ok } from "../../http/envelope.js";
import { listQuerySchema, parseRange } from "../../resources/list-query.js";
import { envelope } from "../../resources/resource-definition.js";
import { excerptOf, moderatorAuthor } from "../../services/ask/records.js";
import { ASK_TAGS } from "./shared.js";

const reviewItemSchema = z.object({
  /** "question:<id>" or "answer:<id>": one key for both kinds. */
  id: z.string(),
  targetType: z.enum(["question", "answer"]),
  targetId: z.number().int(),
  questionId: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  body: z.string(),
  pendingReason: z.string().nullable(),
  author: z.object({
    userId: z.number(),
    userName: z.string(),
    anonymous: z.boolean(),
  }),
  createdAt: z.string(),
  version: z.number().int(),
});

/**
 * The review queue (issue 15 item 7): questions and answers held by pre-moderation or a
 * review word, oldest first. Approve and reject go through each kind's PUT route.
 */
export const adminReviewRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/ask/admin/review",
    {
      config: { permission: "askTopic:read" },
      schema: {
        tags: ASK_TAGS,
        summary: "Posts waiting for review, oldest first (moderators)",
        querystring: listQuerySchema.pick({ range: true }),
        response: {
          200: envelope(
            z.object({ list: z.array(reviewItemSchema), total: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const { offset, limit } = parseRange(
        request.query.range ?? "[0,24]",
        request.language,
      );
      const db = app.store.db;
      const questions = db
        .selectFrom("askQuestions")
        .select([
          sql<string>`'question'`.as("targetType"),
          "askQuestions.id as targetId",
          "askQuestions.id as questionId",
          "askQuestions.createdAt",
        ])
        .where("askQuestions.status", "=", "pending");
      const answers = db
        .selectFrom("askAnswers")
        .select([
          sql<string>`'answer'`.as("targetType"),
          "askAnswers.id as targetId",
          "askAnswers.questionId",
          "askAnswers.createdAt",
        ])
        .where("askAnswers.status", "=", "pending");
      const page = await db
        .selectFrom(questions.unionAll(answers).as("queue"))
        .selectAll()
        .orderBy("createdAt", "asc")
        .orderBy("targetId", "asc")
        .limit(limit)
        .offset(offset)
        .execute();
      const total = await pendingCount(app);
      const questionIds = page
        .filter((row) => row.targetType === "question")
        .map((row) => row.targetId);
      const answerIds = page
        .filter((row) => row.targetType === "answer")
        .map((row) => row.targetId);
      const questionRows =
        questionIds.length === 0
          ? []
          : await db
              .selectFrom("askQuestions")
              .innerJoin("users", "users.id", "askQuestions.authorId")
              .select([
                "askQuestions.id",
                "askQuestions.title",
                "askQuestions.body",
                "askQuestions.pendingReason",
                "askQuestions.authorId",
                "askQuestions.anonymous",
                "users.userName",
                "askQuestions.version",
              ])
              .where("askQuestions.id", "in", questionIds)
              .execute();
      const answerRows =
        answerIds.length === 0
          ? []
          : await db
              .selectFrom("askAnswers")
              .innerJoin("users", "users.id", "askAnswers.authorId")
              .innerJoin(
                "askQuestions",
                "askQuestions.id",
                "askAnswers.questionId",
              )
              .select([
                "askAnswers.id",
                "askQuestions.title",
                "askAnswers.body",
                "askAnswers.pendingReason",
                "askAnswers.authorId",
                "askAnswers.anonymous",
                "users.userName",
                "askAnswers.version",
              ])
              .where("askAnswers.id", "in", answerIds)
              .execute();
      const list = page.flatMap((row) => {
        const found =
          row.targetType === "question"
            ? questionRows.find((q) => q.id === row.targetId)
            : answerRows.find((a) => a.id === row.targetId);
        if (!found) return [];
        return [
          {
            id: `${row.targetType}:${row.targetId}`,
            targetType: row.targetType as "question" | "answer",
            targetId: Number(row.targetId),
            questionId: Number(row.questionId),
            title: found.title,
            excerpt: excerptOf(found.body),
            body: found.body,
            pendingReason: found.pendingReason,
            author: moderatorAuthor(found, request.language),
            createdAt: row.createdAt,
            version: found.version,
          },
        ];
      });
      return ok({ list, total });
    },
  );

  app.get(
    "/ask/admin/review/count",
    {
      config: { permission: "askTopic:read" },
      schema: {
        tags: ASK_TAGS,
        summary: "How many posts wait for review (the menu's badge)",
        response: { 200: envelope(z.object({ count: z.number().int() })) },
      },
    },
    async () => ok({ count: await pendingCount(app) }),
  );
};

async function pendingCount(app: {
  store: import("../../db/store.js").Store;
}): Promise<number> {
  const [questions, answers] = await Promise.all([
    app.store.db
      .selectFrom("askQuestions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow(),
    app.store.db
      .selectFrom("askAnswers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow(),
  ]);
  return Number(questions.n) + Number(answers.n);
}
