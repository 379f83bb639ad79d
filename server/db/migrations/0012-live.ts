import { sql, type Kysely } from "kysely";
import type { StoreKind } from "../store.js";
import { withIdColumn } from "../dialect.js";
import { createSearchIndex } from "../search.js";
import { SORT_KEY_MAX_LENGTH } from "../../resources/sort-keys.js";

/**
 * Live streaming (issue 12 items 3–7): channels, live videos, notices and the one live
 * settings row. File and channel columns carry no foreign key where the write checks them
 * (a clear 40000 or 40900, not a constraint error).
 */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  const sortKey =
    kind === "postgres"
      ? sql`varchar(${sql.raw(String(SORT_KEY_MAX_LENGTH))}) collate "C"`
      : sql`varchar(${sql.raw(String(SORT_KEY_MAX_LENGTH))})`;
  const stamps = <T extends string>(
    builder: ReturnType<typeof db.schema.createTable<T>>,
  ) =>
    builder
      .addColumn("created_at", "varchar(32)", (c) => c.notNull())
      .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1));

  await stamps(
    withIdColumn(kind, db.schema.createTable("channels"))
      .addColumn("name", "varchar(100)", (c) => c.notNull())
      .addColumn("name_pinyin", sortKey, (c) => c.notNull().defaultTo(""))
      .addColumn("description", "varchar(1000)")
      .addColumn("cover_file_id", "integer")
      .addColumn("playback_url", "varchar(500)")
      .addColumn("ingest_url", "varchar(500)")
      // The key's SHA-256 (hex) and its last four characters; the key itself is never kept.
      .addColumn("stream_key_hash", "varchar(64)")
      .addColumn("stream_key_hint", "varchar(8)")
      .addColumn("stream_key_generated_at", "varchar(32)")
      .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("idle")),
  ).execute();
  for (const column of ["name_pinyin", "status", "created_at", "updated_at"]) {
    await db.schema
      .createIndex(`channels_${column}`)
      .on("channels")
      .column(column)
      .execute();
  }
  await createSearchIndex(db, kind, {
    table: "channels",
    columns: ["name", "description"],
  });

  await stamps(
    withIdColumn(kind, db.schema.createTable("live_videos"))
      .addColumn("title", "varchar(200)", (c) => c.notNull())
      .addColumn("title_pinyin", sortKey, (c) => c.notNull().defaultTo(""))
      .addColumn("channel_id", "integer", (c) =>
        c.notNull().references("channels.id"),
      )
      .addColumn("preacher", "varchar(64)")
      .addColumn("scheduled_start", "varchar(32)", (c) => c.notNull())
      .addColumn("scheduled_end", "varchar(32)", (c) => c.notNull())
      .addColumn("status", "varchar(16)", (c) =>
        c.notNull().defaultTo("scheduled"),
      )
      .addColumn("started_at", "varchar(32)")
      .addColumn("ended_at", "varchar(32)")
      .addColumn("replay_file_id", "integer")
      .addColumn("replay_url", "varchar(500)")
      .addColumn("sermon_id", "integer"),
  ).execute();
  for (const columns of [
    ["title_pinyin"],
    ["scheduled_start"],
    ["status", "scheduled_start"],
    ["created_at"],
    ["updated_at"],
    // The overlap check: one channel's videos by time.
    ["channel_id", "scheduled_start"],
  ]) {
    await db.schema
      .createIndex(`live_videos_${columns.join("_")}`)
      .on("live_videos")
      .columns(columns)
      .execute();
  }
  await createSearchIndex(db, kind, {
    table: "live_videos",
    columns: ["title", "preacher"],
  });

  await stamps(
    withIdColumn(kind, db.schema.createTable("live_notices"))
      .addColumn("text_zh", "varchar(500)", (c) => c.notNull())
      .addColumn("text_en", "varchar(500)", (c) => c.notNull())
      .addColumn("starts_at", "varchar(32)", (c) => c.notNull())
      .addColumn("ends_at", "varchar(32)", (c) => c.notNull())
      .addColumn("channel_id", "integer", (c) =>
        c.references("channels.id").onDelete("cascade"),
      )
      .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1)),
  ).execute();
  for (const columns of [
    ["starts_at"],
    ["ends_at"],
    ["created_at"],
    ["updated_at"],
    ["enabled", "starts_at"],
  ]) {
    await db.schema
      .createIndex(`live_notices_${columns.join("_")}`)
      .on("live_notices")
      .columns(columns)
      .execute();
  }
  await createSearchIndex(db, kind, {
    table: "live_notices",
    columns: ["text_zh", "text_en"],
  });

  // One row (id 1), written by PUT /tjc/live-config.
  await db.schema
    .createTable("live_config")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("default_channel_id", "integer")
    .addColumn("autoplay", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("offline_image_file_id", "integer")
    .addColumn("offline_text_zh", "varchar(500)")
    .addColumn("offline_text_en", "varchar(500)")
    .addColumn("updated_at", "varchar(32)")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}
