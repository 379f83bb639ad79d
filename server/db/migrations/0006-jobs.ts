import type { Kysely } from "kysely";
import type { StoreKind } from "../store.js";
import { withIdColumn } from "../dialect.js";

/**
 * Scheduled jobs and their run log (issue 13). `last_fire_at` is the claim cursor: an
 * instance owns the fires up to a new cursor only if its compare-and-set from the old one
 * succeeds, so each fire runs once however many instances share the database.
 * `running_by`/`running_seen_at` is the lease of a non-concurrent job's current run.
 */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  await withIdColumn(kind, db.schema.createTable("jobs"))
    .addColumn("name", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("group", "varchar(64)", (c) => c.notNull().defaultTo("default"))
    .addColumn("handler", "varchar(64)", (c) => c.notNull())
    .addColumn("params", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("cron", "varchar(120)", (c) => c.notNull())
    .addColumn("timezone", "varchar(64)", (c) =>
      c.notNull().defaultTo("Asia/Shanghai"),
    )
    .addColumn("misfire_policy", "varchar(16)", (c) =>
      c.notNull().defaultTo("doNothing"),
    )
    .addColumn("concurrent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("normal"))
    .addColumn("timeout_sec", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("remark", "varchar(500)")
    // Set on the built-in jobs (server/jobs/seed.ts), which may be paused but not deleted.
    .addColumn("seed_key", "varchar(64)", (c) => c.unique())
    .addColumn("last_fire_at", "varchar(32)", (c) => c.notNull())
    .addColumn("running_by", "varchar(80)")
    .addColumn("running_seen_at", "varchar(32)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  for (const column of [
    "group",
    "handler",
    "status",
    "created_at",
    "updated_at",
  ]) {
    await db.schema
      .createIndex(`jobs_${column}`)
      .on("jobs")
      .column(column)
      .execute();
  }

  await withIdColumn(kind, db.schema.createTable("job_logs"))
    .addColumn("job_id", "integer")
    .addColumn("job_name", "varchar(64)", (c) => c.notNull())
    .addColumn("handler", "varchar(64)", (c) => c.notNull())
    .addColumn("trigger", "varchar(16)", (c) => c.notNull())
    .addColumn("scheduled_at", "varchar(32)", (c) => c.notNull())
    .addColumn("started_at", "varchar(32)", (c) => c.notNull())
    .addColumn("finished_at", "varchar(32)")
    .addColumn("duration_ms", "integer")
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("message", "varchar(2000)")
    .addColumn("error", "text")
    .addColumn("instance", "varchar(80)", (c) => c.notNull())
    .execute();
  for (const columns of [
    ["job_id", "scheduled_at"],
    ["job_name"],
    ["scheduled_at"],
    ["started_at"],
    ["duration_ms"],
    ["status", "job_id"],
  ]) {
    await db.schema
      .createIndex(`job_logs_${columns.join("_")}`)
      .on("job_logs")
      .columns(columns)
      .execute();
  }
}
