import type { Kysely } from "kysely";
import type { StoreKind } from "../store.js";
import { withIdColumn } from "../dialect.js";

/**
 * Behaviour statistics (issue 13 item 6): raw events as the tracker sends them (no
 * personal data: a random visitor id, a truncated address, a device class), and the daily
 * rollup the statistics screen reads. `day` is the calendar day in the statistics' time
 * zone, written at ingestion, so the rollup groups by an indexed column.
 */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  await withIdColumn(kind, db.schema.createTable("behavior_events"))
    .addColumn("day", "varchar(10)", (c) => c.notNull())
    .addColumn("occurred_at", "varchar(32)", (c) => c.notNull())
    .addColumn("type", "varchar(12)", (c) => c.notNull())
    .addColumn("app", "varchar(8)", (c) => c.notNull())
    .addColumn("visitor_id", "varchar(64)", (c) => c.notNull())
    .addColumn("session_id", "varchar(64)", (c) => c.notNull())
    .addColumn("path", "varchar(512)", (c) => c.notNull())
    .addColumn("name", "varchar(64)")
    .addColumn("duration_ms", "integer")
    .addColumn("referrer_domain", "varchar(255)")
    .addColumn("device", "varchar(8)", (c) => c.notNull())
    .addColumn("ip_prefix", "varchar(64)")
    .execute();
  await db.schema
    .createIndex("behavior_events_day")
    .on("behavior_events")
    .column("day")
    .execute();
  await db.schema
    .createIndex("behavior_events_occurred_at")
    .on("behavior_events")
    .column("occurred_at")
    .execute();

  await db.schema
    .createTable("behavior_daily")
    .addColumn("day", "varchar(10)", (c) => c.notNull())
    .addColumn("kind", "varchar(12)", (c) => c.notNull())
    .addColumn("key", "varchar(512)", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addColumn("visitors", "integer", (c) => c.notNull())
    .addColumn("sessions", "integer", (c) => c.notNull())
    .addColumn("duration_sum", "bigint", (c) => c.notNull())
    .addColumn("duration_count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("behavior_daily_pk", ["day", "kind", "key"])
    .execute();
}
