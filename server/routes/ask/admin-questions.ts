import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { questionModerationSchema } from "../../../common/schemas/ask-moderation.js";
import { ok } from "../../http/envelope.js";
import { notFound } from "../../http/errors.js";
import { listQuerySchema } from "../../resources/list-query.js";
import { envelope, idParams } from "../../resources/resource-definition.js";
import { highlightSchema } from "../../resources/list-routes.js";
import {
  adminQuestionFilterSchema,
  adminQuestionPage,
  adminQuestionSchema,
  adminQuestions,
  moderationHistory,
} from "../../services/ask/admin-posts.js";
import {
  QUESTION_BATCH_ACTIONS,
  moderateQuestion,
  moderateQuestions,
} from "../../services/ask/moderation.js";
import { questionHighlights } from "../../services/ask/questions.js";
import { ASK_TAGS, assertSomeChange, parseAdminList } from "./shared.js";

/*
 * The moderators' question routes: validate, authorize, call services/ask (admin-posts.ts
 * reads, moderation.ts writes), present.
 */

const SORTABLE = [
  "id",
  "createdAt",
  "updatedAt",
  "score",
  "answerCount",
  "views",
  "status",
] as const;

export const adminQuestionRoutes: FastifyPluginAsync = async (app) => {
  registerQuestionReads(app);
  registerQuestionModeration(app);
};

/** The moderators' list, one question, and its moderation history. */
function registerQuestionReads(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/ask/admin/questions",
    {
      config: { permission: "askTopic:read" },
      schema: {
        tags: ASK_TAGS,
        summary:
          'Every question in every state (moderators); filter {"q","status","tagId","authorId","author","hasOpenReports","pinned","createdFrom","createdTo","passage"}',
        querystring: listQuerySchema,
        response: {
          200: envelope(
            z.object({
              list: z.array(adminQuestionSchema),
              total: z.number(),
              highlights: z
                .record(z.string(), z.record(z.string(), highlightSchema))
                .optional()
                .describe(
                  "With a keyword: each question's matched words in title and body",
                ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const query = parseAdminList(request.query, request.language, {
        filter: adminQuestionFilterSchema,
        sortable: SORTABLE,
        fallback: ["createdAt", "DESC"],
      });
      const filter = query.filter;
      const { list, total } = await adminQuestionPage(
        app.store.db,
        app.store.kind,
        { ...query, language: request.language },
      );
      return ok({
        list,
        total,
        ...(filter.q ? { highlights: questionHighlights(list, filter.q) } : {}),
      });
    },
  );

  app.get(
    "/ask/admin/questions/:id",
    {
      config: { permission: "askTopic:read" },
      schema: {
        tags: ASK_TAGS,
        summary: "One question, whatever its state (moderators)",
        params: idParams,
        response: { 200: envelope(adminQuestionSchema) },
      },
    },
    async (request) => {
      const [record] = await adminQuestions(
        app.store.db,
        [request.params.id],
        request.language,
      );
      if (!record) throw notFound();
      return ok(record);
    },
  );

  app.get(
    "/ask/admin/questions/:id/history",
    {
      config: { permission: "askTopic:read" },
      schema: {
        tags: ASK_TAGS,
        summary:
          "A question's moderation history, its answers' included, newest first",
        params: idParams,
        response: {
          200: envelope(
            z.object({
              list: z.array(
                z.object({
                  id: z.number(),
                  targetType: z.string(),
                  targetId: z.number(),
                  action: z.string(),
                  fromStatus: z.string().nullable(),
                  toStatus: z.string().nullable(),
                  reason: z.string().nullable(),
                  moderator: z.string().nullable(),
                  createdAt: z.string(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const rows = await moderationHistory(app.store.db, request.params.id);
      return ok({ list: rows });
    },
  );
}

/** Moderating one question, and one action on many. */
function registerQuestionModeration(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.put(
    "/ask/admin/questions/:id",
    {
      config: { permission: "askTopic:update" },
      schema: {
        tags: ASK_TAGS,
        summary:
          "Moderate a question: status (with reason), pinned, title, tags; needs the version",
        params: idParams,
        body: questionModerationSchema,
        response: { 200: envelope(adminQuestionSchema) },
      },
    },
    async (request) => {
      const body = request.body;
      assertSomeChange(body, ["status", "pinned", "title", "tagIds"], request);
      await app.store.transaction((trx) =>
        moderateQuestion(trx, request, request.params.id, body),
      );
      const [record] = await adminQuestions(
        app.store.db,
        [request.params.id],
        request.language,
      );
      return ok(record!);
    },
  );

  app.post(
    "/ask/admin/questions/batch",
    {
      config: { permission: "askTopic:update" },
      schema: {
        tags: ASK_TAGS,
        summary:
          "One action on many questions, in one transaction: all or none (moderators)",
        body: z.object({
          action: z.enum(QUESTION_BATCH_ACTIONS),
          ids: z.array(idParams.shape.id).min(1).max(100),
          reason: z.string().trim().max(500).optional(),
        }),
        response: {
          200: envelope(z.object({ ids: z.array(z.number()) })),
        },
      },
    },
    async (request) => {
      const { action, reason } = request.body;
      const ids = [...new Set(request.body.ids)];
      await app.store.transaction((trx) =>
        moderateQuestions(trx, request, ids, action, reason),
      );
      return ok({ ids });
    },
  );
}
