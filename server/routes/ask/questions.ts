import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { Code } from "../../../common/codes.js";
import {
  ASK_TABS,
  acceptInputSchema,
  questionInputSchema,
  questionSchema,
  type AskTab,
} from "../../../common/schemas/ask.js";
import { nowIso } from "../../db/dialect.js";
import { keywordMatch, onPassage } from "../../db/word-index.js";
import { highlight, htmlToText, type HighlightPart } from "../../db/terms.js";
import { QUESTION_SEARCH, reindexQuestion } from "./search.js";
import type { Store } from "../../db/store.js";
import { ok } from "../../http/envelope.js";
import { ApiError, notFound } from "../../http/errors.js";
import {
  listQuerySchema,
  parseFilter,
  parseRange,
  parseSort,
} from "../../resources/list-query.js";
import { envelope, versionField } from "../../resources/resource-definition.js";
import { MAX_REFERENCE_LENGTH } from "../../../common/passages.js";
import { hotScore } from "../../services/ask-hot.js";
import { assertNotMuted } from "../../services/ask-mute.js";
import { requireVerifiedEmail } from "../../services/email-verification.js";
import { notify } from "../../services/ask-notifications.js";
import {
  assertMayPostAnonymously,
  checkBannedWords,
  checkNewPost,
} from "../../services/ask-rules.js";
import { viewCounter, type Visit } from "../../services/view-counter.js";
import type { Language } from "../../../common/codes.js";
import {
  PUBLIC_CONDITION,
  PUBLIC_STATUSES,
  questionQuery,
  toQuestionRecords,
} from "./records.js";
import {
  ASK_TAGS,
  memberRateLimit,
  assertEditable,
  assertTagsExist,
  idParams,
  lockMember,
  lockQuestion,
  memberId,
  repeatedPost,
  refusal,
  storedBody,
} from "./shared.js";

const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
export const questionFilterSchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  tagId: id.optional(),
  tab: z.enum(ASK_TABS).optional(),
  /** A scripture reference: questions whose text names a touching passage. */
  passage: z.string().trim().max(MAX_REFERENCE_LENGTH).optional(),
});
export type QuestionFilter = z.infer<typeof questionFilterSchema>;

const SORTABLE = ["createdAt", "hot", "score", "answerCount", "views"] as const;
const TAB_SORT: Record<AskTab, [string, "ASC" | "DESC"]> = {
  newest: ["createdAt", "DESC"],
  unanswered: ["createdAt", "DESC"],
  hot: ["hot", "DESC"],
};

