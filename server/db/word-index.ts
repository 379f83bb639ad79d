import {
  sql,
  CompiledQuery,
  type Expression,
  type Kysely,
  type SqlBool,
} from "kysely";
import type { StoreKind } from "./store.js";
import { keywordCondition, type SearchSpec } from "./search.js";
import {
  documentTerms,
  htmlToText,
  loadSegmenter,
  queryTerms,
} from "./terms.js";
import { parseReference, passageRangesIn } from "../services/passage-parser.js";
import type { VerseRange } from "../../common/passages.js";

/**
 * The word index (issue 16, docs/search.md): the same tables and queries on SQLite and
 * PostgreSQL. `search_terms` holds each (table, term) once with the number of rows that
 * hold it, `search_postings` which rows hold it, `search_docs` each row's terms (so an
 * update removes exactly what the last write added). Everything here runs inside the
 * caller's transaction: the index changes with the row or not at all.
 */

// Dynamic table names are beyond Kysely's static typing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** Bumped when the way terms are made changes: every index is rebuilt on the next start. */
const TERMS_VERSION = 1;
/** Rows of a multi-row insert: well under both stores' parameter limits. */
const INSERT_CHUNK = 400;

function camel(column: string): string {
  return column.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());
}

/** The texts a row contributes to the index, from its camelCase row. */
export function indexedTexts(
  spec: SearchSpec,
  row: Record<string, unknown>,
): string[] {
  const texts: string[] = [];
  for (const column of spec.columns) {
    const value = row[camel(column)];
    if (typeof value === "string" && value !== "") texts.push(value);
  }
  for (const column of spec.html ?? []) {
    const value = row[camel(column)];
    if (typeof value === "string" && value !== "")
      texts.push(htmlToText(value));
  }
  return texts;
}

