import type { FastifyRequest } from "fastify";
import type { Kysely, Transaction } from "kysely";
import { Code } from "../../../common/codes.js";
import {
  ASK_VALIDATION_ERRORS,
  askRefusal,
  type AskRefusal,
} from "../../../common/ask-messages.js";
import { ASK_EDIT_WINDOW_MS } from "../../../common/schemas/ask.js";
import type { Database } from "../../db/schema.js";
import { ApiError, validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import { sanitizeStoredHtml } from "../html-sanitizer.js";

/*
 * The rules and locks every community post's write shares: the stored body, the row locks
 * that order concurrent writes, the repeat check and the refusals a member reads.
 */

/**
 * Where a post's image may come from: the media library (`/files/<key>`, as
 * POST /tjc/files/images answers it, or the same under `/tjc`). Anything else, another
 * host's image or a data: URL, would load in every reader's browser: a tracking pixel.
 */
const OWN_IMAGE = /^\/(?:tjc\/)?files\/[^/\\]/;
/** An image element as sanitize-html writes it (attributes double-quoted). */
const IMAGE_TAG = /<img\b[^>]*>/gi;
const SRC = /\ssrc="([^"]*)"/i;

/** The sanitised HTML without images from outside the media library (docs/editor.md). */
export function keepOwnImages(html: string): string {
  return html.replace(IMAGE_TAG, (tag) => {
    const src = SRC.exec(tag)?.[1]?.replace(/&amp;/g, "&") ?? "";
    return OWN_IMAGE.test(src) ? tag : "";
  });
}

/**
 * The stored form of a post's body: sanitised with the shared allowlist, only the media
 * library's images kept, never empty.
 */
export function storedBody(html: string, request: FastifyRequest): string {
  const body = keepOwnImages(sanitizeStoredHtml(html));
  if (body === "") {
    throw validationError({
      body: localizeText(ASK_VALIDATION_ERRORS.emptyBody, request.language),
    });
  }
  return body;
}

/** The author may change a post for 24 hours after posting; then it is refused (40300). */
export function assertEditable(
  post: { authorId: number; createdAt: string },
  userId: number,
  now = Date.now(),
): void {
  if (post.authorId !== userId) throw new ApiError(Code.FORBIDDEN);
  const editableUntil = Date.parse(post.createdAt) + ASK_EDIT_WINDOW_MS;
  if (now > editableUntil) {
    throw new ApiError(Code.FORBIDDEN, {
      data: { editableUntil: new Date(editableUntil).toISOString() },
    });
  }
}

/**
 * Takes the question's row lock for the rest of the transaction (PostgreSQL; SQLite
 * writes one at a time anyway), so counts and scores computed after it see every write
 * that went before. An update that changes nothing is the lock both stores understand.
 */
export async function lockQuestion(
  trx: Transaction<Database>,
  questionId: number,
) {
  return trx
    .updateTable("askQuestions")
    .set((eb) => ({ score: eb.ref("score") }))
    .where("id", "=", questionId)
    .returning([
      "id",
      "authorId",
      "status",
      "score",
      "answerCount",
      "acceptedAnswerId",
      "createdAt",
    ])
    .executeTakeFirst();
}

export async function lockAnswer(trx: Transaction<Database>, answerId: number) {
  return trx
    .updateTable("askAnswers")
    .set((eb) => ({ score: eb.ref("score") }))
    .where("id", "=", answerId)
    .returning(["id", "authorId", "status", "score", "questionId"])
    .executeTakeFirst();
}

/** Checks that every tag id names a Q&A tag (40000 on tagIds otherwise). */
export async function assertTagsExist(
  trx: Transaction<Database>,
  tagIds: number[],
  request: FastifyRequest,
): Promise<void> {
  const found = await trx
    .selectFrom("askTags")
    .select("id")
    .where("id", "in", tagIds)
    .execute();
  if (found.length !== tagIds.length) {
    throw validationError({
      tagIds: localizeText(ASK_VALIDATION_ERRORS.unknownTag, request.language),
    });
  }
}

/**
 * How long a member's identical post counts as the same one sent twice (a double click, a
 * form resent on a slow line): within it, posting it again answers the first post.
 */
export const REPEAT_POST_WINDOW_MS = 10 * 60 * 1000;

/**
 * The id of the member's own post, not deleted, posted within REPEAT_POST_WINDOW_MS with
 * this exact stored body: an answer to the same question, or a question with the same
 * title. Undefined when there is none.
 */
export async function repeatedPost(
  db: Kysely<Database>,
  post: { authorId: number; body: string } & (
    { questionId: number } | { title: string }
  ),
  now = Date.now(),
): Promise<number | undefined> {
  const [table, column, value] =
    "title" in post
      ? (["askQuestions", "title", post.title] as const)
      : (["askAnswers", "questionId", post.questionId] as const);
  // Both tables have these columns; typed as one so the query is written once.
  const row = await db
    .selectFrom(table as "askAnswers")
    .select("id")
    .where("authorId", "=", post.authorId)
    .where(
      "createdAt",
      ">",
      new Date(now - REPEAT_POST_WINDOW_MS).toISOString(),
    )
    .where("status", "!=", "deleted")
    .where(column as "body", "=", value as string)
    .where("body", "=", post.body)
    .orderBy("id")
    .executeTakeFirst();
  return row?.id;
}

/**
 * Takes the member's row lock for the rest of the transaction, so two of their posts are
 * written one after the other (PostgreSQL; SQLite writes one at a time anyway) and the
 * second sees the first. As lockQuestion: an update that changes nothing.
 */
export async function lockMember(
  trx: Transaction<Database>,
  userId: number,
): Promise<void> {
  await trx
    .updateTable("users")
    .set((eb) => ({ loginName: eb.ref("loginName") }))
    .where("id", "=", userId)
    .execute();
}

/**
 * A refusal a member reads on the public site: the envelope's message is a plain sentence
 * in their language ("you already reported this") rather than the code's generic one, and
 * `data.reason` names it for a client that words it itself.
 */
export function refusal(
  code: Code,
  reason: AskRefusal,
  request: FastifyRequest,
  options: { count?: number; data?: Record<string, unknown> } = {},
): ApiError {
  return new ApiError(code, {
    message: askRefusal(reason, request.language, options.count),
    data: { reason, ...options.data },
  });
}
