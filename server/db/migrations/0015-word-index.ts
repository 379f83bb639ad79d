import { sql, type Kysely } from "kysely";
import type { StoreKind } from "../store.js";
import { withIdColumn } from "../dialect.js";

/**
 * The word index, the kept row counts and the scripture passages (issue 16,
 * docs/search.md). The tables are shared by every resource: a resource that declares
 * `search` in its definition is indexed on the next start, with no migration of its own.
 */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  // One row per (table, term): its id and how many rows hold it.
  await withIdColumn(kind, db.schema.createTable("search_terms"))
    .addColumn("tbl", "varchar(64)", (c) => c.notNull())
    .addColumn("term", "varchar(64)", (c) => c.notNull())
    .addColumn("doc_count", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("search_terms_tbl_term", ["tbl", "term"])
    .execute();
  // The postings: which rows hold a term, and how often. Clustered by term, so a term's
  // rows are read in id order; SQLite stores it WITHOUT ROWID (no second copy).
  let postings = db.schema
    .createTable("search_postings")
    .addColumn("term_id", "integer", (c) => c.notNull())
    .addColumn("doc_id", "integer", (c) => c.notNull())
    .addColumn("tf", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("search_postings_pk", ["term_id", "doc_id"]);
  if (kind === "sqlite") postings = postings.modifyEnd(sql`without rowid`);
  await postings.execute();
  // Each indexed row's terms, so an update or delete removes exactly what it added.
  await db.schema
    .createTable("search_docs")
    .addColumn("tbl", "varchar(64)", (c) => c.notNull())
    .addColumn("doc_id", "integer", (c) => c.notNull())
    .addColumn("terms", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("search_docs_pk", ["tbl", "doc_id"])
    .execute();
  // Which fields each table's index was built from; another list rebuilds it.
  await db.schema
    .createTable("search_state")
    .addColumn("tbl", "varchar(64)", (c) => c.primaryKey())
    .addColumn("signature", "varchar(1000)", (c) => c.notNull())
    .addColumn("built_at", "varchar(32)", (c) => c.notNull())
    .execute();
  // Row counts and write versions, kept by triggers in the writing transaction.
  await db.schema
    .createTable("table_counts")
    .addColumn("tbl", "varchar(64)", (c) => c.primaryKey())
    .addColumn("row_count", "bigint", (c) => c.notNull())
    .addColumn("write_version", "bigint", (c) => c.notNull())
    .execute();
  // Verse ranges found in a row's fields: keys are book × 1e6 + chapter × 1e3 + verse.
  await db.schema
    .createTable("passage_refs")
    .addColumn("tbl", "varchar(64)", (c) => c.notNull())
    .addColumn("doc_id", "integer", (c) => c.notNull())
    .addColumn("start_key", "integer", (c) => c.notNull())
    .addColumn("end_key", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("passage_refs_doc")
    .on("passage_refs")
    .columns(["tbl", "doc_id"])
    .execute();
  await db.schema
    .createIndex("passage_refs_range")
    .on("passage_refs")
    .columns(["start_key", "end_key"])
    .execute();
  if (kind === "postgres") {
    // Statement triggers with transition tables: one counter update per statement.
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION lampstand_count_inserted() RETURNS trigger AS $$
         BEGIN
           UPDATE table_counts SET row_count = row_count + (SELECT count(*) FROM new_rows),
             write_version = write_version + 1 WHERE tbl = TG_TABLE_NAME;
           RETURN NULL;
         END $$ LANGUAGE plpgsql`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION lampstand_count_deleted() RETURNS trigger AS $$
         BEGIN
           UPDATE table_counts SET row_count = row_count - (SELECT count(*) FROM old_rows),
             write_version = write_version + 1 WHERE tbl = TG_TABLE_NAME;
           RETURN NULL;
         END $$ LANGUAGE plpgsql`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION lampstand_count_updated() RETURNS trigger AS $$
         BEGIN
           UPDATE table_counts SET write_version = write_version + 1 WHERE tbl = TG_TABLE_NAME;
           RETURN NULL;
         END $$ LANGUAGE plpgsql`,
      )
      .execute(db);
    // A deleted row leaves the word index and the passages in its statement, whoever
    // deleted it (a route, a job, a test's cleanup).
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION lampstand_unindex_deleted() RETURNS trigger AS $$
         BEGIN
           UPDATE search_terms SET doc_count = doc_count - x.n
             FROM (SELECT (e->>0)::int AS term_id, count(*) AS n
                     FROM search_docs d JOIN old_rows o ON d.doc_id = o.id,
                          jsonb_array_elements(d.terms::jsonb) e
                    WHERE d.tbl = TG_TABLE_NAME GROUP BY 1 ORDER BY 1) x
            WHERE search_terms.id = x.term_id;
           DELETE FROM search_postings p USING search_docs d, old_rows o,
                  jsonb_array_elements(d.terms::jsonb) e
            WHERE d.tbl = TG_TABLE_NAME AND d.doc_id = o.id
              AND p.term_id = (e->>0)::int AND p.doc_id = o.id;
           DELETE FROM search_docs d USING old_rows o WHERE d.tbl = TG_TABLE_NAME AND d.doc_id = o.id;
           DELETE FROM passage_refs r USING old_rows o WHERE r.tbl = TG_TABLE_NAME AND r.doc_id = o.id;
           RETURN NULL;
         END $$ LANGUAGE plpgsql`,
      )
      .execute(db);
  }
}
