import type { Kysely } from "kysely";
import type { StoreKind } from "../store.js";

/**
 * Notification e-mails and digests (issue 24 item 4): each member's choice (at once, daily,
 * weekly, never; weekly by default), when their last digest covered up to and when the
 * choice last changed (an unsubscribe link older than that is "used"), which notices
 * went out by mail, the extra headers of an outbox message (List-Unsubscribe) and the
 * key that signs unsubscribe links (made once, on first use).
 */
export async function up(db: Kysely<unknown>, _kind: StoreKind): Promise<void> {
  await db.schema
    .alterTable("member_profiles")
    .addColumn("notice_mail", "varchar(16)", (c) =>
      c.notNull().defaultTo("weekly"),
    )
    .execute();
  await db.schema
    .alterTable("member_profiles")
    .addColumn("notice_mail_changed_at", "varchar(32)")
    .execute();
  await db.schema
    .alterTable("member_profiles")
    .addColumn("notice_digest_at", "varchar(32)")
    .execute();
  await db.schema
    .alterTable("ask_notifications")
    .addColumn("mailed_at", "varchar(32)")
    .execute();
  await db.schema
    .alterTable("mail_outbox")
    .addColumn("headers", "text")
    .execute();
  await db.schema
    .createTable("signing_keys")
    .addColumn("name", "varchar(64)", (c) => c.primaryKey())
    .addColumn("secret", "varchar(128)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
}
