import type { Kysely } from "kysely";
import type { StoreKind } from "../store.js";
import { withIdColumn } from "../dialect.js";
import { createSearchIndex } from "../search.js";

/** The media library (issue 11 item 1): files, and which records use each. */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  await withIdColumn(kind, db.schema.createTable("files"))
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("original_name", "varchar(255)", (c) => c.notNull())
    .addColumn("mime", "varchar(128)", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    // The same bytes are one file: a second upload answers the first record.
    .addColumn("sha256", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("storage_key", "varchar(255)", (c) => c.notNull().unique())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("duration_sec", "real")
    .addColumn("usage_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by", "integer", (c) =>
      c.references("users.id").onDelete("set null"),
    )
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  for (const column of [
    "kind",
    "created_at",
    "size",
    "created_by",
    "usage_count",
  ]) {
    await db.schema
      .createIndex(`files_${column}`)
      .on("files")
      .column(column)
      .execute();
  }
  await createSearchIndex(db, kind, {
    table: "files",
    columns: ["original_name"],
  });

  // One row per (record, field, file): resources write theirs through
  // services/file-usages.ts, which keeps files.usage_count in step.
  await db.schema
    .createTable("file_usages")
    .addColumn("file_id", "integer", (c) =>
      c.notNull().references("files.id").onDelete("restrict"),
    )
    .addColumn("resource", "varchar(32)", (c) => c.notNull())
    .addColumn("record_id", "integer", (c) => c.notNull())
    .addColumn("field", "varchar(32)", (c) => c.notNull())
    .addPrimaryKeyConstraint("file_usages_pk", [
      "resource",
      "record_id",
      "field",
      "file_id",
    ])
    .execute();
  await db.schema
    .createIndex("file_usages_file_id")
    .on("file_usages")
    .column("file_id")
    .execute();
}
