import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import { ASK_VALIDATION_ERRORS } from "../../../common/ask-messages.js";
import { ASK_POST_STATUSES } from "../../../common/schemas/ask.js";
import { questionModerationSchema } from "../../../common/schemas/ask-moderation.js";
import { nowIso } from "../../db/dialect.js";
import type { AskPostStatus, Database } from "../../db/schema.js";
import type { StoreKind } from "../../db/store.js";
import { keywordCondition } from "../../db/search.js";
import { onPassage, passageFilter } from "../../db/word-index.js";
import { ok } from "../../http/envelope.js";
import { conflict, notFound, validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import {
  listQuerySchema,
  parseFilter,
  parseRange,
  parseSort,
} from "../../resources/list-query.js";
import { envelope } from "../../resources/resource-definition.js";
import { highlightSchema } from "../../resources/list-routes.js";
import { actorOf, recordAudit } from "../../services/audit.js";
import {
  assertReason,
  assertTransition,
  logModeration,
  transitionValues,
  type TransitionAction,
} from "../../services/ask-moderation.js";
import { notify } from "../../services/ask-notifications.js";
import { authorOf, questionQuery, toQuestionRecords } from "./records.js";
import type { Language } from "../../../common/codes.js";
import { ASK_TAGS, assertTagsExist, idParams, memberId } from "./shared.js";
import { questionHighlights } from "./questions.js";

type Db = Kysely<Database>;
const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
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
const SORTABLE = [
  "id",
  "createdAt",
  "updatedAt",
  "score",
  "answerCount",
  "views",
  "status",
] as const;

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

/** The moderator's view of one question's change: what it applies, in the caller's transaction. */
export async function moderateQuestion(
  trx: Db,
  request: FastifyRequest,
  questionId: number,
  change: z.infer<typeof questionModerationSchema> & { version?: number },
): Promise<void> {
  const before = (await adminQuestions(trx, [questionId], request.language))[0];
  if (!before) throw notFound();
  const values: Record<string, unknown> = {};
  let action: TransitionAction | null = null;
  if (change.status !== undefined && change.status !== before.status) {
    action = assertTransition(
      "question",
      before.status,
      change.status,
      before.statusBeforeDelete,
    );
    assertReason(action, change.reason, request);
    Object.assign(
      values,
      transitionValues(action, before.status, change.status, change.reason),
    );
  }
  if (change.pinned !== undefined && change.pinned !== before.pinned)
    values.pinned = change.pinned ? 1 : 0;
  if (change.title !== undefined && change.title !== before.title)
    values.title = change.title;
  const tagsChanged =
    change.tagIds !== undefined &&
    [...new Set(change.tagIds)].sort().join() !==
      before.tags
        .map((tag) => tag.id)
        .sort()
        .join();
  if (Object.keys(values).length === 0 && !tagsChanged) {
    if (change.version !== undefined && change.version !== before.version)
      throw conflict();
    return;
  }
  const updated = await trx
    .updateTable("askQuestions")
    .set((eb) => ({
      ...values,
      updatedAt: nowIso(),
      version: eb(eb.ref("version"), "+", 1),
    }))
    .where("id", "=", questionId)
    .$if(change.version !== undefined, (qb) =>
      qb.where("version", "=", change.version!),
    )
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw conflict();
  if (tagsChanged) {
    const tagIds = [...new Set(change.tagIds!)];
    await assertTagsExist(trx as never, tagIds, request);
    await trx
      .deleteFrom("askQuestionTags")
      .where("questionId", "=", questionId)
      .execute();
    await trx
      .insertInto("askQuestionTags")
      .values(tagIds.map((tagId) => ({ questionId, tagId })))
      .execute();
  }
  const moderatorId = memberId(request);
  const log = (name: string, extra: Record<string, unknown> = {}) =>
    logModeration(trx, {
      targetType: "question",
      targetId: questionId,
      questionId,
      action: name,
      moderatorId,
      ...extra,
    });
  if (action) {
    await log(action, {
      fromStatus: before.status,
      toStatus: change.status,
      reason: change.reason,
    });
    const kind =
      action === "hide"
        ? "hidden"
        : action === "approve"
          ? "approved"
          : action === "reject"
            ? "rejected"
            : null;
    if (kind)
      await notify(trx as never, {
        // The real author: an anonymous question's record names nobody.
        userId: await authorOf(trx, "askQuestions", questionId),
        kind,
        questionId,
        actorId: moderatorId,
      });
  }
  if (values.pinned !== undefined) await log(values.pinned ? "pin" : "unpin");
  if (values.title !== undefined || tagsChanged)
    await log("edit", {
      reason: values.title !== undefined ? `title: ${before.title}` : null,
    });
  const after = (await adminQuestions(trx, [questionId], request.language))[0]!;
  await recordAudit(trx, actorOf(request), {
    resource: "ask/admin/questions",
    recordId: questionId,
    action: change.version === undefined ? "batchUpdate" : "update",
    before: auditView(before),
    after: auditView(after),
  });
}

function auditView(record: AdminQuestion) {
  return {
    title: record.title,
    status: record.status,
    pinned: record.pinned,
    moderationReason: record.moderationReason,
    tags: record.tags.map((tag) => tag.id),
  };
}

const BATCH_ACTIONS = [
  "approve",
  "reject",
  "hide",
  "unhide",
  "close",
  "reopen",
  "delete",
  "restore",
  "pin",
  "unpin",
] as const;

/** The state a batch action moves a question to, from its current state. */
function batchChange(
  action: (typeof BATCH_ACTIONS)[number],
  current: AdminQuestion,
): { status?: AskPostStatus; pinned?: boolean } {
  switch (action) {
    case "approve":
    case "unhide":
    case "reopen":
      return { status: "visible" };
    case "reject":
    case "delete":
      return { status: "deleted" };
    case "hide":
      return { status: "hidden" };
    case "close":
      return { status: "closed" };
    case "restore":
      return {
        status: (current.statusBeforeDelete ?? "visible") as AskPostStatus,
      };
    case "pin":
      return { pinned: true };
    case "unpin":
      return { pinned: false };
  }
}

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
      const language = request.language;
      const filter = parseFilter(
        request.query.filter,
        adminQuestionFilterSchema,
        language,
      );
      const sort = parseSort(
        request.query.sort,
        SORTABLE,
        ["createdAt", "DESC"],
        language,
      );
      const { offset, limit } = parseRange(
        request.query.range ?? "[0,24]",
        language,
      );
      const where = filteredQuestions(app.store.db, app.store.kind, filter);
      const [rows, count] = await Promise.all([
        where
          .select("askQuestions.id")
          .orderBy(
            `askQuestions.${sort.field}` as "askQuestions.createdAt",
            sort.order,
          )
          .orderBy("askQuestions.id", sort.order)
          .limit(limit)
          .offset(offset)
          .execute(),
        where
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .executeTakeFirstOrThrow(),
      ]);
      const list = await adminQuestions(
        app.store.db,
        rows.map((row) => row.id),
        language,
      );
      return ok({
        list,
        total: Number(count.total),
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
      const rows = await app.store.db
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
        .where("askModerationLog.questionId", "=", request.params.id)
        .orderBy("askModerationLog.id", "desc")
        .limit(500)
        .execute();
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
      if (
        body.status === undefined &&
        body.pinned === undefined &&
        body.title === undefined &&
        body.tagIds === undefined
      ) {
        throw validationError({
          status: localizeText(
            ASK_VALIDATION_ERRORS.noChange,
            request.language,
          ),
        });
      }
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
          action: z.enum(BATCH_ACTIONS),
          ids: z.array(id).min(1).max(100),
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
      await app.store.transaction(async (trx) => {
        const current = await adminQuestions(trx, ids, request.language);
        if (current.length !== ids.length) throw notFound();
        for (const question of current) {
          const change = batchChange(action, question);
          // Already there (pinned, or in the state): nothing to do for this one.
          if (
            (change.status === undefined ||
              change.status === question.status) &&
            (change.pinned === undefined || change.pinned === question.pinned)
          )
            continue;
          await moderateQuestion(trx, request, question.id, {
            ...change,
            reason,
          } as never);
        }
      });
      return ok({ ids });
    },
  );
}

/** The moderators' question list's filter as a query, before its columns and order. */
function filteredQuestions(
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
