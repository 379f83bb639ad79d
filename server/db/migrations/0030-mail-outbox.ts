import type { Kysely } from "kysely";
import type { StoreKind } from "../store.js";
import { withIdColumn } from "../dialect.js";

/**
 * E-mail (issue 24): the outbox every message is written to in the transaction of the
 * event that causes it, and the password-reset links (only their hash).
 *
 * A message's one-time secret (a reset token) is not in its body: the body holds a
 * placeholder and the secret sits in `secret` until the message is sent, fails for good or
 * its link expires, when it is erased (docs/operations.md, "E-mail").
 */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  await withIdColumn(kind, db.schema.createTable("mail_outbox"))
    .addColumn("kind", "varchar(32)", (c) => c.notNull())
    .addColumn("recipient", "varchar(254)", (c) => c.notNull())
    .addColumn("language", "varchar(8)", (c) => c.notNull())
    .addColumn("subject", "varchar(300)", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    .addColumn("secret", "varchar(128)")
    .addColumn("secret_expires_at", "varchar(32)")
    // pending | sent | failed
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "varchar(32)", (c) => c.notNull())
    // The claim: the instance sending it, and until when its lease holds.
    .addColumn("locked_by", "varchar(120)")
    .addColumn("locked_until", "varchar(32)")
    .addColumn("last_error", "varchar(2000)")
    .addColumn("sent_at", "varchar(32)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("mail_outbox_due")
    .on("mail_outbox")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("mail_outbox_recipient")
    .on("mail_outbox")
    .columns(["recipient", "id"])
    .execute();

  await withIdColumn(kind, db.schema.createTable("password_reset_tokens"))
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    // Null for a request whose address matched no account: the same write either way.
    .addColumn("user_id", "integer")
    .addColumn("email", "varchar(254)", (c) => c.notNull())
    .addColumn("ip", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
    .addColumn("used_at", "varchar(32)")
    .execute();
  await db.schema
    .createIndex("password_reset_tokens_email")
    .on("password_reset_tokens")
    .columns(["email", "created_at"])
    .execute();
  await db.schema
    .createIndex("password_reset_tokens_ip")
    .on("password_reset_tokens")
    .columns(["ip", "created_at"])
    .execute();
}
