import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  answerInputSchema,
  answerSchema,
} from "../../../common/schemas/ask.js";
import { ok } from "../../http/envelope.js";
import { notFound } from "../../http/errors.js";
import { listQuerySchema, parseRange } from "../../resources/list-query.js";
import {
  envelope,
  idParams,
  versionField,
} from "../../resources/resource-definition.js";
import {
  editAnswer,
  listAnswers,
  listRecommended,
  oneAnswer,
  postAnswer,
  publicQuestionId,
} from "../../services/ask/answers.js";
import {
  ASK_TAGS,
  memberRateLimit,
  newPostAuthor,
  unmutedMember,
} from "./shared.js";

/* The answers' HTTP routes: validate, authorize, call services/ask/answers.ts, present. */

const recommendedSchema = answerSchema.extend({
  questionTitle: z.string(),
  /** The moderator's note shown with the recommendation (issue 15). */
  recommendNote: z.string().nullable(),
});

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
      const questionId = await publicQuestionId(app.store, request.params.id);
      if (questionId === undefined) throw notFound();
      return ok(
        await listAnswers(
          app.store,
          questionId,
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
      const { userId, anonymous } = await newPostAuthor(app, request);
      const answerId = await postAnswer(
        app,
        request,
        userId,
        request.params.id,
        {
          body: request.body.body,
          anonymous,
        },
      );
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
      const userId = await unmutedMember(app, request);
      await editAnswer(app, request, userId, request.params.id, request.body);
      return ok(
        await oneAnswer(app.store, request.params.id, request.language),
      );
    },
  );
}
