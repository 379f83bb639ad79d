import { sql, type Kysely } from "kysely";
import type { StoreKind } from "../store.js";

/**
 * One search structure per table (issue 27 target 2): the word index. The second one each
 * searchable table kept for the substring search goes: SQLite's FTS5 trigram table
 * (`<table>_fts`, its shadow tables and its three triggers) and PostgreSQL's pg_trgm GIN
 * indexes (`<table>_<column>_trgm`). The substring search scans instead (search.ts);
 * the figures are in docs/search.md.
 *
 * Kept: `disciples_name_trgm`, which also serves the believers' name filter for a caller
 * without `disciple:contact` (routes/disciples, nameKeywordFilter), not only the fallback.
 */
const KEPT = new Set(["disciples_name_trgm"]);

export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  if (kind === "sqlite") {
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master
      where type = 'table' and name like '%\\_fts' escape '\\'
        and sql like 'CREATE VIRTUAL TABLE%fts5%'`.execute(db);
    for (const { name } of rows) {
      for (const suffix of ["ai", "ad", "au"]) {
        await sql`drop trigger if exists ${sql.id(`${name}_${suffix}`)}`.execute(
          db,
        );
      }
      // Dropping the virtual table drops its shadow tables with it.
      await sql`drop table ${sql.id(name)}`.execute(db);
    }
    return;
  }
  // From the catalogue tables, not pg_indexes: its indexdef column opens every index it
  // lists, and an index another schema drops meanwhile fails the whole query ("could not
  // open relation with OID"), which tests running side by side on one database hit.
  const { rows } = await sql<{ name: string }>`
    select c.relname as name
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_index i on i.indexrelid = c.oid
    where c.relkind = 'i' and n.nspname = current_schema()
      and c.relname like '%\\_trgm' escape '\\'
      and exists (
        select 1 from pg_opclass o
        where o.oid = any(i.indclass::oid[]) and o.opcname = 'gin_trgm_ops'
      )`.execute(db);
  for (const { name } of rows) {
    if (KEPT.has(name)) continue;
    await sql`drop index ${sql.id(name)}`.execute(db);
  }
}
