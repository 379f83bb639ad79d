import {
  sql,
  type Kysely,
  type OrderByDirection,
  type OrderByExpression,
  type SelectQueryBuilder,
  type SqlBool,
  type Transaction,
} from "kysely";
import { ANONYMOUS_NAME } from "../../../common/ask-messages.js";
import type { Language } from "../../../common/codes.js";
import type { Answer, Question } from "../../../common/schemas/ask.js";
import type { AskPostStatus, Database } from "../../db/schema.js";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * One page of a list's rows in `order` (columns or expressions, each with its direction),
 * and how many rows the list has in all: the lists of questions and answers (public, a
 * member's own, the recommended) page alike.
 */
export async function pageWithTotal<DB, TB extends keyof DB, O>(
  where: SelectQueryBuilder<DB, TB, O>,
  page: { offset: number; limit: number },
  order: ReadonlyArray<[OrderByExpression<DB, TB, O>, OrderByDirection]>,
): Promise<{ rows: O[]; total: number }> {
  const ordered = order.reduce(
    (query, [by, direction]) => query.orderBy(by, direction),
    where,
  );
  const [rows, count] = await Promise.all([
    ordered.limit(page.limit).offset(page.offset).execute(),
    where
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number((count as { total: number | string }).total) };
}

/** The states in which a question is public; others answer 404 to visitors. */
export const PUBLIC_STATUSES: AskPostStatus[] = ["visible", "closed"];

/**
 * The same condition as a literal, as the partial indexes of the lists name it
 * (migration 0007): SQLite matches a partial index only on the same literal term.
 */
export const PUBLIC_CONDITION = sql<SqlBool>`ask_questions.status in ('visible', 'closed')`;

/**
 * Whether a post's author is staff: holds any permission outside the community's own
 * (`community:*`), through any role. Public pages mark them with a badge, so a member
 * who copies a pastor's name is told apart (issue 25, item 11).
 */
export const AUTHOR_IS_STAFF = sql<unknown>`exists (select 1 from user_roles
  inner join role_permissions on role_permissions.role_id = user_roles.role_id
  inner join permissions on permissions.id = role_permissions.permission_id
  where user_roles.user_id = users.id and permissions.module <> 'community')`;

/**
 * A post's author as the public reads it. An anonymous post (issue 24) names nobody: no
 * id, no name, no staff badge (a badge would narrow the author down to a few people).
 * Every public rendering reads its author through here.
 */
export function publicAuthor(
  row: {
    anonymous: number;
    authorId: number;
    userName: string;
    authorStaff: unknown;
  },
  language: Language,
): Question["author"] {
  return row.anonymous
    ? {
        userId: 0,
        userName: ANONYMOUS_NAME[language],
        anonymous: true,
        staff: false,
      }
    : {
        userId: row.authorId,
        userName: row.userName,
        anonymous: false,
        staff: truthy(row.authorStaff),
      };
}

/**
 * A post's author as the moderation screens list it: an anonymous post's author is masked
 * there too, and a moderator sees them only by the audited reveal
 * (`POST /tjc/ask/admin/{questions,answers}/:id/reveal`).
 */
export function moderatorAuthor(
  row: { anonymous: number; authorId: number; userName: string },
  language: Language,
): { userId: number; userName: string; anonymous: boolean } {
  return row.anonymous
    ? { userId: 0, userName: ANONYMOUS_NAME[language], anonymous: true }
    : { userId: row.authorId, userName: row.userName, anonymous: false };
}

/** A driver's boolean: SQLite answers 0 or 1, PostgreSQL true or false. */
export const truthy = (value: unknown) => value === true || Number(value) === 1;

const EXCERPT_LENGTH = 160;
const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  nbsp: " ",
};

/**
 * The body of sanitised HTML as plain text, cut short: for lists and meta descriptions.
 * The stored HTML is already sanitised, so dropping tags and decoding the few entities
 * sanitize-html writes is enough.
 */
export function excerptOf(html: string, length = EXCERPT_LENGTH): string {
  const text = html
    .replace(/<\/(p|div|li|h[1-6]|blockquote|pre)>|<br\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(
      /&(amp|lt|gt|quot|#39|nbsp);/g,
      (_, name: string) => ENTITIES[name]!,
    )
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...text];
  return chars.length > length ? `${chars.slice(0, length).join("")}…` : text;
}

/** The question columns every read selects, with the author's name. */
export function questionQuery(db: Db) {
  return db
    .selectFrom("askQuestions")
    .innerJoin("users", "users.id", "askQuestions.authorId")
    .select([
      "askQuestions.id",
      "askQuestions.title",
      "askQuestions.body",
      "askQuestions.status",
      "askQuestions.score",
      "askQuestions.answerCount",
      "askQuestions.views",
      "askQuestions.acceptedAnswerId",
      "askQuestions.hot",
      "askQuestions.authorId",
      "askQuestions.createdAt",
      "askQuestions.updatedAt",
      "askQuestions.version",
      "askQuestions.pinned",
      "askQuestions.anonymous",
      "askQuestions.moderationReason",
      "users.userName",
      AUTHOR_IS_STAFF.as("authorStaff"),
    ]);
}
export type QuestionRow = Awaited<
  ReturnType<ReturnType<typeof questionQuery>["executeTakeFirstOrThrow"]>
>;

/** Adds each question's tags (one query for the page) and shapes the records. */
export async function toQuestionRecords(
  db: Db,
  rows: QuestionRow[],
  language: Language,
): Promise<Question[]> {
  const ids = rows.map((row) => row.id);
  const tagRows =
    ids.length === 0
      ? []
      : await db
          .selectFrom("askQuestionTags")
          .innerJoin("askTags", "askTags.id", "askQuestionTags.tagId")
          .select([
            "askQuestionTags.questionId",
            "askTags.id",
            "askTags.name",
            "askTags.nameEn",
          ])
          .where("askQuestionTags.questionId", "in", ids)
          .orderBy("askTags.sortOrder")
          .orderBy("askTags.id")
          .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    body: row.body,
    excerpt: excerptOf(row.body),
    status: row.status,
    score: row.score,
    answerCount: row.answerCount,
    views: row.views,
    acceptedAnswerId: row.acceptedAnswerId,
    hot: Number(row.hot),
    tags: tagRows
      .filter((tag) => tag.questionId === row.id)
      .map((tag) => ({ id: tag.id, name: tag.name, nameEn: tag.nameEn })),
    author: publicAuthor(row, language),
    pinned: Boolean(row.pinned),
    closeReason: row.status === "closed" ? row.moderationReason : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }));
}

