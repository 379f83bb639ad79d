import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Transaction } from "kysely";
import { z } from "zod";
import { ASK_VALIDATION_ERRORS } from "../../../common/ask-messages.js";
import { ASK_POST_STATUSES } from "../../../common/schemas/ask.js";
import { answerModerationSchema } from "../../../common/schemas/ask-moderation.js";
import { nowIso } from "../../db/dialect.js";
import type { Database } from "../../db/schema.js";
import { ok } from "../../http/envelope.js";
import { conflict, notFound, validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import { envelope } from "../../resources/resource-definition.js";
import { actorOf, recordAudit } from "../../services/audit.js";
import {
  assertReason,
  assertTransition,
  logModeration,
  transitionValues,
} from "../../services/ask-moderation.js";
import {
  notify,
  refreshAnswerCount,
} from "../../services/ask-notifications.js";
import {
  answerQuery,
  authorOf,
  excerptOf,
  moderatorAuthor,
} from "./records.js";
import type { Language } from "../../../common/codes.js";
import { ASK_TAGS, idParams, memberId, storedBody } from "./shared.js";

type Trx = Transaction<Database>;

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

async function adminAnswers(
  db: Trx | FastifyRequest["server"]["store"]["db"],
  where: { questionId?: number; id?: number },
  language: Language,
): Promise<AdminAnswer[]> {
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
    .orderBy("askAnswers.createdAt", "asc")
    .orderBy("askAnswers.id", "asc")
    .limit(1000)
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

/** A moderator's change of an answer, in the caller's transaction. */
export async function moderateAnswer(
  trx: Trx,
  request: FastifyRequest,
  answerId: number,
  change: z.infer<typeof answerModerationSchema>,
): Promise<void> {
  const [before] = await adminAnswers(trx, { id: answerId }, request.language);
  if (!before) throw notFound();
  // The real author, for the notices: an anonymous answer's record names nobody.
  const authorId = await authorOf(trx, "askAnswers", answerId);
  const values: Record<string, unknown> = {};
  const moderatorId = memberId(request);
  const log = (action: string, extra: Record<string, unknown> = {}) =>
    logModeration(trx, {
      targetType: "answer",
      targetId: answerId,
      questionId: before.questionId,
      action,
      moderatorId,
      ...extra,
    });
  let action = null as ReturnType<typeof assertTransition> | null;
  if (change.status !== undefined && change.status !== before.status) {
    action = assertTransition(
      "answer",
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
  const recommend =
    change.recommended !== undefined &&
    change.recommended !== before.recommended
      ? change.recommended
      : undefined;
  if (recommend !== undefined) {
    values.recommended = recommend ? 1 : 0;
    values.recommendedAt = recommend ? nowIso() : null;
  }
  if (
    change.recommendNote !== undefined &&
    (change.recommendNote || null) !== before.recommendNote
  )
    values.recommendNote = change.recommendNote || null;
  let body: string | undefined;
  if (change.body !== undefined) {
    body = storedBody(change.body, request);
    if (body !== before.body) values.body = body;
    else body = undefined;
  }
  if (Object.keys(values).length === 0) {
    if (change.version !== before.version) throw conflict();
    return;
  }
  const updated = await trx
    .updateTable("askAnswers")
    .set((eb) => ({
      ...values,
      updatedAt: nowIso(),
      version: eb(eb.ref("version"), "+", 1),
    }))
    .where("id", "=", answerId)
    .where("version", "=", change.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw conflict();
  if (body !== undefined) {
    // The revision keeps the body as it was before the moderator's edit.
    await trx
      .insertInto("askAnswerRevisions")
      .values({
        answerId,
        body: before.body,
        editorId: moderatorId,
        createdAt: nowIso(),
      })
      .execute();
    await log("edit");
  }
  if (action) {
    await refreshAnswerCount(trx, before.questionId);
    await log(action, {
      fromStatus: before.status,
      toStatus: change.status,
      reason: change.reason,
    });
    if (action === "hide" || action === "approve" || action === "reject") {
      await notify(trx, {
        userId: authorId,
        kind:
          action === "hide"
            ? "hidden"
            : action === "approve"
              ? "approved"
              : "rejected",
        questionId: before.questionId,
        answerId,
        actorId: moderatorId,
      });
    }
    if (action === "approve") {
      // The asker hears of the answer once it is public.
      const question = await trx
        .selectFrom("askQuestions")
        .select("authorId")
        .where("id", "=", before.questionId)
        .executeTakeFirstOrThrow();
      await notify(trx, {
        userId: question.authorId,
        kind: "answered",
        questionId: before.questionId,
        answerId,
        actorId: authorId,
      });
    }
  }
  if (recommend !== undefined) {
    await log(recommend ? "recommend" : "unrecommend", {
      reason: change.recommendNote ?? null,
    });
    if (recommend)
      await notify(trx, {
        userId: authorId,
        kind: "recommended",
        questionId: before.questionId,
        answerId,
        actorId: moderatorId,
      });
  }
  const [after] = await adminAnswers(trx, { id: answerId }, request.language);
  const view = (record: AdminAnswer) => ({
    status: record.status,
    recommended: record.recommended,
    recommendNote: record.recommendNote,
    moderationReason: record.moderationReason,
    body: record.body,
  });
  await recordAudit(trx, actorOf(request), {
    resource: "ask/admin/answers",
    recordId: answerId,
    action: "update",
    before: view(before),
    after: view(after!),
  });
}

export const adminAnswerRoutes: FastifyPluginAsync = async (parent) => {
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
      const list = await app.store.db
        .selectFrom("askAnswerRevisions")
        .leftJoin("users", "users.id", "askAnswerRevisions.editorId")
        .select([
          "askAnswerRevisions.id",
          "askAnswerRevisions.body",
          "users.userName as editor",
          "askAnswerRevisions.createdAt",
        ])
        .where("askAnswerRevisions.answerId", "=", request.params.id)
        .orderBy("askAnswerRevisions.id", "desc")
        .limit(200)
        .execute();
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
      if (
        body.status === undefined &&
        body.recommended === undefined &&
        body.recommendNote === undefined &&
        body.body === undefined
      ) {
        throw validationError({
          status: localizeText(
            ASK_VALIDATION_ERRORS.noChange,
            request.language,
          ),
        });
      }
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