/** The verse ranges a row names: its reference fields, and references in its text. */
function passageRangesOf(
  spec: SearchSpec,
  row: Record<string, unknown>,
): VerseRange[] {
  const text = (column: string) => {
    const value = row[camel(column)];
    if (typeof value !== "string" || value === "") return "";
    return (spec.html ?? []).includes(column) ? htmlToText(value) : value;
  };
  const ranges = (spec.passages?.reference ?? []).flatMap((column) =>
    parseReference(text(column)),
  );
  ranges.push(...passageRangesIn((spec.passages?.text ?? []).map(text)));
  const seen = new Set<string>();
  return ranges.filter((range) => {
    const key = `${range.start}-${range.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function placeholders(kind: StoreKind, rows: number, columns: number): string {
  const groups: string[] = [];
  let n = 0;
  for (let r = 0; r < rows; r++) {
    const cells: string[] = [];
    for (let c = 0; c < columns; c++)
      cells.push(kind === "sqlite" ? "?" : `$${++n}`);
    groups.push(`(${cells.join(",")})`);
  }
  return groups.join(",");
}

/** Inserts many rows with a few multi-row statements (Kysely's builder costs more here). */
async function insertMany(
  db: Db,
  kind: StoreKind,
  table: string,
  columns: string[],
  rows: unknown[][],
  suffix = "",
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    await db.executeQuery(
      CompiledQuery.raw(
        `insert into ${table} (${columns.join(",")}) values ${placeholders(kind, chunk.length, columns.length)}${suffix}`,
        chunk.flat(),
      ),
    );
  }
}

/** The ids of `terms` in `table`'s dictionary, creating the missing ones. */
async function termIds(
  db: Db,
  kind: StoreKind,
  table: string,
  terms: string[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const lookup = async (wanted: string[]) => {
    for (let i = 0; i < wanted.length; i += INSERT_CHUNK) {
      const rows = await db
        .selectFrom("searchTerms")
        .select(["id", "term"])
        .where("tbl", "=", table)
        .where("term", "in", wanted.slice(i, i + INSERT_CHUNK))
        .execute();
      for (const row of rows) ids.set(row.term as string, Number(row.id));
    }
  };
  if (terms.length === 0) return ids;
  await lookup(terms);
  const missing = terms.filter((term) => !ids.has(term));
  if (missing.length > 0) {
    // Another transaction may add the same term meanwhile: its row wins, ours is skipped.
    await insertMany(
      db,
      kind,
      "search_terms",
      ["tbl", "term", "doc_count"],
      missing.map((term) => [table, term, 0]),
      " on conflict do nothing",
    );
    await lookup(missing);
  }
  return ids;
}

/**
 * Adds to (or takes from) the documents counts of `ids`, locking the rows in id order so
 * two PostgreSQL writers sharing terms never deadlock.
 */
async function addToCounts(
  db: Db,
  kind: StoreKind,
  ids: number[],
  delta: 1 | -1,
): Promise<void> {
  const sorted = [...ids].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i += INSERT_CHUNK) {
    const chunk = sorted.slice(i, i + INSERT_CHUNK);
    if (kind === "postgres") {
      await sql`update search_terms set doc_count = doc_count + ${delta}
        from (select id from search_terms where id in (${sql.join(chunk)}) order by id for update) locked
        where search_terms.id = locked.id`.execute(db);
    } else {
      await sql`update search_terms set doc_count = doc_count + ${delta} where id in (${sql.join(chunk)})`.execute(
        db,
      );
    }
  }
}

type TermList = [termId: number, tf: number][];

/**
 * Brings the index of one row up to date: `row` is its new camelCase row, or undefined
 * when it was deleted. Only the terms that changed are written.
 */
export async function reindexRow(
  db: Db,
  kind: StoreKind,
  spec: SearchSpec,
  id: number,
  row: Record<string, unknown> | undefined,
): Promise<void> {
  const table = spec.table;
  const previous = await db
    .selectFrom("searchDocs")
    .select("terms")
    .where("tbl", "=", table)
    .where("docId", "=", id)
    .executeTakeFirst();
  const old = new Map<number, number>(
    previous ? (JSON.parse(previous.terms as string) as TermList) : [],
  );
  const next = new Map<number, number>();
  if (row) {
    await loadSegmenter();
    const terms = documentTerms(indexedTexts(spec, row));
    const ids = await termIds(db, kind, table, [...terms.keys()]);
    for (const [term, tf] of terms) next.set(ids.get(term)!, tf);
  }
  const removed = [...old.keys()].filter((termId) => !next.has(termId));
  const added = [...next.keys()].filter((termId) => !old.has(termId));
  const changed = [...next].filter(
    ([termId, tf]) => old.has(termId) && old.get(termId) !== tf,
  );
  for (let i = 0; i < removed.length; i += INSERT_CHUNK) {
    await db
      .deleteFrom("searchPostings")
      .where("docId", "=", id)
      .where("termId", "in", removed.slice(i, i + INSERT_CHUNK))
      .execute();
  }
  if (removed.length > 0) await addToCounts(db, kind, removed, -1);
  await insertMany(
    db,
    kind,
    "search_postings",
    ["term_id", "doc_id", "tf"],
    added.map((termId) => [termId, id, next.get(termId)!]),
  );
  if (added.length > 0) await addToCounts(db, kind, added, 1);
  for (const [termId, tf] of changed) {
    await db
      .updateTable("searchPostings")
      .set({ tf })
      .where("termId", "=", termId)
      .where("docId", "=", id)
      .execute();
  }
  if (row) {
    const terms = JSON.stringify([...next]);
    if (previous)
      await db
        .updateTable("searchDocs")
        .set({ terms })
        .where("tbl", "=", table)
        .where("docId", "=", id)
        .execute();
    else
      await db
        .insertInto("searchDocs")
        .values({ tbl: table, docId: id, terms })
        .execute();
  } else if (previous) {
    await db
      .deleteFrom("searchDocs")
      .where("tbl", "=", table)
      .where("docId", "=", id)
      .execute();
  }
  if (spec.passages) await repassageRow(db, table, spec, id, row);
}

/** Rewrites the verse ranges found in the row's passage fields. */
async function repassageRow(
  db: Db,
  table: string,
  spec: SearchSpec,
  id: number,
  row: Record<string, unknown> | undefined,
): Promise<void> {
  await db
    .deleteFrom("passageRefs")
    .where("tbl", "=", table)
    .where("docId", "=", id)
    .execute();
  if (!row) return;
  const ranges = passageRangesOf(spec, row);
  if (ranges.length === 0) return;
  await db
    .insertInto("passageRefs")
    .values(
      ranges.map((range) => ({
        tbl: table,
        docId: id,
        startKey: range.start,
        endKey: range.end,
      })),
    )
    .execute();
}

function signatureOf(spec: SearchSpec): string {
  return JSON.stringify([
    TERMS_VERSION,
    spec.columns,
    spec.html ?? [],
    spec.passages ?? {},
  ]);
}

/** Rows read and indexed at a time by a build. */
const BUILD_BATCH = 1000;

/**
 * Builds `spec.table`'s index from scratch when it was never built or was built from
 * other fields. Runs in one transaction (PostgreSQL: the table is locked against writes
 * meanwhile); answers the number of rows indexed, or undefined when it was up to date.
 */
export async function ensureIndexBuilt(
  db: Db,
  kind: StoreKind,
  spec: SearchSpec,
  now: string,
): Promise<number | undefined> {
  const signature = signatureOf(spec);
  const current = async (trx: Db) =>
    (
      await trx
        .selectFrom("searchState")
        .select("signature")
        .where("tbl", "=", spec.table)
        .executeTakeFirst()
    )?.signature;
  if ((await current(db)) === signature) return undefined;
  await loadSegmenter();
  return db.transaction().execute(async (trx) => {
    if (kind === "postgres")
      await sql
        .raw(`lock table ${spec.table} in share row exclusive mode`)
        .execute(trx);
    if ((await current(trx)) === signature) return undefined;
    return buildIndex(trx, kind, spec, signature, now);
  });
}

async function buildIndex(
  trx: Db,
  kind: StoreKind,
  spec: SearchSpec,
  signature: string,
  now: string,
): Promise<number> {
  const table = spec.table;
  await sql`delete from search_postings where term_id in (select id from search_terms where tbl = ${table})`.execute(
    trx,
  );
  await trx.deleteFrom("searchTerms").where("tbl", "=", table).execute();
  await trx.deleteFrom("searchDocs").where("tbl", "=", table).execute();
  await trx.deleteFrom("passageRefs").where("tbl", "=", table).execute();
  const columns = [
    "id",
    ...new Set([
      ...spec.columns,
      ...(spec.html ?? []),
      ...(spec.passages?.reference ?? []),
      ...(spec.passages?.text ?? []),
    ]),
  ];
  const dictionary = new Map<string, number>();
  let indexed = 0;
  for (let after = 0; ;) {
    const rows = (
      await sql
        .raw(
          `select ${columns.join(", ")} from ${table} where id > ${after} order by id limit ${BUILD_BATCH}`,
        )
        .execute(trx)
    ).rows as Record<string, unknown>[];
    if (rows.length === 0) break;
    after = Number(rows.at(-1)!.id);
    const perDoc: [number, Map<string, number>][] = rows.map((row) => [
      Number(row.id),
      documentTerms(indexedTexts(spec, row)),
    ]);
    const fresh = new Set<string>();
    for (const [, terms] of perDoc)
      for (const term of terms.keys())
        if (!dictionary.has(term)) fresh.add(term);
    if (fresh.size > 0) {
      const ids = await termIds(trx, kind, table, [...fresh]);
      for (const [term, id] of ids) dictionary.set(term, id);
    }
    const postings: [number, number, number][] = [];
    const docs: [string, number, string][] = [];
    for (const [docId, terms] of perDoc) {
      const list: TermList = [];
      for (const [term, tf] of terms) {
        const termId = dictionary.get(term)!;
        postings.push([termId, docId, tf]);
        list.push([termId, tf]);
      }
      docs.push([table, docId, JSON.stringify(list)]);
    }
    postings.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    await insertMany(
      trx,
      kind,
      "search_postings",
      ["term_id", "doc_id", "tf"],
      postings,
    );
    await insertMany(
      trx,
      kind,
      "search_docs",
      ["tbl", "doc_id", "terms"],
      docs,
    );
    if (spec.passages) {
      const refs: [string, number, number, number][] = [];
      for (const row of rows)
        for (const range of passageRangesOf(spec, row))
          refs.push([table, Number(row.id), range.start, range.end]);
      await insertMany(
        trx,
        kind,
        "passage_refs",
        ["tbl", "doc_id", "start_key", "end_key"],
        refs,
      );
    }
    indexed += rows.length;
  }
  await sql`update search_terms set doc_count = (select count(*) from search_postings where search_postings.term_id = search_terms.id) where tbl = ${table}`.execute(
    trx,
  );
  await unindexOnDelete(trx, kind, table);
  await trx.deleteFrom("searchState").where("tbl", "=", table).execute();
  await trx
    .insertInto("searchState")
    .values({ tbl: table, signature, builtAt: now })
    .execute();
  return indexed;
}

/**
 * Makes the store keep `table`'s row count and write version in `table_counts`, by
 * triggers in the writing transaction, so every writer (routes, jobs, seeds) keeps them.
 */
export async function ensureCounted(
  db: Db,
  kind: StoreKind,
  table: string,
): Promise<void> {
  const counted = async (trx: Db) =>
    (await trx
      .selectFrom("tableCounts")
      .select("tbl")
      .where("tbl", "=", table)
      .executeTakeFirst()) !== undefined;
  if (await counted(db)) return;
  await db.transaction().execute(async (trx) => {
    if (kind === "postgres")
      await sql
        .raw(`lock table ${table} in share row exclusive mode`)
        .execute(trx);
    if (await counted(trx)) return;
    const name = (suffix: string) => sql.raw(`${table}_counts_${suffix}`);
    const target = sql.raw(table);
    if (kind === "sqlite") {
      const key = sql.lit(table);
      await sql`create trigger if not exists ${name("ai")} after insert on ${target} begin
        update table_counts set row_count = row_count + 1, write_version = write_version + 1 where tbl = ${key}; end`.execute(
        trx,
      );
      await sql`create trigger if not exists ${name("ad")} after delete on ${target} begin
        update table_counts set row_count = row_count - 1, write_version = write_version + 1 where tbl = ${key}; end`.execute(
        trx,
      );
      await sql`create trigger if not exists ${name("au")} after update on ${target} begin
        update table_counts set write_version = write_version + 1 where tbl = ${key}; end`.execute(
        trx,
      );
    } else {
      await sql`create or replace trigger ${name("ai")} after insert on ${target}
        referencing new table as new_rows for each statement execute function lampstand_count_inserted()`.execute(
        trx,
      );
      await sql`create or replace trigger ${name("ad")} after delete on ${target}
        referencing old table as old_rows for each statement execute function lampstand_count_deleted()`.execute(
        trx,
      );
      await sql`create or replace trigger ${name("au")} after update on ${target}
        for each statement execute function lampstand_count_updated()`.execute(
        trx,
      );
    }
    await sql`insert into table_counts (tbl, row_count, write_version)
      select ${table}, count(*), 1 from ${target}`.execute(trx);
  });
}

/** A deleted row leaves the index in the deleting statement (migration 0015 on PostgreSQL). */
async function unindexOnDelete(
  trx: Db,
  kind: StoreKind,
  table: string,
): Promise<void> {
  const name = sql.raw(`${table}_search_ad`);
  const target = sql.raw(table);
  if (kind === "postgres") {
    await sql`create or replace trigger ${name} after delete on ${target}
      referencing old table as old_rows for each statement execute function lampstand_unindex_deleted()`.execute(
      trx,
    );
    return;
  }
  const key = sql.lit(table);
  const terms = sql`select json_extract(value, '$[0]') from json_each((select terms from search_docs where tbl = ${key} and doc_id = old.id))`;
  await sql`create trigger if not exists ${name} after delete on ${target} begin
    update search_terms set doc_count = doc_count - 1 where id in (${terms});
    delete from search_postings where doc_id = old.id and term_id in (${terms});
    delete from search_docs where tbl = ${key} and doc_id = old.id;
    delete from passage_refs where tbl = ${key} and doc_id = old.id;
  end`.execute(trx);
}

/**
 * The one keyword condition for code outside defineResource (the public /ask list): the
 * rows holding every term of `query` through the word index, rarest term first, or the
 * substring search (search.ts) when a word of it is no term of `spec.table`.
 */
export async function keywordMatch(
  db: Db,
  kind: StoreKind,
  spec: SearchSpec,
  query: string,
): Promise<{ condition: Expression<SqlBool>; indexed: boolean }> {
  await loadSegmenter();
  const terms = queryTerms(query);
  const found =
    terms.length === 0
      ? []
      : await db
          .selectFrom("searchTerms")
          .select(["id", "docCount"])
          .where("tbl", "=", spec.table)
          .where("term", "in", terms)
          .where("docCount", ">", 0)
          .orderBy("docCount")
          .execute();
  if (terms.length === 0 || found.length < terms.length)
    return { condition: keywordCondition(kind, spec, query), indexed: false };
  const conditions = found.map(
    (row) =>
      sql<SqlBool>`${sql.raw(`${spec.table}.id`)} in (select doc_id from search_postings where term_id = ${Number(row.id)})`,
  );
  return {
    condition: sql<SqlBool>`(${sql.join(conditions, sql` and `)})`,
    indexed: true,
  };
}

/** The rows of `table` whose verse ranges touch any of `ranges`, with how many do. */
export function passageOverlap(ranges: VerseRange[]) {
  return sql<SqlBool>`(${sql.join(
    ranges.map(
      (range) =>
        sql`(passage_refs.start_key <= ${range.end} and passage_refs.end_key >= ${range.start})`,
    ),
    sql` or `,
  )})`;
}
