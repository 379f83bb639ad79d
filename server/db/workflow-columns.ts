import type { CreateTableBuilder, Kysely } from "kysely";

/**
 * The columns a table needs to take part in the publishing workflow
 * (server/resources/workflow.ts). A migration adds them with the rest of its table.
 */
export function withWorkflowColumns<T extends string>(
  builder: CreateTableBuilder<T>,
): CreateTableBuilder<T> {
  return (
    builder
      .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("draft"))
      .addColumn("publish_at", "varchar(32)")
      .addColumn("published_at", "varchar(32)")
      .addColumn("created_by", "integer", (c) =>
        c.references("users.id").onDelete("set null"),
      )
      .addColumn("updated_by", "integer", (c) =>
        c.references("users.id").onDelete("set null"),
      )
      // The record's tags as JSON, so reads never join; content_tags indexes them.
      .addColumn("tag_ids", "varchar(512)", (c) => c.notNull().defaultTo("[]"))
  );
}

export async function createWorkflowIndexes(
  db: Kysely<unknown>,
  table: string,
): Promise<void> {
  for (const columns of [
    ["status", "publish_at"],
    ["publish_at"],
    ["created_by"],
  ]) {
    await db.schema
      .createIndex(`${table}_${columns.join("_")}`)
      .on(table)
      .columns(columns)
      .execute();
  }
}

/** Which tags each workflow record has: one row per (resource, record, tag). */
export async function createContentTagsTable(
  db: Kysely<unknown>,
): Promise<void> {
  await db.schema
    .createTable("content_tags")
    .addColumn("resource", "varchar(32)", (c) => c.notNull())
    .addColumn("record_id", "integer", (c) => c.notNull())
    .addColumn("tag_id", "integer", (c) =>
      c.notNull().references("tags.id").onDelete("cascade"),
    )
    .addPrimaryKeyConstraint("content_tags_pk", [
      "resource",
      "record_id",
      "tag_id",
    ])
    .execute();
  await db.schema
    .createIndex("content_tags_tag")
    .on("content_tags")
    .columns(["resource", "tag_id", "record_id"])
    .execute();
}
