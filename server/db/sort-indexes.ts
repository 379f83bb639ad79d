import { sql, type Kysely } from "kysely";

/**
 * PostgreSQL: every single-column index on a table with an `id` becomes (column, id).
 *
 * A list is ordered by its field and then by id (resource-queries.ts: id breaks ties, so
 * pages are stable). SQLite's indexes end with the row's id already; PostgreSQL's do not,
 * so with an index on the field alone it read every row sharing the first values and
 * sorted them (an incremental sort) before it could stop at the page's end. On 100,000
 * sermons with 70 service dates, the first page of a keyword read 650 rows, 4.0 ms; on
 * (preached_on, id) it read as many as the page needed, 0.9 ms. The index still serves
 * an equality filter on the column.
 *
 * Run after migrations that changed something (migrate.ts), so a table a later
 * migration creates is aligned as well; one process at a time (an advisory lock).
 * Answers the indexes rebuilt.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function alignSortIndexes(db: Kysely<any>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(16017)`.execute(trx);
    const { rows } = await sql<{
      index: string;
      table: string;
      column: string;
    }>`select ic.relname as index, t.relname as table, a.attname as column
      from pg_index i
      join pg_class ic on ic.oid = i.indexrelid
      join pg_class t on t.oid = i.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      join pg_am am on am.oid = ic.relam
      join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]
      where n.nspname = current_schema() and am.amname = 'btree'
        and i.indnatts = 1 and not i.indisunique and not i.indisprimary
        and i.indexprs is null and i.indpred is null and a.attname <> 'id'
        and exists (select 1 from pg_attribute x
                    where x.attrelid = t.oid and x.attname = 'id' and x.attnum > 0 and not x.attisdropped)
      order by 1`.execute(trx);
    for (const { index, table, column } of rows) {
      await sql`drop index ${sql.id(index)}`.execute(trx);
      await sql`create index ${sql.id(index)} on ${sql.id(table)} (${sql.id(column)}, id)`.execute(
        trx,
      );
    }
    return rows.length;
  });
}
