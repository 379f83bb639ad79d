import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Language } from "../../../common/codes.js";
import {
  acceptInputSchema,
  questionInputSchema,
  questionSchema,
  type AskTab,
} from "../../../common/schemas/ask.js";
import { ok } from "../../http/envelope.js";
import { notFound } from "../../http/errors.js";
import { listQuerySchema, parseListQuery } from "../../resources/list-query.js";
import {
  envelope,
  idParams,
  versionField,
} from "../../resources/resource-definition.js";
import {
  acceptAnswer,
  askQuestion,
  callerVotes,
  countView,
  editQuestion,
  findPublicQuestion,
  listPublicQuestions,
  ownAnonymousPosts,
  ownQuestion,
  questionFilterSchema,
  visitOf,
} from "../../services/ask/questions.js";
import {
  ASK_TAGS,
  memberId,
  memberRateLimit,
  newPostAuthor,
  unmutedMember,
} from "./shared.js";

/*
 * The public questions' HTTP routes: validate, authorize, call services/ask/questions.ts,
 * present.
 */

const SORTABLE = ["createdAt", "hot", "score", "answerCount", "views"] as const;
const TAB_SORT: Record<AskTab, [string, "ASC" | "DESC"]> = {
  newest: ["createdAt", "DESC"],
  unanswered: ["createdAt", "DESC"],
  hot: ["hot", "DESC"],
};

export function parseQuestionList(
  query: z.infer<typeof listQuerySchema>,
  language: Language,
) {
  return {
    ...parseListQuery(query, language, {
      filter: questionFilterSchema,
      sortable: SORTABLE,
      fallback: (filter) => TAB_SORT[filter.tab ?? "newest"],
      range: "[0,19]",
    }),
    language,
  };
}

const parts = z.array(
  z.object({ text: z.string(), hit: z.literal(true).optional() }),
);
const listSchema = envelope(
  z.object({
    list: z.array(questionSchema),
    total: z.number(),
    highlights: z
      .record(
        z.string(),
        z.object({ title: parts.optional(), body: parts.optional() }),
      )
      .optional()
      .describe("With a keyword: each question's matched words, as parts"),
  }),
);

export const questionRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/ask/questions",
    {
      config: { permission: "public" },
      schema: {
        tags: ASK_TAGS,
        summary:
          'Public questions; filter {"q", "tagId", "tab": "newest"|"unanswered"|"hot"}',
        querystring: listQuerySchema,
        response: { 200: listSchema },
      },
    },
    async (request) =>
      ok(
        await listPublicQuestions(
          app.store,
          parseQuestionList(request.query, request.language),
        ),
      ),
  );

  app.get(
    "/ask/questions/:id",
    {
      config: { permission: "public" },
      schema: {
        tags: ASK_TAGS,
        summary: "A public question; counts a view",
        params: idParams,
        response: { 200: envelope(questionSchema) },
      },
    },
    async (request) => {
      const question = await findPublicQuestion(
        app.store,
        request.params.id,
        request.language,
      );
      if (!question) throw notFound();
      return ok({
        ...question,
        views: countView(app.store, question, visitOf(request)),
      });
    },
  );

  registerQuestionWrites(app);

  app.get(
    "/ask/questions/:id/votes",
    {
      config: { permission: "community:vote" },
      schema: {
        tags: ASK_TAGS,
        summary:
          "The caller's votes on a question and its answers (1, -1; absent: none)",
        params: idParams,
        response: {
          200: envelope(
            z.object({
              question: z.number().int(),
              answers: z.record(z.string(), z.number().int()),
              mine: z
                .object({
                  question: z.boolean(),
                  answers: z.array(z.number().int()),
                })
                .describe(
                  "The caller's own anonymous posts here (the page names nobody), so their page offers edit and accept",
                ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const userId = memberId(request);
      const questionId = request.params.id;
      const { question, answers } = await callerVotes(
        app.store,
        userId,
        questionId,
      );
      return ok({
        question,
        answers,
        mine: await ownAnonymousPosts(app.store, userId, questionId),
      });
    },
  );
};

/** A member asks, edits their question within the edit window, and accepts an answer. */
function registerQuestionWrites(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/ask/questions",
    {
      config: {
        permission: "community:ask",
        rateLimit: memberRateLimit(10),
      },
      schema: {
        tags: ASK_TAGS,
        summary: "Ask a question (members)",
        body: questionInputSchema,
        response: { 200: envelope(questionSchema) },
      },
    },
    async (request) => {
      const { userId, anonymous } = await newPostAuthor(app, request);
      const questionId = await askQuestion(app, request, userId, {
        ...request.body,
        anonymous,
      });
      return ok(await ownQuestion(app.store, questionId, request.language));
    },
  );

  app.put(
    "/ask/questions/:id",
    {
      config: {
        permission: "community:ask",
        rateLimit: memberRateLimit(20),
      },
      schema: {
        tags: ASK_TAGS,
        summary: "Edit one's own question, within 24 hours of asking",
        params: idParams,
        body: questionInputSchema.extend(versionField.shape),
        response: { 200: envelope(questionSchema) },
      },
    },
    async (request) => {
      const userId = await unmutedMember(app, request);
      await editQuestion(app, request, userId, request.params.id, request.body);
      return ok(
        await ownQuestion(app.store, request.params.id, request.language),
      );
    },
  );

  app.post(
    "/ask/questions/:id/accept",
    {
      config: {
        permission: "community:ask",
        rateLimit: memberRateLimit(30),
      },
      schema: {
        tags: ASK_TAGS,
        summary:
          "Accept an answer (the asker only; accepting another one changes it)",
        params: idParams,
        body: acceptInputSchema,
        response: { 200: envelope(questionSchema) },
      },
    },
    async (request) => {
      const userId = await unmutedMember(app, request);
      await acceptAnswer(
        app.store,
        userId,
        request.params.id,
        request.body.answerId,
      );
      return ok(
        await ownQuestion(app.store, request.params.id, request.language),
      );
    },
  );
}
