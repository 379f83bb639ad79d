import type { Kysely } from "kysely";
import type { StoreKind } from "../store.js";
import { withIdColumn } from "../dialect.js";

/**
 * The crawler (issue 13 item 5): its sources, one row per run, and one row per page it
 * saved (the duplicate check: the canonical URL's hash and the content's hash). Sermons
 * get `source_url`, the page a crawled draft came from.
 *
 * Also drops the raw behaviour events' occurred_at index: it cost more than half of each
 * event's write (docs/performance.md), and retention now deletes by day, which has its own.
 */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  await withIdColumn(kind, db.schema.createTable("spiders"))
    .addColumn("name", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("start_urls", "text", (c) => c.notNull())
    .addColumn("link_pattern", "varchar(500)")
    .addColumn("max_pages", "integer", (c) => c.notNull().defaultTo(50))
    .addColumn("delay_ms", "integer", (c) => c.notNull().defaultTo(1000))
    .addColumn("user_agent", "varchar(200)")
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("selectors", "text", (c) => c.notNull())
    .addColumn("target", "varchar(16)", (c) => c.notNull())
    .addColumn("default_tag_ids", "varchar(512)", (c) =>
      c.notNull().defaultTo("[]"),
    )
    .addColumn("cron", "varchar(120)", (c) =>
      c.notNull().defaultTo("0 0 3 * * *"),
    )
    // The job that runs it on its schedule (kept in step by the spiders' writes).
    .addColumn("job_id", "integer", (c) =>
      c.references("jobs.id").onDelete("set null"),
    )
    .addColumn("remark", "varchar(500)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  for (const column of ["created_at", "updated_at", "target", "enabled"]) {
    await db.schema
      .createIndex(`spiders_${column}`)
      .on("spiders")
      .column(column)
      .execute();
  }

  await withIdColumn(kind, db.schema.createTable("spider_runs"))
    .addColumn("spider_id", "integer", (c) =>
      c.notNull().references("spiders.id").onDelete("cascade"),
    )
    .addColumn("job_log_id", "integer")
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("started_at", "varchar(32)", (c) => c.notNull())
    .addColumn("finished_at", "varchar(32)")
    .addColumn("pages_fetched", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("items_created", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("duplicates_skipped", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("blocked_by_robots", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("errors", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("error_log", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("message", "varchar(2000)")
    .execute();
  for (const columns of [
    ["spider_id", "started_at"],
    ["started_at"],
    ["status"],
    ["pages_fetched"],
    ["items_created"],
    ["duplicates_skipped"],
    ["errors"],
  ]) {
    await db.schema
      .createIndex(`spider_runs_${columns.join("_")}`)
      .on("spider_runs")
      .columns(columns)
      .execute();
  }

  await withIdColumn(kind, db.schema.createTable("spider_items"))
    .addColumn("spider_id", "integer", (c) =>
      c.references("spiders.id").onDelete("set null"),
    )
    .addColumn("url_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("canonical_url", "text", (c) => c.notNull())
    .addColumn("content_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("target", "varchar(16)", (c) => c.notNull())
    .addColumn("record_id", "integer", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("spider_items_content_hash")
    .on("spider_items")
    .column("content_hash")
    .execute();

  await db.schema.dropIndex("behavior_events_occurred_at").execute();

  await db.schema
    .alterTable("sermons")
    .addColumn("source_url", "varchar(2048)")
    .execute();
}
