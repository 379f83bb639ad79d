import { sql, type Kysely } from "kysely";
import type { StoreKind } from "../store.js";
import { withIdColumn } from "../dialect.js";
import { createSearchIndex } from "../search.js";
import { SORT_KEY_MAX_LENGTH } from "../../resources/sort-keys.js";
import {
  createWorkflowIndexes,
  withWorkflowColumns,
} from "../workflow-columns.js";

/** Articles (issue 11 item 4), on the publishing workflow like sermons. */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  const sortKey =
    kind === "postgres"
      ? sql`varchar(${sql.raw(String(SORT_KEY_MAX_LENGTH))}) collate "C"`
      : sql`varchar(${sql.raw(String(SORT_KEY_MAX_LENGTH))})`;
  await withWorkflowColumns(
    withIdColumn(kind, db.schema.createTable("articles"))
      .addColumn("title", "varchar(200)", (c) => c.notNull())
      .addColumn("title_pinyin", sortKey, (c) => c.notNull().defaultTo(""))
      .addColumn("author", "varchar(64)")
      .addColumn("category", "varchar(64)")
      .addColumn("cover_file_id", "integer")
      .addColumn("summary", "varchar(2000)")
      .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("source_url", "varchar(500)"),
  )
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await createWorkflowIndexes(db, "articles");
  for (const column of [
    "title_pinyin",
    "created_at",
    "updated_at",
    "published_at",
    "author",
    "category",
  ]) {
    await db.schema
      .createIndex(`articles_${column}`)
      .on("articles")
      .column(column)
      .execute();
  }
  await createSearchIndex(db, kind, {
    table: "articles",
    columns: ["title", "author", "category", "summary"],
  });
}
