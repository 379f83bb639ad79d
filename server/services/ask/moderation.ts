import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Language } from "../../../common/codes.js";
import {
  QUESTION_BATCH_ACTIONS,
  type AnswerModeration,
  type QuestionBatchAction,
  type QuestionModeration,
} from "../../../common/schemas/ask-moderation.js";
import { nowIso } from "../../db/dialect.js";
import type { AskPostStatus, Database } from "../../db/schema.js";
import { conflict, notFound } from "../../http/errors.js";
import { actorOf, recordAudit } from "../audit.js";
import {
  assertReason,
  assertTransition,
  logModeration,
  transitionValues,
  type TransitionAction,
} from "../ask-moderation.js";
import { notify, refreshAnswerCount } from "../ask-notifications.js";
import {
  adminAnswers,
  adminQuestions,
  type AdminAnswer,
  type AdminQuestion,
} from "./admin-posts.js";
import { assertTagsExist, storedBody } from "./posts.js";
import { authorOf } from "./records.js";

/*
 * A moderator's change of a question or an answer, one implementation for both: the
 * status move the state machine allows (with its reason), the post's own fields, the
 * versioned write, the moderation log, the author's notice and the audit row. What differs
 * between the two kinds is one `PostKind` each.
 */

type Db = Kysely<Database>;

/** What every moderated post's record has. */
interface ModeratedPost {
  status: AskPostStatus;
  statusBeforeDelete: string | null;
  version: number;
}

/** What every change asks for: a status (with its reason), at a version. */
interface PostChange {
  status?: AskPostStatus;
  reason?: string;
  version?: number;
}

/** One change in progress, as a kind's hooks see it. */
interface Moderation<Rec, Change> {
  trx: Db;
  request: FastifyRequest;
  id: number;
  before: Rec;
  change: Change;
  /** The kind's own columns the change writes (beside the status). */
  values: Record<string, unknown>;
  /** The status move, if the change makes one. */
  action: TransitionAction | null;
  /** The change also writes outside the row (a question's tags). */
  elsewhere: boolean;
  moderatorId: number;
  log: (action: string, extra?: Record<string, unknown>) => Promise<void>;
  /** The post's real author: an anonymous post's record names nobody. */
  authorId: () => Promise<number>;
}

interface PostKind<Rec extends ModeratedPost, Change extends PostChange> {
  kind: "question" | "answer";
  table: "askQuestions" | "askAnswers";
  resource: string;
  load(db: Db, id: number, language: Language): Promise<Rec | undefined>;
  /** The question a post belongs to (a question is its own). */
  questionIdOf(before: Rec, id: number): number;
  /** The notice's post: the question, and the answer when it is one. */
  noticeTarget(
    before: Rec,
    id: number,
  ): { questionId: number; answerId?: number };
  /**
   * The kind's own fields that change, as columns; `elsewhere` is true when the change
   * also writes outside the row (a question's tags).
   */
  ownValues(
    before: Rec,
    change: Change,
    request: FastifyRequest,
  ): { values: Record<string, unknown>; elsewhere: boolean };
  /** After the row is written, before the status move is logged. */
  written(moderation: Moderation<Rec, Change>): Promise<void>;
  /** After the status move is logged and its notice sent. */
  finish(moderation: Moderation<Rec, Change>): Promise<void>;
  /** The fields the audit row compares. */
  auditView(record: Rec): Record<string, unknown>;
}

const NOTICE_OF: Partial<
  Record<TransitionAction, "hidden" | "approved" | "rejected">
> = { hide: "hidden", approve: "approved", reject: "rejected" };

/** Applies a moderator's change to one post, in the caller's transaction. */
async function moderatePost<
  Rec extends ModeratedPost,
  Change extends PostChange,
