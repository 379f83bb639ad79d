import type { Kysely } from "kysely";
import type { StoreKind } from "../store.js";

/**
 * A sermon page's previous and next sermon in its series (issue 23): the series' rows in
 * the order preached, then by id. With only `sermons_series`, both stores gathered and
 * sorted every sermon of the series for each page: 11,000 rows at 100,000 sermons, 66 to
 * 400 ms on SQLite (docs/performance.md, issue 23). Through this index each is one seek.
 */
export async function up(db: Kysely<unknown>, _kind: StoreKind): Promise<void> {
  await db.schema
    .createIndex("sermons_series_preached_on")
    .on("sermons")
    .columns(["series", "preached_on", "id"])
    .execute();
}
