import type { Kysely } from "kysely";
import type { StoreKind } from "../store.js";

/**
 * The community's rough edges (issue 25, items 11 and 13): a notification that stands for
 * several answers to one question (`count`), and a Q&A tag's English description.
 */
export async function up(db: Kysely<unknown>, _kind: StoreKind): Promise<void> {
  // A burst of answers to one question is one unread notification with their number.
  await db.schema
    .alterTable("ask_notifications")
    .addColumn("count", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("ask_tags")
    .addColumn("description_en", "varchar(500)")
    .execute();
}
