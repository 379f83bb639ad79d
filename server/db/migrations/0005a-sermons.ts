import { sql, type Kysely } from "kysely";
import type { StoreKind } from "../store.js";
import { withIdColumn } from "../dialect.js";
import { createSearchIndex } from "../search.js";
import { SORT_KEY_MAX_LENGTH } from "../../resources/sort-keys.js";
import {
  createContentTagsTable,
  createWorkflowIndexes,
  withWorkflowColumns,
} from "../workflow-columns.js";

/**
 * Sermons (issue 11 item 3), and the tags of every workflow resource (content_tags). The
 * file columns carry no foreign key: the write checks them (a clear 40000, not a
 * constraint error) and file_usages, which has one, keeps a used file from going.
 */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  await createContentTagsTable(db);
  const sortKey =
    kind === "postgres"
      ? sql`varchar(${sql.raw(String(SORT_KEY_MAX_LENGTH))}) collate "C"`
      : sql`varchar(${sql.raw(String(SORT_KEY_MAX_LENGTH))})`;
  await withWorkflowColumns(
    withIdColumn(kind, db.schema.createTable("sermons"))
      .addColumn("title", "varchar(200)", (c) => c.notNull())
      .addColumn("title_pinyin", sortKey, (c) => c.notNull().defaultTo(""))
      .addColumn("preacher", "varchar(64)")
      .addColumn("series", "varchar(100)")
      .addColumn("service_type", "varchar(64)")
      .addColumn("preached_on", "varchar(10)")
      .addColumn("passage", "varchar(200)")
      .addColumn("summary", "varchar(2000)")
      .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("audio_file_id", "integer")
      .addColumn("video_file_id", "integer")
      .addColumn("video_url", "varchar(500)")
      .addColumn("attachment_ids", "varchar(512)", (c) =>
        c.notNull().defaultTo("[]"),
      )
      .addColumn("cover_file_id", "integer")
      .addColumn("region_code", "varchar(12)")
      .addColumn("views", "integer", (c) => c.notNull().defaultTo(0)),
  )
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await createWorkflowIndexes(db, "sermons");
  // Every sortable field has an index; the filters' equality columns too.
  for (const column of [
    "title_pinyin",
    "preached_on",
    "created_at",
    "updated_at",
    "published_at",
    "views",
    "preacher",
    "series",
    "service_type",
  ]) {
    await db.schema
      .createIndex(`sermons_${column}`)
      .on("sermons")
      .column(column)
      .execute();
  }
  await createSearchIndex(db, kind, {
    table: "sermons",
    columns: ["title", "preacher", "series", "passage", "summary"],
  });
}
