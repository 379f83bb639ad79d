import type { Kysely } from "kysely";
import type { StoreKind } from "../store.js";

/**
 * A row's verse ranges read from the index alone (issue 23). Filtering a keyword's rows by
 * a book (`/sermons?book=Luke&q=撒种`) checks each posting's ranges: through
 * `passage_refs_doc` (tbl, doc_id) every check also read the table's row for its keys,
 * 1.2 µs a posting, 1.19 ms for a word in 1,000 of 100,000 sermons; with the keys in the
 * index, 0.33 ms (docs/performance.md). The new index serves every use of the old one,
 * whose columns are its first two.
 */
export async function up(db: Kysely<unknown>, _kind: StoreKind): Promise<void> {
  await db.schema
    .createIndex("passage_refs_doc_keys")
    .on("passage_refs")
    .columns(["tbl", "doc_id", "start_key", "end_key"])
    .execute();
  await db.schema.dropIndex("passage_refs_doc").execute();
}