export function answerQuery(db: Db) {
  return db
    .selectFrom("askAnswers")
    .innerJoin("users", "users.id", "askAnswers.authorId")
    .innerJoin("askQuestions", "askQuestions.id", "askAnswers.questionId")
    .select([
      "askAnswers.id",
      "askAnswers.questionId",
      "askAnswers.body",
      "askAnswers.status",
      "askAnswers.score",
      "askAnswers.recommended",
      "askAnswers.recommendNote",
      "askAnswers.authorId",
      "askAnswers.anonymous",
      "askAnswers.createdAt",
      "askAnswers.updatedAt",
      "askAnswers.version",
      "askQuestions.acceptedAnswerId",
      "askQuestions.title as questionTitle",
      "users.userName",
      AUTHOR_IS_STAFF.as("authorStaff"),
    ]);
}
export type AnswerRow = Awaited<
  ReturnType<ReturnType<typeof answerQuery>["executeTakeFirstOrThrow"]>
>;

export function toAnswerRecord(row: AnswerRow, language: Language): Answer {
  return {
    id: row.id,
    questionId: row.questionId,
    body: row.body,
    status: row.status,
    score: row.score,
    accepted: row.acceptedAnswerId === row.id,
    recommended: Boolean(row.recommended),
    author: publicAuthor(row, language),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}

/** A post's real author id, for the server's own use (notices, mutes); never answered. */
export async function authorOf(
  db: Db,
  table: "askQuestions" | "askAnswers",
  id: number,
): Promise<number> {
  const row = await db
    .selectFrom(table as "askQuestions")
    .select("authorId")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return row.authorId;
}