>(
  spec: PostKind<Rec, Change>,
  trx: Db,
  request: FastifyRequest,
  id: number,
  change: Change,
): Promise<void> {
  const before = await spec.load(trx, id, request.language);
  if (!before) throw notFound();
  let action: TransitionAction | null = null;
  const values: Record<string, unknown> = {};
  if (change.status !== undefined && change.status !== before.status) {
    action = assertTransition(
      spec.kind,
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
  const own = spec.ownValues(before, change, request);
  Object.assign(values, own.values);
  if (Object.keys(values).length === 0 && !own.elsewhere) {
    if (change.version !== undefined && change.version !== before.version)
      throw conflict();
    return;
  }
  const updated = await trx
    .updateTable(spec.table as "askQuestions")
    .set((eb) => ({
      ...values,
      updatedAt: nowIso(),
      version: eb(eb.ref("version"), "+", 1),
    }))
    .where("id", "=", id)
    .$if(change.version !== undefined, (qb) =>
      qb.where("version", "=", change.version!),
    )
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw conflict();
  const moderatorId = request.session!.user.userId;
  const questionId = spec.questionIdOf(before, id);
  let author: number | undefined;
  const moderation: Moderation<Rec, Change> = {
    trx,
    request,
    id,
    before,
    change,
    values: own.values,
    action,
    elsewhere: own.elsewhere,
    moderatorId,
    log: (name, extra = {}) =>
      logModeration(trx, {
        targetType: spec.kind,
        targetId: id,
        questionId,
        action: name,
        moderatorId,
        ...extra,
      }),
    authorId: async () => (author ??= await authorOf(trx, spec.table, id)),
  };
  await spec.written(moderation);
  if (action) {
    await moderation.log(action, {
      fromStatus: before.status,
      toStatus: change.status,
      reason: change.reason,
    });
    const kind = NOTICE_OF[action];
    if (kind)
      await notify(trx as never, {
        userId: await moderation.authorId(),
        kind,
        ...spec.noticeTarget(before, id),
        actorId: moderatorId,
      });
  }
  await spec.finish(moderation);
  const after = (await spec.load(trx, id, request.language))!;
  await recordAudit(trx, actorOf(request), {
    resource: spec.resource,
    recordId: id,
    action: change.version === undefined ? "batchUpdate" : "update",
    before: spec.auditView(before),
    after: spec.auditView(after),
  });
}

type QuestionChange = Partial<QuestionModeration>;

const QUESTION: PostKind<AdminQuestion, QuestionChange> = {
  kind: "question",
  table: "askQuestions",
  resource: "ask/admin/questions",
  load: async (db, id, language) =>
    (await adminQuestions(db, [id], language))[0],
  questionIdOf: (_before, id) => id,
  noticeTarget: (_before, id) => ({ questionId: id }),
  ownValues(before, change) {
    const values: Record<string, unknown> = {};
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
    return { values, elsewhere: tagsChanged };
  },
  async written({ trx, request, id, change, elsewhere }) {
    if (!elsewhere) return;
    const tagIds = [...new Set(change.tagIds!)];
    await assertTagsExist(trx as never, tagIds, request);
    await trx
      .deleteFrom("askQuestionTags")
      .where("questionId", "=", id)
      .execute();
    await trx
      .insertInto("askQuestionTags")
      .values(tagIds.map((tagId) => ({ questionId: id, tagId })))
      .execute();
  },
  async finish({ values, before, elsewhere, log }) {
    if (values.pinned !== undefined) await log(values.pinned ? "pin" : "unpin");
    if (values.title !== undefined || elsewhere)
      await log("edit", {
        reason: values.title !== undefined ? `title: ${before.title}` : null,
      });
  },
  auditView: (record) => ({
    title: record.title,
    status: record.status,
    pinned: record.pinned,
    moderationReason: record.moderationReason,
    tags: record.tags.map((tag) => tag.id),
  }),
};

const ANSWER: PostKind<AdminAnswer, AnswerModeration> = {
  kind: "answer",
  table: "askAnswers",
  resource: "ask/admin/answers",
  load: async (db, id, language) =>
    (await adminAnswers(db, { id }, language))[0],
  questionIdOf: (before) => before.questionId,
  noticeTarget: (before, id) => ({
    questionId: before.questionId,
    answerId: id,
  }),
  ownValues(before, change, request) {
    const values: Record<string, unknown> = {};
    if (
      change.recommended !== undefined &&
      change.recommended !== before.recommended
    ) {
      values.recommended = change.recommended ? 1 : 0;
      values.recommendedAt = change.recommended ? nowIso() : null;
    }
    if (
      change.recommendNote !== undefined &&
      (change.recommendNote || null) !== before.recommendNote
    )
      values.recommendNote = change.recommendNote || null;
    if (change.body !== undefined) {
      const body = storedBody(change.body, request);
      if (body !== before.body) values.body = body;
    }
    return { values, elsewhere: false };
  },
  async written({ trx, id, before, values, action, moderatorId, log }) {
    if (values.body !== undefined) {
      // The revision keeps the body as it was before the moderator's edit.
      await trx
        .insertInto("askAnswerRevisions")
        .values({
          answerId: id,
          body: before.body,
          editorId: moderatorId,
          createdAt: nowIso(),
        })
        .execute();
      await log("edit");
    }
    if (action) await refreshAnswerCount(trx as never, before.questionId);
  },
  async finish(moderation) {
    const { trx, id, before, values, action, change, log } = moderation;
    if (action === "approve") {
      // The asker hears of the answer once it is public.
      const question = await trx
        .selectFrom("askQuestions")
        .select("authorId")
        .where("id", "=", before.questionId)
        .executeTakeFirstOrThrow();
      await notify(trx as never, {
        userId: question.authorId,
        kind: "answered",
        questionId: before.questionId,
        answerId: id,
        actorId: await moderation.authorId(),
      });
    }
    if (values.recommended === undefined) return;
    const recommend = values.recommended === 1;
    await log(recommend ? "recommend" : "unrecommend", {
      reason: change.recommendNote ?? null,
    });
    if (recommend)
      await notify(trx as never, {
        userId: await moderation.authorId(),
        kind: "recommended",
        questionId: before.questionId,
        answerId: id,
        actorId: moderation.moderatorId,
      });
  },
  auditView: (record) => ({
    status: record.status,
    recommended: record.recommended,
    recommendNote: record.recommendNote,
    moderationReason: record.moderationReason,
    body: record.body,
  }),
};

/**
 * A moderator's change of a question (status with reason, pinned, title, tags), in the
 * caller's transaction; without a version it is one of a batch.
 */
export function moderateQuestion(
  trx: Db,
  request: FastifyRequest,
  questionId: number,
  change: QuestionChange,
): Promise<void> {
  return moderatePost(QUESTION, trx, request, questionId, change);
}

/** A moderator's change of an answer (status with reason, recommendation, body). */
export function moderateAnswer(
  trx: Db,
  request: FastifyRequest,
  answerId: number,
  change: AnswerModeration,
): Promise<void> {
  return moderatePost(ANSWER, trx, request, answerId, change);
}

export { QUESTION_BATCH_ACTIONS };

/** The state a batch action moves a question to, from its current state. */
function batchChange(
  action: QuestionBatchAction,
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

/** One action on many questions, in the caller's transaction: all or none. */
export async function moderateQuestions(
  trx: Db,
  request: FastifyRequest,
  ids: number[],
  action: QuestionBatchAction,
  reason: string | undefined,
): Promise<void> {
  const current = await adminQuestions(trx, ids, request.language);
  if (current.length !== ids.length) throw notFound();
  for (const question of current) {
    const change = batchChange(action, question);
    // Already there (pinned, or in the state): nothing to do for this one.
    if (
      (change.status === undefined || change.status === question.status) &&
      (change.pinned === undefined || change.pinned === question.pinned)
    )
      continue;
    await moderateQuestion(trx, request, question.id, {
      ...(change as QuestionChange),
      reason,
    });
  }
}