/** One page of public questions; used by the API and the server-rendered /ask page. */
export async function listPublicQuestions(
  store: Store,
  options: {
    filter: QuestionFilter;
    sort: { field: string; order: "asc" | "desc" };
    offset: number;
    limit: number;
    language: Language;
  },
) {
  const { filter } = options;
  const keyword = filter.q
    ? await keywordMatch(store.db, store.kind, QUESTION_SEARCH, filter.q)
    : undefined;
  const page = questionQuery(store.db)
    .where(PUBLIC_CONDITION)
    .$if(filter.tagId !== undefined, (qb) =>
      qb.where("askQuestions.id", "in", (eb) =>
        eb
          .selectFrom("askQuestionTags")
          .select("askQuestionTags.questionId")
          .where("askQuestionTags.tagId", "=", filter.tagId!),
      ),
    )
    .$if(filter.tab === "unanswered", (qb) =>
      qb.where("askQuestions.answerCount", "=", 0),
    )
    .$if(keyword !== undefined, (qb) => qb.where(keyword!.condition))
    .$if(Boolean(filter.passage), (qb) =>
      qb.where(onPassage("askQuestions.id", "ask_questions", filter.passage!)),
    );
  // Pinned questions come first, in the tab's order; the rest walk the tab's index as
  // before. A church pins a handful, so the pinned ones are read whole and the page is
  // cut from [pinned..., rest...].
  const ordered = <T extends typeof page>(qb: T) =>
    qb
      .orderBy(
        `askQuestions.${options.sort.field}` as "askQuestions.createdAt",
        options.sort.order,
      )
      .orderBy("askQuestions.id", options.sort.order);
  const pinned = await ordered(page.where("askQuestions.pinned", "=", 1))
    .limit(MAX_PINNED)
    .execute();
  const rest =
    pinned.length === 0
      ? page
      : page.where(
          "askQuestions.id",
          "not in",
          pinned.map((row) => row.id),
        );
  const fromPinned = pinned.slice(
    options.offset,
    options.offset + options.limit,
  );
  const restLimit = options.limit - fromPinned.length;
  const [rows, count] = await Promise.all([
    restLimit > 0
      ? ordered(rest)
          .limit(restLimit)
          .offset(Math.max(0, options.offset - pinned.length))
          .execute()
      : Promise.resolve([]),
    rest
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  const list = await toQuestionRecords(
    store.db,
    [...fromPinned, ...rows],
    options.language,
  );
  return {
    list,
    total: Number(count.total) + pinned.length,
    ...(filter.q ? { highlights: questionHighlights(list, filter.q) } : {}),
  };
}

/** At most this many pinned questions head a list (more keep their place in it). */
const MAX_PINNED = 20;

/** Each listed question's matched words: its title, and a snippet of its body. */
/** The matched words of listed questions, for the public list and the moderators' one. */
export function questionHighlights(
  list: { id: number; title: string; body: string }[],
  query: string,
): Record<string, { title?: HighlightPart[]; body?: HighlightPart[] }> {
  const result: Record<
    string,
    { title?: HighlightPart[]; body?: HighlightPart[] }
  > = {};
  for (const question of list) {
    const title = highlight(question.title, query);
    const body = highlight(htmlToText(question.body), query);
    if (title || body)
      result[String(question.id)] = {
        ...(title ? { title } : {}),
        ...(body ? { body } : {}),
      };
  }
  return result;
}

/** A public question by id, or undefined (hidden, pending and deleted ones too). */
export async function findPublicQuestion(
  store: Store,
  questionId: number,
  language: Language,
) {
  const row = await questionQuery(store.db)
    .where("askQuestions.id", "=", questionId)
    .executeTakeFirst();
  if (!row || !PUBLIC_STATUSES.includes(row.status)) return undefined;
  const [record] = await toQuestionRecords(store.db, [row], language);
  return record;
}

/**
 * Counts a visit as a view when it is the visitor's first of the day on this question and
 * not a crawler's (written in batches, services/view-counter.ts), and answers the
 * question's view count, including the views counted but not yet stored.
 */
export function countView(
  store: Store,
  question: { id: number; views: number },
  visit: Visit,
): number {
  const counter = viewCounter(store);
  if (counter.counts(question.id, visit)) counter.count(question.id);
  return question.views + counter.unstored(question.id);
}

/** The visit a request is; a HEAD request reads no page, so it is no reader's visit. */
export const visitOf = (request: {
  ip: string;
  method: string;
  headers: { "user-agent"?: string | undefined };
}): Visit => ({
  ip: request.ip,
  userAgent:
    request.method === "HEAD" ? undefined : request.headers["user-agent"],
});

export function parseQuestionList(
  query: z.infer<typeof listQuerySchema>,
  language: Language,
) {
  const filter = parseFilter(query.filter, questionFilterSchema, language);
  const sort = parseSort(
    query.sort,
    SORTABLE,
    TAB_SORT[filter.tab ?? "newest"],
    language,
  );
  return {
    filter,
    sort,
    ...parseRange(query.range ?? "[0,19]", language),
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
      const votes = await app.store.db
        .selectFrom("askVotes")
        .select(["targetType", "targetId", "value"])
        .where("userId", "=", userId)
        .where((eb) =>
          eb.or([
            eb.and([
              eb("targetType", "=", "question"),
              eb("targetId", "=", questionId),
            ]),
            eb.and([
              eb("targetType", "=", "answer"),
              eb(
                "targetId",
                "in",
                eb
                  .selectFrom("askAnswers")
                  .select("id")
                  .where("questionId", "=", questionId),
              ),
            ]),
          ]),
        )
        .execute();
      const answers: Record<string, number> = {};
      let question = 0;
      for (const vote of votes) {
        if (vote.targetType === "question") question = vote.value;
        else answers[String(vote.targetId)] = vote.value;
      }
      return ok({
        question,
        answers,
        mine: await ownAnonymousPosts(app.store, userId, questionId),
      });
    },
  );
};

/**
 * Which anonymous posts on a question are the caller's own: only they learn it, after the
 * page loads, so they can edit their post and accept an answer to their question.
 */
async function ownAnonymousPosts(
  store: Store,
  userId: number,
  questionId: number,
) {
  const [question, answers] = await Promise.all([
    store.db
      .selectFrom("askQuestions")
      .select("id")
      .where("id", "=", questionId)
      .where("authorId", "=", userId)
      .where("anonymous", "=", 1)
      .executeTakeFirst(),
    store.db
      .selectFrom("askAnswers")
      .select("id")
      .where("questionId", "=", questionId)
      .where("authorId", "=", userId)
      .where("anonymous", "=", 1)
      .execute(),
  ]);
  return {
    question: question !== undefined,
    answers: answers.map((row) => row.id),
  };
}

/** The author's view of their question, whatever its state (they just wrote it). */
async function ownQuestion(
  store: Store,
  questionId: number,
  language: Language,
) {
  const row = await questionQuery(store.db)
    .where("askQuestions.id", "=", questionId)
    .executeTakeFirstOrThrow();
  const [record] = await toQuestionRecords(store.db, [row], language);
  return record!;
}

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
      const userId = memberId(request);
      await assertNotMuted(app.store, userId);
      await requireVerifiedEmail(app, request);
      const { title, tagIds } = request.body;
      const anonymous = request.body.anonymous === true;
      if (anonymous) await assertMayPostAnonymously(app, request, userId);
      const body = storedBody(request.body.body, request);
      // The same question sent twice within REPEAT_POST_WINDOW_MS is the first one.
      const post = { authorId: userId, title, body };
      const earlier = await repeatedPost(app.store.db, post);
      if (earlier !== undefined)
        return ok(await ownQuestion(app.store, earlier, request.language));
      const { pendingReason } = await checkNewPost(
        app,
        request,
        "question",
        userId,
        { title, body },
      );
      const now = nowIso();
      const questionId = await app.store.transaction(async (trx) => {
        await lockMember(trx, userId);
        const repeat = await repeatedPost(trx, post);
        if (repeat !== undefined) return repeat;
        await assertTagsExist(trx, tagIds, request);
        const row = await trx
          .insertInto("askQuestions")
          .values({
            title,
            body,
            authorId: userId,
            anonymous: anonymous ? 1 : 0,
            status: pendingReason ? "pending" : "visible",
            pendingReason,
            hot: hotScore({ score: 0, answerCount: 0, createdAt: now }),
            createdAt: now,
            updatedAt: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("askQuestionTags")
          .values(tagIds.map((tagId) => ({ questionId: row.id, tagId })))
          .execute();
        await reindexQuestion(trx, app, row.id, { title, body });
        return row.id;
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
      const userId = memberId(request);
      await assertNotMuted(app.store, userId);
      const { title, tagIds, version } = request.body;
      const body = storedBody(request.body.body, request);
      const review = checkBannedWords(app, request, { title, body });
      await app.store.transaction(async (trx) => {
        const current = await trx
          .selectFrom("askQuestions")
          .select(["authorId", "createdAt", "status"])
          .where("id", "=", request.params.id)
          .executeTakeFirst();
        if (!current || current.status === "deleted") throw notFound();
        assertEditable(current, request);
        await assertTagsExist(trx, tagIds, request);
        const updated = await trx
          .updateTable("askQuestions")
          .set((eb) => ({
            title,
            body,
            updatedAt: nowIso(),
            version: eb(eb.ref("version"), "+", 1),
            // A public question that now holds a review word waits for review again.
            ...(review && current.status === "visible"
              ? { status: "pending" as const, pendingReason: review }
              : {}),
          }))
          .where("id", "=", request.params.id)
          .where("version", "=", version)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0)
          throw refusal(Code.CONFLICT, "staleEdit", request);
        await reindexQuestion(trx, app, request.params.id, { title, body });
        await trx
          .deleteFrom("askQuestionTags")
          .where("questionId", "=", request.params.id)
          .execute();
        await trx
          .insertInto("askQuestionTags")
          .values(
            tagIds.map((tagId) => ({ questionId: request.params.id, tagId })),
          )
          .execute();
      });
      return ok(
        await ownQuestion(app.store, request.params.id, request.language),
      );
    },
  );

  registerAccept(app);
}

/** The asker accepts one answer (or changes it); only the asker may. */
function registerAccept(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
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
      const userId = memberId(request);
      await assertNotMuted(app.store, userId);
      const { answerId } = request.body;
      await app.store.transaction(async (trx) => {
        const question = await lockQuestion(trx, request.params.id);
        if (!question || !PUBLIC_STATUSES.includes(question.status))
          throw notFound();
        if (question.authorId !== userId) throw new ApiError(Code.FORBIDDEN);
        const answer = await trx
          .selectFrom("askAnswers")
          .select(["id", "authorId"])
          .where("id", "=", answerId)
          .where("questionId", "=", question.id)
          .where("status", "=", "visible")
          .executeTakeFirst();
        if (!answer) throw notFound();
        if (question.acceptedAnswerId === answer.id) return;
        await trx
          .updateTable("askQuestions")
          .set({ acceptedAnswerId: answer.id, updatedAt: nowIso() })
          .where("id", "=", question.id)
          .execute();
        await notify(trx, {
          userId: answer.authorId,
          kind: "accepted",
          questionId: question.id,
          answerId: answer.id,
          actorId: userId,
        });
      });
      return ok(
        await ownQuestion(app.store, request.params.id, request.language),
      );
    },
  );
}
