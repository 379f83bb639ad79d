import type { Kysely } from "kysely";
import type { StoreKind } from "../store.js";
import { withIdColumn } from "../dialect.js";

/**
 * Revisions (issue 11 item 6): one row per saved version of a record of a resource that
 * opts in (`revisions: true` in its definition), holding the record as JSON. Written in
 * the same transaction as the change; a deleted record's revisions go with it.
 */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  await withIdColumn(kind, db.schema.createTable("content_revisions"))
    .addColumn("resource", "varchar(32)", (c) => c.notNull())
    .addColumn("record_id", "integer", (c) => c.notNull())
    /** The record's version this snapshot is. */
    .addColumn("record_version", "integer", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) =>
      c.references("users.id").onDelete("set null"),
    )
    /** The revision this one restored, if it is a restore. */
    .addColumn("restored_from", "integer")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("content_revisions_record")
    .on("content_revisions")
    .columns(["resource", "record_id", "id"])
    .execute();
}
