import { sql, type Kysely } from "kysely";
import type { StoreKind } from "../store.js";

/**
 * The word index at a fraction of its size (issue 27 target 3, docs/search.md "The
 * index's size"; server/db/postings.ts). On 100,000 sermons it took 2.96× its text on
 * SQLite and 9.9× on PostgreSQL, against a target of 2×:
 * - SQLite: `search_postings` becomes a rowid table keyed by term id × 2^24 + row id, and
 *   `search_docs.terms` a blob of delta varints instead of JSON;
 * - PostgreSQL: `search_postings` goes; `search_docs` keeps each row's term ids and tfs as
 *   arrays, with a GIN index on the ids, which holds the postings compressed.
 * The old rows cannot be converted in place cheaply, so every index is cleared and each
 * table's is rebuilt in the background on the next start (index-build.ts); until then
 * lists search by substring, as during any build.
 */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  if (kind === "sqlite") {
    // The delete triggers read the old JSON; the build installs the new ones.
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master
      where type = 'trigger' and name like '%\\_search\\_ad' escape '\\'`.execute(
      db,
    );
    for (const { name } of rows)
      await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
  }
  await db.schema.dropTable("search_postings").execute();
  await db.schema.dropTable("search_docs").execute();
  if (kind === "sqlite") {
    await sql`create table search_postings (key integer primary key, tf integer not null)`.execute(
      db,
    );
    await sql`create table search_docs (
      tbl varchar(64) not null, doc_id integer not null, terms blob not null,
      primary key (tbl, doc_id)) without rowid`.execute(db);
  } else {
    await sql`create table search_docs (
      tbl varchar(64) not null, doc_id integer not null,
      term_ids int4[] not null, tfs int2[] not null,
      constraint search_docs_pk primary key (tbl, doc_id))`.execute(db);
    // GIN's pending list (4 MB) takes writes until it is merged: a build of 100,000
    // sermons took 87 s with a 512 kB list against 58-61 s, and a build merges it when
    // it ends (index-build.ts).
    await sql`create index search_docs_terms on search_docs using gin (term_ids)`.execute(
      db,
    );
    // A deleted row leaves the word index and the passages in its statement, whoever
    // deleted it (a route, a job, a test's cleanup); the tables' triggers call this.
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION lampstand_unindex_deleted() RETURNS trigger AS $$
         BEGIN
           UPDATE search_terms SET doc_count = doc_count - x.n
             FROM (SELECT t.term_id, count(*) AS n
                     FROM search_docs d JOIN old_rows o ON d.doc_id = o.id,
                          unnest(d.term_ids) AS t(term_id)
                    WHERE d.tbl = TG_TABLE_NAME GROUP BY 1) x
            WHERE search_terms.id = x.term_id;
           DELETE FROM search_docs d USING old_rows o WHERE d.tbl = TG_TABLE_NAME AND d.doc_id = o.id;
           DELETE FROM passage_refs r USING old_rows o WHERE r.tbl = TG_TABLE_NAME AND r.doc_id = o.id;
           RETURN NULL;
         END $$ LANGUAGE plpgsql`,
      )
      .execute(db);
  }
  // Every table's index is rebuilt from its rows; the verse ranges stay until then.
  await sql`delete from search_terms`.execute(db);
  await sql`delete from search_state`.execute(db);
}
