import type { Kysely } from "kysely";
import { z } from "zod";
import type { Language } from "../../../common/codes.js";
import { ASK_POST_STATUSES } from "../../../common/schemas/ask.js";
import type { Database } from "../../db/schema.js";
import type { StoreKind } from "../../db/store.js";
import { keywordCondition } from "../../db/search.js";
import { onPassage, passageFilter } from "../../db/word-index.js";
import { MAX_INT32 } from "../../resources/resource-definition.js";
import {
  answerQuery,
  excerptOf,
  moderatorAuthor,
  questionQuery,
  toQuestionRecords,
} from "./records.js";

/*
 * What moderators read of the community's posts: every question and answer in every
 * state, with their open reports, the list's filter, the moderation history and an
 * answer's earlier bodies.
 */

type Db = Kysely<Database>;
const id = z.coerce.number().int().positive().max(MAX_INT32);
const day = z.iso.date().or(z.iso.datetime({ offset: true }));

export const adminQuestionFilterSchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  status: z.enum(ASK_POST_STATUSES).optional(),
  tagId: id.optional(),
  authorId: id.optional(),
  author: z.string().trim().max(64).optional(),
  hasOpenReports: z.boolean().optional(),
  pinned: z.boolean().optional(),
  createdFrom: day.optional(),
  createdTo: day.optional(),
  /** A scripture reference: the questions whose title or body touches it (docs/search.md). */
  passage: passageFilter.optional(),
});
export const adminQuestionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  excerpt: z.string(),
  status: z.enum(ASK_POST_STATUSES),
  score: z.number().int(),
  answerCount: z.number().int(),
  views: z.number().int(),
  tags: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      nameEn: z.string().nullable(),
    }),
  ),
  /** An anonymous question's author is masked: a moderator sees them only by a reveal. */
  author: z.object({
    userId: z.number(),
    userName: z.string(),
    anonymous: z.boolean(),
  }),
  pinned: z.boolean(),
  moderationReason: z.string().nullable(),
  pendingReason: z.string().nullable(),
  statusBeforeDelete: z.string().nullable(),
  openReports: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type AdminQuestion = z.infer<typeof adminQuestionSchema>;

