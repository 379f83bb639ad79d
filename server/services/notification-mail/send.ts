import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { noticeMailChoice } from "../../../common/schemas/notice-mail.js";
import type { Database } from "../../db/schema.js";
import { nowIso } from "../../db/dialect.js";
import { enqueueMail } from "../../mail/outbox.js";
import { noticeActors } from "../../routes/ask/notice-actors.js";
import { accountLanguage, siteNameIn } from "../email-links.js";
import { verifiedEmailRequired } from "../email-verification.js";
import {
  MAILED_KINDS,
  noticeMail,
  unsubscribeHeaders,
  type MailedKind,
  type MailNotice,
} from "./compose.js";
import { signUnsubscribe } from "./signing.js";

/** Where the one-click link goes: GET shows a page, POST unsubscribes (RFC 8058). */
export const UNSUBSCRIBE_PATH = "/mail/unsubscribe";

/** A member as mail to them needs: their choice, address and language. */
export async function mailRecipient(db: Kysely<Database>, userId: number) {
  const row = await db
    .selectFrom("memberProfiles")
    .innerJoin("users", "users.id", "memberProfiles.userId")
    .select([
      "memberProfiles.userId",
      "memberProfiles.email",
      "memberProfiles.emailVerifiedAt",
      "memberProfiles.noticeMail",
      "memberProfiles.noticeDigestAt",
      "users.language",
      "users.status",
    ])
    .where("memberProfiles.userId", "=", userId)
    .executeTakeFirst();
  return row && { ...row, noticeMail: noticeMailChoice(row.noticeMail) };
}
export type MailRecipient = NonNullable<
  Awaited<ReturnType<typeof mailRecipient>>
>;

/** Whether mail may go to this member's address at all. */
export function canMail(app: FastifyInstance, member: MailRecipient): boolean {
  return (
    member.status === "active" &&
    Boolean(member.email) &&
    (member.emailVerifiedAt !== null || !verifiedEmailRequired(app))
  );
}

/**
 * Queues one message for these unread, not yet mailed notices of `member` (one at once, or
 * a digest) and marks them mailed, in the caller's transaction. Who acted is named as the
 * site names them (noticeActors: an anonymous post names nobody). Returns whether a
 * message was queued: never an empty one.
 */
export async function mailNotices(
  trx: Kysely<Database>,
  app: FastifyInstance,
  origin: string,
  member: MailRecipient,
  noticeIds: number[],
  digest: boolean,
  now = Date.now(),
): Promise<boolean> {
  if (noticeIds.length === 0 || !member.email) return false;
  const rows = await trx
    .selectFrom("askNotifications")
    .leftJoin("askQuestions", "askQuestions.id", "askNotifications.questionId")
    .select([
      "askNotifications.id",
      "askNotifications.kind",
      "askNotifications.questionId",
      "askNotifications.answerId",
      "askNotifications.count",
      "askNotifications.actorId",
      "askQuestions.title as questionTitle",
    ])
    .where("askNotifications.id", "in", noticeIds)
    .where("askNotifications.userId", "=", member.userId)
    .where("askNotifications.readAt", "is", null)
    .where("askNotifications.mailedAt", "is", null)
    .where("askNotifications.kind", "in", [...MAILED_KINDS])
    .orderBy("askNotifications.id")
    .execute();
  if (rows.length === 0) return false;
  const language = accountLanguage(member.language, "zh-CN");
  const actors = await noticeActors(trx, rows, language);
  const notices: MailNotice[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind as MailedKind,
    questionId: row.questionId,
    answerId: row.answerId,
    questionTitle: row.questionTitle ?? null,
    count: Number(row.count),
    actor: actors.get(row.id) ?? null,
  }));
  const token = await signUnsubscribe(trx, member.userId, now);
  const unsubscribe = `${origin}${UNSUBSCRIBE_PATH}?token=${token}`;
  const mail = noticeMail(
    language,
    siteNameIn(app, language),
    notices,
    { origin, unsubscribe },
    digest,
  );
  await enqueueMail(
    trx,
    {
      ...mail,
      kind: digest ? "noticeDigest" : "notice",
      to: member.email,
      language,
      headers: unsubscribeHeaders(unsubscribe),
    },
    now,
  );
  await trx
    .updateTable("askNotifications")
    .set({ mailedAt: nowIso(now) })
    .where(
      "id",
      "in",
      rows.map((row) => row.id),
    )
    .execute();
  return true;
}
