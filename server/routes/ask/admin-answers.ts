import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { answerModerationSchema } from "../../../common/schemas/ask-moderation.js";
import { ok } from "../../http/envelope.js";
import { notFound } from "../../http/errors.js";
import { listQuerySchema } from "../../resources/list-query.js";
import { envelope, idParams } from "../../resources/resource-definition.js";
import {
  ADMIN_ANSWER_SORTABLE,
  adminAnswerFilterSchema,
  adminAnswerPage,
  adminAnswerSchema,
  adminAnswers,
  answerRevisions,
} from "../../services/ask/admin-posts.js";
import { moderateAnswer } from "../../services/ask/moderation.js";
import { ASK_TAGS, assertSomeChange, parseAdminList } from "./shared.js";

/*
 * The moderators' answer routes: validate, authorize, call services/ask (admin-posts.ts
 * reads, moderation.ts writes), present.
 */

export const adminAnswerRoutes: FastifyPluginAsync = async (parent) => {
  registerAnswerList(parent);
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/ask/admin/questions/:id/answers",
    {
      config: { permission: "askAnswer:read" },
      schema: {
        tags: ASK_TAGS,
        summary:
          "All of a question's answers in every state, oldest first (moderators)",
        params: idParams,
        response: {
          200: envelope(
            z.object({ list: z.array(adminAnswerSchema), total: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const question = await app.store.db
        .selectFrom("askQuestions")
        .select("id")
        .where("id", "=", request.params.id)
        .executeTakeFirst();
      if (!question) throw notFound();
      const list = await adminAnswers(
        app.store.db,
        { questionId: question.id },
        request.language,
      );
      return ok({ list, total: list.length });
    },
  );

  app.get(
    "/ask/admin/answers/:id/revisions",
    {
      config: { permission: "askAnswer:read" },
      schema: {
        tags: ASK_TAGS,
        summary: "An answer's earlier bodies, newest first (moderators)",
        params: idParams,
        response: {
          200: envelope(
            z.object({
              list: z.array(
                z.object({
                  id: z.number(),
                  body: z.string(),
                  editor: z.string().nullable(),
                  createdAt: z.string(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const list = await answerRevisions(app.store.db, request.params.id);
      return ok({ list });
    },
  );

  app.put(
    "/ask/admin/answers/:id",
    {
      config: { permission: "askAnswer:update" },
      schema: {
        tags: ASK_TAGS,
        summary:
          "Moderate an answer: status (with reason), recommended (with note), body (a revision is kept); needs the version",
        params: idParams,
        body: answerModerationSchema,
        response: { 200: envelope(adminAnswerSchema) },
      },
    },
    async (request) => {
      const body = request.body;
      assertSomeChange(
        body,
        ["status", "recommended", "recommendNote", "body"],
        request,
      );
      await app.store.transaction((trx) =>
        moderateAnswer(trx, request, request.params.id, body),
      );
      const [record] = await adminAnswers(
        app.store.db,
        { id: request.params.id },
        request.language,
      );
      return ok(record!);
    },
  );
};

/** The moderators' answer list (react-admin's getList) and one answer (its getOne). */
function registerAnswerList(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/ask/admin/answers",
    {
      config: { permission: "askAnswer:read" },
      schema: {
        tags: ASK_TAGS,
        summary:
          'Answers in every state, oldest first (moderators\' list); filter {"questionId","status","recommended"}',
        querystring: listQuerySchema,
        response: {
          200: envelope(
            z.object({ list: z.array(adminAnswerSchema), total: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const query = parseAdminList(request.query, request.language, {
        filter: adminAnswerFilterSchema,
        sortable: ADMIN_ANSWER_SORTABLE,
        fallback: ["createdAt", "ASC"],
      });
      return ok(
        await adminAnswerPage(app.store.db, {
          ...query,
          language: request.language,
        }),
      );
    },
  );

  app.get(
    "/ask/admin/answers/:id",
    {
      config: { permission: "askAnswer:read" },
      schema: {
        tags: ASK_TAGS,
        summary: "One answer, whatever its state (moderators)",
        params: idParams,
        response: { 200: envelope(adminAnswerSchema) },
      },
    },
    async (request) => {
      const [record] = await adminAnswers(
        app.store.db,
        { id: request.params.id },
        request.language,
      );
      if (!record) throw notFound();
      return ok(record);
    },
  );
}
