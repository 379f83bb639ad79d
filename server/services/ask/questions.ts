import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { Code } from "../../../common/codes.js";
import type { Language } from "../../../common/codes.js";
import { ASK_TABS } from "../../../common/schemas/ask.js";
import { MAX_REFERENCE_LENGTH } from "../../../common/passages.js";
import { nowIso } from "../../db/dialect.js";
import type { Store } from "../../db/store.js";
import { highlight, htmlToText, type HighlightPart } from "../../db/terms.js";
import { keywordMatch, onPassage } from "../../db/word-index.js";
import { ApiError, notFound } from "../../http/errors.js";
import { MAX_INT32 } from "../../resources/resource-definition.js";
import { hotScore } from "../ask-hot.js";
import { notify } from "../ask-notifications.js";
import { checkBannedWords, checkNewPost } from "../ask-rules.js";
import { viewCounter, type Visit } from "../view-counter.js";
import {
  PUBLIC_CONDITION,
  PUBLIC_STATUSES,
  questionQuery,
  toQuestionRecords,
} from "./records.js";
import {
  assertEditable,
  assertTagsExist,
  lockMember,
  lockQuestion,
  refusal,
  repeatedPost,
  storedBody,
} from "./posts.js";
import { QUESTION_SEARCH, reindexQuestion } from "./search.js";

/*
 * The community's questions: the public list and page (the API and the server-rendered
 * /ask pages read the same queries), the caller's own votes and anonymous posts, and a
 * member's writes (ask, edit within the window, accept an answer).
 */

const id = z.coerce.number().int().positive().max(MAX_INT32);
export const questionFilterSchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  tagId: id.optional(),
  tab: z.enum(ASK_TABS).optional(),
  /** A scripture reference: questions whose text names a touching passage. */
  passage: z.string().trim().max(MAX_REFERENCE_LENGTH).optional(),
});
export type QuestionFilter = z.infer<typeof questionFilterSchema>;

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

/** A question's record by id, or undefined; `publicOnly` refuses the states visitors may not see. */
async function questionById(
  store: Store,
  questionId: number,
  language: Language,
  publicOnly: boolean,
) {
  const row = await questionQuery(store.db)
    .where("askQuestions.id", "=", questionId)
    .executeTakeFirst();
  if (!row || (publicOnly && !PUBLIC_STATUSES.includes(row.status)))
    return undefined;
  const [record] = await toQuestionRecords(store.db, [row], language);
  return record;
}

/** A public question by id, or undefined (hidden, pending and deleted ones too). */
export const findPublicQuestion = (
  store: Store,
  questionId: number,
  language: Language,
) => questionById(store, questionId, language, true);

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

/**
 * Which anonymous posts on a question are the caller's own: only they learn it, after the
 * page loads, so they can edit their post and accept an answer to their question.
 */
export async function ownAnonymousPosts(
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
export async function ownQuestion(
  store: Store,
  questionId: number,
  language: Language,
) {
  const record = await questionById(store, questionId, language, false);
  if (!record) throw notFound();
  return record;
}

/** The caller's votes on a question and its answers (1, -1; absent: none). */
export async function callerVotes(
  store: Store,
  userId: number,
  questionId: number,
) {
  const votes = await store.db
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
  return { question, answers };
}

/** A member's question as they sent it (the body not yet sanitised). */
export interface QuestionInput {
  title: string;
  body: string;
  tagIds: number[];
  anonymous: boolean;
}

/**
 * Asks a question and answers its id. The same question sent twice within
 * REPEAT_POST_WINDOW_MS is the first one; a question that trips the rules waits for review.
 */
export async function askQuestion(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
  input: QuestionInput,
): Promise<number> {
  const { title, tagIds, anonymous } = input;
  const body = storedBody(input.body, request);
  const post = { authorId: userId, title, body };
  const earlier = await repeatedPost(app.store.db, post);
  if (earlier !== undefined) return earlier;
  const { pendingReason } = await checkNewPost(
    app,
    request,
    "question",
    userId,
    { title, body },
  );
  const now = nowIso();
  return app.store.transaction(async (trx) => {
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
}

/** The author edits their question within the edit window, at the version they read. */
export async function editQuestion(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
  questionId: number,
  input: Omit<QuestionInput, "anonymous"> & { version: number },
): Promise<void> {
  const { title, tagIds, version } = input;
  const body = storedBody(input.body, request);
  const review = checkBannedWords(app, request, { title, body });
  await app.store.transaction(async (trx) => {
    const current = await trx
      .selectFrom("askQuestions")
      .select(["authorId", "createdAt", "status"])
      .where("id", "=", questionId)
      .executeTakeFirst();
    if (!current || current.status === "deleted") throw notFound();
    assertEditable(current, userId);
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
      .where("id", "=", questionId)
      .where("version", "=", version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0)
      throw refusal(Code.CONFLICT, "staleEdit", request);
    await reindexQuestion(trx, app, questionId, { title, body });
    await trx
      .deleteFrom("askQuestionTags")
      .where("questionId", "=", questionId)
      .execute();
    await trx
      .insertInto("askQuestionTags")
      .values(tagIds.map((tagId) => ({ questionId, tagId })))
      .execute();
  });
}

/** The asker accepts one visible answer (or changes it); only the asker may. */
export async function acceptAnswer(
  store: Store,
  userId: number,
  questionId: number,
  answerId: number,
): Promise<void> {
  await store.transaction(async (trx) => {
    const question = await lockQuestion(trx, questionId);
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
}
