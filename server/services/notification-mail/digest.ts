import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { JOB_LOG_KEYS } from "../../../common/job-messages.js";
import { nowIso } from "../../db/dialect.js";
import { defineJobHandler } from "../../jobs/registry.js";
import { MAILED_KINDS } from "./compose.js";
import { canMail, mailNotices, mailRecipient } from "./send.js";

const HOUR_MS = 3600_000;
/** How long after the last digest (or the first waiting notice) the next one is due. */
export const DIGEST_PERIOD_MS = {
  daily: 24 * HOUR_MS,
  weekly: 7 * 24 * HOUR_MS,
};
/** Slack for the hourly job's own drift, so a member is not pushed a whole hour later. */
const SLACK_MS = 10 * 60_000;
/** Members one run handles at most; the next run takes the rest. */
const BATCH = 500;

/** The members with notices waiting for a digest, and when each became due. */
async function waiting(app: FastifyInstance, now: number) {
  const rows = await app.store.db
    .selectFrom("askNotifications")
    .innerJoin(
      "memberProfiles",
      "memberProfiles.userId",
      "askNotifications.userId",
    )
    .select((eb) => [
      "memberProfiles.userId",
      "memberProfiles.noticeMail",
      "memberProfiles.noticeDigestAt",
      eb.fn.min("askNotifications.createdAt").as("oldest"),
    ])
    .where("memberProfiles.noticeMail", "in", ["daily", "weekly"])
    .where("askNotifications.readAt", "is", null)
    .where("askNotifications.mailedAt", "is", null)
    .where("askNotifications.kind", "in", [...MAILED_KINDS])
    .groupBy([
      "memberProfiles.userId",
      "memberProfiles.noticeMail",
      "memberProfiles.noticeDigestAt",
    ])
    .orderBy("memberProfiles.userId")
    .execute();
  return rows
    .filter((row) => {
      const period =
        DIGEST_PERIOD_MS[row.noticeMail as keyof typeof DIGEST_PERIOD_MS];
      const since = Date.parse(row.noticeDigestAt ?? String(row.oldest));
      return now - since >= period - SLACK_MS;
    })
    .slice(0, BATCH);
}

/**
 * Builds the digests that are due: for each member on "daily" or "weekly" whose period
 * has passed, one message listing their unread notices not yet mailed, grouped by kind.
 * A member is claimed with a compare-and-set on `notice_digest_at`, in the transaction
 * that queues the message, so a digest goes once however many instances run the job.
 * Nothing unread: no message.
 */
export async function sendDueDigests(
  app: FastifyInstance,
  now: number,
): Promise<number> {
  const origin = app.config.mail.publicOrigin;
  if (!origin) return -1;
  let sent = 0;
  for (const due of await waiting(app, now)) {
    const queued = await app.store.db.transaction().execute(async (trx) => {
      const claim = await trx
        .updateTable("memberProfiles")
        .set({ noticeDigestAt: nowIso(now) })
        .where("userId", "=", due.userId)
        .where("noticeMail", "=", due.noticeMail)
        .where((eb) =>
          due.noticeDigestAt === null
            ? eb("noticeDigestAt", "is", null)
            : eb("noticeDigestAt", "=", due.noticeDigestAt),
        )
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) return false;
      const member = await mailRecipient(trx, due.userId);
      if (!member || !canMail(app, member)) return false;
      const ids = await trx
        .selectFrom("askNotifications")
        .select("id")
        .where("userId", "=", due.userId)
        .where("readAt", "is", null)
        .where("mailedAt", "is", null)
        .execute();
      return mailNotices(
        trx,
        app,
        origin,
        member,
        ids.map((row) => row.id),
        true,
        now,
      );
    });
    if (queued) sent += 1;
  }
  if (sent > 0) app.mail.kick();
  return sent;
}

export const noticeDigest = defineJobHandler({
  name: "noticeMail.digest",
  label: { "zh-CN": "通知摘要邮件", "en-US": "Notice digests by e-mail" },
  description: {
    "zh-CN": "给选择每日或每周摘要的会员发出到期的通知摘要邮件。",
    "en-US":
      "Sends the members who chose a daily or weekly digest the ones that are due.",
  },
  params: z.object({}).strict(),
  async run(_params, { app, now }) {
    const count = await sendDueDigests(app, now());
    if (count < 0) return { key: JOB_LOG_KEYS.digestsNoOrigin };
    return { key: JOB_LOG_KEYS.digests, params: { count } };
  },
});
