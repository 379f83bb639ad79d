import { sql, type Kysely } from "kysely";
import type { StoreKind } from "../store.js";
import { withIdColumn } from "../dialect.js";
import { createSearchIndex } from "../search.js";
import { SORT_KEY_MAX_LENGTH } from "../../resources/sort-keys.js";
import {
  createWorkflowIndexes,
  withWorkflowColumns,
} from "../workflow-columns.js";

/**
 * Audio, video and gospel documents (issue 11 item 5), each on the publishing workflow.
 * As with sermons, file columns carry no foreign key: the write checks them and
 * file_usages keeps a used file from going. duration_sec is copied from the file's
 * library record on every write.
 */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  const sortKey =
    kind === "postgres"
      ? sql`varchar(${sql.raw(String(SORT_KEY_MAX_LENGTH))}) collate "C"`
      : sql`varchar(${sql.raw(String(SORT_KEY_MAX_LENGTH))})`;
  const base = (table: string) =>
    withIdColumn(kind, db.schema.createTable(table))
      .addColumn("title", "varchar(200)", (c) => c.notNull())
      .addColumn("title_pinyin", sortKey, (c) => c.notNull().defaultTo(""))
      .addColumn("description", "varchar(2000)")
      .addColumn("cover_file_id", "integer");
  const stamps = <T extends string>(
    builder: ReturnType<typeof withWorkflowColumns<T>>,
  ) =>
    builder
      .addColumn("created_at", "varchar(32)", (c) => c.notNull())
      .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1));

  await stamps(
    withWorkflowColumns(
      base("audios")
        .addColumn("audio_file_id", "integer", (c) => c.notNull())
        .addColumn("duration_sec", "real")
        .addColumn("speaker", "varchar(64)")
        .addColumn("series", "varchar(100)"),
    ),
  ).execute();
  await stamps(
    withWorkflowColumns(
      base("videos")
        .addColumn("video_file_id", "integer")
        .addColumn("video_url", "varchar(500)")
        .addColumn("duration_sec", "real"),
    ),
  ).execute();
  await stamps(
    withWorkflowColumns(
      base("gospel_docs")
        .addColumn("file_id", "integer", (c) => c.notNull())
        .addColumn("language", "varchar(8)", (c) =>
          c.notNull().defaultTo("zh-CN"),
        ),
    ),
  ).execute();

  // Every sortable field has an index; the filters' equality columns too.
  const indexes: Record<string, string[]> = {
    audios: [
      "title_pinyin",
      "duration_sec",
      "created_at",
      "updated_at",
      "published_at",
      "speaker",
      "series",
    ],
    videos: [
      "title_pinyin",
      "duration_sec",
      "created_at",
      "updated_at",
      "published_at",
    ],
    gospel_docs: [
      "title_pinyin",
      "created_at",
      "updated_at",
      "published_at",
      "language",
    ],
  };
  for (const [table, columns] of Object.entries(indexes)) {
    await createWorkflowIndexes(db, table);
    for (const column of columns) {
      await db.schema
        .createIndex(`${table}_${column}`)
        .on(table)
        .column(column)
        .execute();
    }
  }
  await createSearchIndex(db, kind, {
    table: "audios",
    columns: ["title", "speaker", "series", "description"],
  });
  await createSearchIndex(db, kind, {
    table: "videos",
    columns: ["title", "description"],
  });
  await createSearchIndex(db, kind, {
    table: "gospel_docs",
    columns: ["title", "description"],
  });
}
