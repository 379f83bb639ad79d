import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { linkOrigin } from "../email-links.js";
import { currentNoticeMailContext } from "./context.js";
import { canMail, mailNotices, mailRecipient } from "./send.js";

/**
 * A notice was just written in `trx`: if its member chose "at once", its message goes to
 * the outbox in the same transaction (sent only if the event commits), and the outbox is
 * woken. Outside a request (nothing to build a link from) it waits for the member's
 * choice to change; "at once" notices are not put in digests.
 */
export async function mailNoticeAtOnce(
  trx: Kysely<Database>,
  notice: { id: number; userId: number },
): Promise<void> {
  const context = currentNoticeMailContext();
  if (!context) return;
  const member = await mailRecipient(trx, notice.userId);
  if (!member || member.noticeMail !== "instant") return;
  if (!canMail(context.app, member)) return;
  const queued = await mailNotices(
    trx,
    context.app,
    linkOrigin(context.app, context.request),
    member,
    [notice.id],
    false,
  );
  if (queued) context.app.mail.kick();
}