/** Every question, whatever its state, with what moderators need beside it. */
export async function adminQuestions(
  db: Db,
  ids: number[],
  language: Language,
) {
  if (ids.length === 0) return [];
  const rows = await questionQuery(db)
    .select(["askQuestions.pendingReason", "askQuestions.statusBeforeDelete"])
    .where("askQuestions.id", "in", ids)
    .execute();
  const records = await toQuestionRecords(db, rows, language);
  const reports = await db
    .selectFrom("askReports")
    .select(["targetId", (eb) => eb.fn.countAll<number>().as("count")])
    .where("targetType", "=", "question")
    .where("status", "=", "open")
    .where("targetId", "in", ids)
    .groupBy("targetId")
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const list: AdminQuestion[] = records.map((record) => {
    const row = byId.get(record.id)!;
    return {
      id: record.id,
      title: record.title,
      body: record.body,
      excerpt: record.excerpt,
      status: record.status,
      score: record.score,
      answerCount: record.answerCount,
      views: record.views,
      tags: record.tags,
      author: {
        userId: record.author.userId,
        userName: record.author.userName,
        anonymous: record.author.anonymous,
      },
      pinned: Boolean(row.pinned),
      moderationReason: row.moderationReason,
      pendingReason: row.pendingReason,
      statusBeforeDelete: row.statusBeforeDelete,
      openReports: Number(
        reports.find((report) => report.targetId === record.id)?.count ?? 0,
      ),
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      version: record.version,
    };
  });
  const order = new Map(ids.map((value, index) => [value, index]));
  return list.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

function endOfDay(value: string): string {
  return value.length === 10 ? `${value}T23:59:59.999Z` : value;
}

/** A question's moderation history, its answers' included, newest first. */
export function moderationHistory(db: Db, questionId: number) {
  return db
    .selectFrom("askModerationLog")
    .leftJoin("users", "users.id", "askModerationLog.moderatorId")
    .select([
      "askModerationLog.id",
      "askModerationLog.targetType",
      "askModerationLog.targetId",
      "askModerationLog.action",
      "askModerationLog.fromStatus",
      "askModerationLog.toStatus",
      "askModerationLog.reason",
      "users.userName as moderator",
      "askModerationLog.createdAt",
    ])
    .where("askModerationLog.questionId", "=", questionId)
    .orderBy("askModerationLog.id", "desc")
    .limit(500)
    .execute();
}

export const adminAnswerSchema = z.object({
  id: z.number().int(),
  questionId: z.number().int(),
  body: z.string(),
  excerpt: z.string(),
  status: z.enum(ASK_POST_STATUSES),
  score: z.number().int(),
  accepted: z.boolean(),
  recommended: z.boolean(),
  recommendNote: z.string().nullable(),
  moderationReason: z.string().nullable(),
  pendingReason: z.string().nullable(),
  statusBeforeDelete: z.string().nullable(),
  revisions: z.number().int(),
  openReports: z.number().int(),
  /** An anonymous answer's author is masked: a moderator sees them only by a reveal. */
  author: z.object({
    userId: z.number(),
    userName: z.string(),
    anonymous: z.boolean(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type AdminAnswer = z.infer<typeof adminAnswerSchema>;

export const adminAnswerFilterSchema = z.strictObject({
  questionId: id.optional(),
  status: z.enum(ASK_POST_STATUSES).optional(),
  recommended: z.boolean().optional(),
});
export type AdminAnswerFilter = z.infer<typeof adminAnswerFilterSchema>;

/** The fields the answers' list may be sorted by. */
export const ADMIN_ANSWER_SORTABLE = ["id", "createdAt", "score"] as const;

/**
 * A page of answers in every state (the moderators' list, a question's answers when the
 * filter names one), oldest first unless sorted otherwise, and how many match.
 */
export async function adminAnswerPage(
  db: Db,
  options: {
    filter: AdminAnswerFilter;
    /** One of ADMIN_ANSWER_SORTABLE (the route's parseSort checks it). */
    sort: { field: string; order: "asc" | "desc" };
    offset: number;
    limit: number;
    language: Language;
  },
): Promise<{ list: AdminAnswer[]; total: number }> {
  const { filter } = options;
  const count = await db
    .selectFrom("askAnswers")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .$if(filter.questionId !== undefined, (qb) =>
      qb.where("questionId", "=", filter.questionId!),
    )
    .$if(filter.status !== undefined, (qb) =>
      qb.where("status", "=", filter.status!),
    )
    .$if(filter.recommended !== undefined, (qb) =>
      qb.where("recommended", "=", filter.recommended ? 1 : 0),
    )
    .executeTakeFirstOrThrow();
  const list = await adminAnswers(db, filter, options.language, options);
  return { list, total: Number(count.total) };
}

/** A question's answers in every state, or one answer, with what moderators need beside them. */
export async function adminAnswers(
  db: Db,
  where: AdminAnswerFilter & { id?: number },
  language: Language,
  page: {
    /** One of ADMIN_ANSWER_SORTABLE (the route's parseSort checks it). */
    sort: { field: string; order: "asc" | "desc" };
    offset: number;
    limit: number;
  } = { sort: { field: "createdAt", order: "asc" }, offset: 0, limit: 1000 },
): Promise<AdminAnswer[]> {
  const { sort } = page;
  const rows = await answerQuery(db)
    .select([
      "askAnswers.recommendNote",
      "askAnswers.moderationReason",
      "askAnswers.pendingReason",
      "askAnswers.statusBeforeDelete",
      (eb) =>
        eb
          .selectFrom("askAnswerRevisions")
          .select((inner) => inner.fn.countAll<number>().as("n"))
          .whereRef("askAnswerRevisions.answerId", "=", "askAnswers.id")
          .as("revisions"),
      (eb) =>
        eb
          .selectFrom("askReports")
          .select((inner) => inner.fn.countAll<number>().as("n"))
          .where("askReports.targetType", "=", "answer")
          .where("askReports.status", "=", "open")
          .whereRef("askReports.targetId", "=", "askAnswers.id")
          .as("openReports"),
    ])
    .$if(where.questionId !== undefined, (qb) =>
      qb.where("askAnswers.questionId", "=", where.questionId!),
    )
    .$if(where.id !== undefined, (qb) =>
      qb.where("askAnswers.id", "=", where.id!),
    )
    .$if(where.status !== undefined, (qb) =>
      qb.where("askAnswers.status", "=", where.status!),
    )
    .$if(where.recommended !== undefined, (qb) =>
      qb.where("askAnswers.recommended", "=", where.recommended ? 1 : 0),
    )
    .orderBy(`askAnswers.${sort.field}` as "askAnswers.createdAt", sort.order)
    .orderBy("askAnswers.id", sort.order)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    questionId: row.questionId,
    body: row.body,
    excerpt: excerptOf(row.body),
    status: row.status,
    score: row.score,
    accepted: row.acceptedAnswerId === row.id,
    recommended: Boolean(row.recommended),
    recommendNote: row.recommendNote,
    moderationReason: row.moderationReason,
    pendingReason: row.pendingReason,
    statusBeforeDelete: row.statusBeforeDelete,
    revisions: Number(row.revisions ?? 0),
    openReports: Number(row.openReports ?? 0),
    author: moderatorAuthor(row, language),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }));
}

/** An answer's earlier bodies, newest first. */
export function answerRevisions(db: Db, answerId: number) {
  return db
    .selectFrom("askAnswerRevisions")
    .leftJoin("users", "users.id", "askAnswerRevisions.editorId")
    .select([
      "askAnswerRevisions.id",
      "askAnswerRevisions.body",
      "users.userName as editor",
      "askAnswerRevisions.createdAt",
    ])
    .where("askAnswerRevisions.answerId", "=", answerId)
    .orderBy("askAnswerRevisions.id", "desc")
    .limit(200)
    .execute();
}

/** The moderators' question list's filter as a query, before its columns and order. */
export function filteredQuestions(
  db: Kysely<Database>,
  kind: StoreKind,
  filter: z.infer<typeof adminQuestionFilterSchema>,
) {
  return (
    db
      .selectFrom("askQuestions")
      .innerJoin("users", "users.id", "askQuestions.authorId")
      .$if(filter.status !== undefined, (qb) =>
        qb.where("askQuestions.status", "=", filter.status!),
      )
      // A filter by author never finds their anonymous questions: it would reveal
      // them without the audited reveal (docs/community.md, "Anonymous posts").
      .$if(filter.authorId !== undefined, (qb) =>
        qb
          .where("askQuestions.authorId", "=", filter.authorId!)
          .where("askQuestions.anonymous", "=", 0),
      )
      .$if(Boolean(filter.author), (qb) =>
        qb
          .where((eb) =>
            eb.or([
              eb("users.userName", "=", filter.author!),
              eb("users.loginName", "=", filter.author!),
            ]),
          )
          .where("askQuestions.anonymous", "=", 0),
      )
      .$if(filter.pinned !== undefined, (qb) =>
        qb.where("askQuestions.pinned", "=", filter.pinned ? 1 : 0),
      )
      .$if(filter.tagId !== undefined, (qb) =>
        qb.where("askQuestions.id", "in", (eb) =>
          eb
            .selectFrom("askQuestionTags")
            .select("askQuestionTags.questionId")
            .where("askQuestionTags.tagId", "=", filter.tagId!),
        ),
      )
      .$if(filter.hasOpenReports !== undefined, (qb) =>
        qb.where((eb) => {
          const open = eb.exists(
            eb
              .selectFrom("askReports")
              .select("askReports.id")
              .where("askReports.status", "=", "open")
              .where((inner) =>
                inner.or([
                  inner.and([
                    inner("askReports.targetType", "=", "question"),
                    inner(
                      "askReports.targetId",
                      "=",
                      inner.ref("askQuestions.id"),
                    ),
                  ]),
                  inner.and([
                    inner("askReports.targetType", "=", "answer"),
                    inner(
                      "askReports.targetId",
                      "in",
                      inner
                        .selectFrom("askAnswers")
                        .select("askAnswers.id")
                        .whereRef(
                          "askAnswers.questionId",
                          "=",
                          "askQuestions.id",
                        ),
                    ),
                  ]),
                ]),
              ),
          );
          return filter.hasOpenReports ? open : eb.not(open);
        }),
      )
      .$if(filter.createdFrom !== undefined, (qb) =>
        qb.where("askQuestions.createdAt", ">=", filter.createdFrom!),
      )
      .$if(filter.createdTo !== undefined, (qb) =>
        qb.where("askQuestions.createdAt", "<=", endOfDay(filter.createdTo!)),
      )
      .$if(Boolean(filter.passage), (qb) =>
        qb.where(
          onPassage("askQuestions.id", "ask_questions", filter.passage!),
        ),
      )
      .$if(Boolean(filter.q), (qb) =>
        qb.where(
          keywordCondition(
            kind,
            { table: "ask_questions", columns: ["title", "body"] },
            filter.q!,
          ),
        ),
      )
  );
}

/** One page of the moderators' question list, with its total. */
export async function adminQuestionPage(
  db: Db,
  kind: StoreKind,
  options: {
    filter: z.infer<typeof adminQuestionFilterSchema>;
    sort: { field: string; order: "asc" | "desc" };
    offset: number;
    limit: number;
    language: Language;
  },
) {
  const { sort } = options;
  const where = filteredQuestions(db, kind, options.filter);
  const [rows, count] = await Promise.all([
    where
      .select("askQuestions.id")
      .orderBy(
        `askQuestions.${sort.field}` as "askQuestions.createdAt",
        sort.order,
      )
      .orderBy("askQuestions.id", sort.order)
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    where
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  const list = await adminQuestions(
    db,
    rows.map((row) => row.id),
    options.language,
  );
  return { list, total: Number(count.total) };
}
