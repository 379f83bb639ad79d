import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { Code } from "../../common/codes.js";
import { ASK_VALIDATION_ERRORS } from "../../common/ask-messages.js";
import type { Database, AskPostStatus } from "../db/schema.js";
import { nowIso } from "../db/dialect.js";
import { ApiError, validationError } from "../http/errors.js";
import { localizeText } from "../http/validation-messages.js";

type Db = Kysely<Database>;

/** A moderation act's name, from the state a post leaves and the one it enters. */
export type TransitionAction =
  | "approve"
  | "reject"
  | "hide"
  | "unhide"
  | "close"
  | "reopen"
  | "delete"
  | "restore";

/**
 * The moves a moderator may make (docs/moderation.md). Rejecting a pending post
 * soft-deletes it; restoring a deleted post puts it back in the state it left (a
 * rejected post goes back to the review queue). Answers are never closed.
 */
export function transitionOf(
  kind: "question" | "answer",
  from: AskPostStatus,
  to: AskPostStatus,
  statusBeforeDelete: string | null,
): TransitionAction | null {
  if (from === to) return null;
  if (from === "deleted")
    return to === (statusBeforeDelete ?? "visible") ? "restore" : null;
  if (to === "deleted") return from === "pending" ? "reject" : "delete";
  if (from === "pending") return to === "visible" ? "approve" : null;
  if (to === "pending") return null;
  if (kind === "answer" && (from === "closed" || to === "closed")) return null;
  if (to === "hidden") return "hide";
  if (from === "hidden") return to === "visible" ? "unhide" : null;
  if (to === "closed") return from === "visible" ? "close" : null;
  if (from === "closed" && to === "visible") return "reopen";
  return null;
}

/** Refuses a move the state machine does not allow (40900 with both states). */
export function assertTransition(
  kind: "question" | "answer",
  from: AskPostStatus,
  to: AskPostStatus,
  statusBeforeDelete: string | null,
): TransitionAction {
  const action = transitionOf(kind, from, to, statusBeforeDelete);
  if (!action) {
    throw new ApiError(Code.CONFLICT, {
      data: { reason: "transition", from, to },
      detail: `no move from ${from} to ${to}`,
    });
  }
  return action;
}

/** Hiding and closing need a reason (the author and the visitors read it). */
export function assertReason(
  action: TransitionAction,
  reason: string | undefined,
  request: FastifyRequest,
): void {
  if ((action === "hide" || action === "close") && !reason) {
    throw validationError({
      reason: localizeText(
        ASK_VALIDATION_ERRORS.reasonRequired,
        request.language,
      ),
    });
  }
}

/** The columns a move writes beside the status. */
export function transitionValues(
  action: TransitionAction,
  from: AskPostStatus,
  to: AskPostStatus,
  reason: string | undefined,
): Record<string, unknown> {
  const values: Record<string, unknown> = { status: to };
  if (action === "delete" || action === "reject")
    values.statusBeforeDelete = from;
  if (action === "restore") values.statusBeforeDelete = null;
  if (action === "approve") values.pendingReason = null;
  if (action === "hide" || action === "close" || action === "reopen")
    values.moderationReason = reason || null;
  if (action === "unhide") values.moderationReason = null;
  return values;
}

export async function logModeration(
  db: Db,
  entry: {
    targetType: "question" | "answer";
    targetId: number;
    questionId: number;
    action: string;
    fromStatus?: string | null;
    toStatus?: string | null;
    reason?: string | null;
    moderatorId: number | null;
  },
): Promise<void> {
  await db
    .insertInto("askModerationLog")
    .values({
      targetType: entry.targetType,
      targetId: entry.targetId,
      questionId: entry.questionId,
      action: entry.action,
      fromStatus: entry.fromStatus ?? null,
      toStatus: entry.toStatus ?? null,
      reason: entry.reason ? entry.reason.slice(0, 500) : null,
      moderatorId: entry.moderatorId,
      createdAt: nowIso(),
    })
    .execute();
}
