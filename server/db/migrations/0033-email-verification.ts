import type { Kysely } from "kysely";
import type { StoreKind } from "../store.js";
import { withIdColumn } from "../dialect.js";

/**
 * Verified e-mail (issue 24 item 3): the links that confirm an address (only their hash),
 * when a member's address was confirmed, and the new address a member or a staff user
 * asked for, which is used only once its link is opened (docs/community.md).
 */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  await withIdColumn(kind, db.schema.createTable("email_verification_tokens"))
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("email", "varchar(254)", (c) => c.notNull())
    // member | staff: which of the account's addresses the link confirms.
    .addColumn("target", "varchar(16)", (c) => c.notNull())
    .addColumn("ip", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
    .addColumn("used_at", "varchar(32)")
    .execute();
  await db.schema
    .createIndex("email_verification_tokens_user")
    .on("email_verification_tokens")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("email_verification_tokens_ip")
    .on("email_verification_tokens")
    .columns(["ip", "created_at"])
    .execute();
  await db.schema
    .alterTable("member_profiles")
    .addColumn("email_verified_at", "varchar(32)")
    .execute();
  await db.schema
    .alterTable("member_profiles")
    .addColumn("pending_email", "varchar(254)")
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("pending_email", "varchar(254)")
    .execute();
}
