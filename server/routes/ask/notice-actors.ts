import type { Kysely } from "kysely";
import { ANONYMOUS_NAME } from "../../../common/ask-messages.js";
import type { Language } from "../../../common/codes.js";
import type { NoticeActor } from "../../../common/schemas/ask.js";
import type { Database } from "../../db/schema.js";
import { AUTHOR_IS_STAFF, truthy } from "../../services/ask/records.js";

/**
 * Who caused each notification, as the member reading it may know them: the display name
 * and whether the account is staff (issue 25, item 11). The one place that decides it, so
 * a post written anonymously reads as such here: an answer notice whose answer, or an
 * accept notice whose question, was posted anonymously names the anonymous member, never
 * the account. Null when nobody is recorded (older moderation notices) or the account is
 * gone.
 */
export async function noticeActors(
  db: Kysely<Database>,
  notices: {
    id: number;
    actorId: number | null;
    kind: string;
    questionId: number | null;
    answerId: number | null;
  }[],
  language: Language,
): Promise<Map<number, NoticeActor | null>> {
  const hidden = await anonymousActs(db, notices);
  const ids = [
    ...new Set(
      notices
        .map((notice) => notice.actorId)
        .filter((id): id is number => id !== null),
    ),
  ];
  const users =
    ids.length === 0
      ? []
      : await db
          .selectFrom("users")
          .select(["users.id", "users.userName", AUTHOR_IS_STAFF.as("staff")])
          .where("users.id", "in", ids)
          .execute();
  const byId = new Map(
    users.map((user) => [
      user.id,
      { userName: user.userName, staff: truthy(user.staff) },
    ]),
  );
  return new Map(
    notices.map((notice) => [
      notice.id,
      hidden.has(notice.id)
        ? { userName: ANONYMOUS_NAME[language], staff: false }
        : notice.actorId === null
          ? null
          : (byId.get(notice.actorId) ?? null),
    ]),
  );
}

/** The notices whose act was an anonymous post: answering anonymously, or accepting on
 * an anonymous question. */
async function anonymousActs(
  db: Kysely<Database>,
  notices: {
    id: number;
    kind: string;
    questionId: number | null;
    answerId: number | null;
  }[],
): Promise<Set<number>> {
  const answerIds = notices
    .filter((n) => n.kind === "answered" && n.answerId !== null)
    .map((n) => n.answerId!);
  const questionIds = notices
    .filter((n) => n.kind === "accepted" && n.questionId !== null)
    .map((n) => n.questionId!);
  const anonymousOf = async (
    table: "askAnswers" | "askQuestions",
    ids: number[],
  ) =>
    new Set(
      ids.length === 0
        ? []
        : (
            await db
              .selectFrom(table)
              .select("id")
              .where("id", "in", ids)
              .where("anonymous", "=", 1)
              .execute()
          ).map((row) => row.id),
    );
  const [anonymousAnswers, anonymousQuestions] = await Promise.all([
    anonymousOf("askAnswers", answerIds),
    anonymousOf("askQuestions", questionIds),
  ]);
  return new Set(
    notices
      .filter((n) =>
        n.kind === "answered"
          ? anonymousAnswers.has(n.answerId ?? -1)
          : n.kind === "accepted" && anonymousQuestions.has(n.questionId ?? -1),
      )
      .map((n) => n.id),
  );
}
