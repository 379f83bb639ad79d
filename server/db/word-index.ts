import {
  sql,
  CompiledQuery,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SqlBool,
} from "kysely";
import { z } from "zod";
import type { StoreKind } from "./store.js";
import { keywordCondition, type SearchSpec } from "./search.js";
import { documentTerms, loadSegmenter, queryTerms } from "./terms.js";
import { indexedTexts, passageRangesOf } from "./row-terms.js";
import { isIndexReady, markUnindexable } from "./index-ready.js";
import {
  DOC_BITS,
  MAX_DOC_ID,
  MAX_TF,
  decodeTerms,
  decodeTermsSql,
  encodeTerms,
  postingKey,
  postingsSql,
} from "./postings.js";
import { parseReference } from "../services/passage-parser.js";
import {
  MAX_REFERENCE_LENGTH,
  type VerseRange,
} from "../../common/passages.js";

/**
 * The word index (issue 16, docs/search.md). `search_terms` holds each (table, term) once
 * with the number of rows that hold it, `search_docs` each row's terms (so an update
 * removes exactly what the last write added), and the postings which rows hold a term:
 * each store keeps those its own way (postings.ts). Everything here runs inside the
 * caller's transaction: the index changes with the row or not at all.
 */

// Dynamic table names are beyond Kysely's static typing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * Bumped when the way terms are made changes: every index is rebuilt, in the background,
 * on the next start (index-build.ts).
 */
const TERMS_VERSION = 2;
/** Rows of a multi-row insert: well under both stores' parameter limits. */
const INSERT_CHUNK = 400;

/** `items` in runs of at most `size`, for statements with one parameter per item. */
function chunksOf<T>(items: readonly T[], size = INSERT_CHUNK): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size)
    chunks.push(items.slice(i, i + size));
  return chunks;
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

/** Multi-row insert statements by shape: an index build sends thousands of the same. */
const insertStatements = new Map<string, string>();

/** Inserts many rows with a few multi-row statements (Kysely's builder costs more here). */
export async function insertMany(
  db: Db,
  kind: StoreKind,
  table: string,
  columns: string[],
  rows: unknown[][],
  suffix = "",
): Promise<void> {
  await insertValues(db, kind, table, columns, rows.flat(), suffix);
}

/**
 * On PostgreSQL, inserts of at least this many rows go as one statement of one array per
 * column (`select * from unnest($1::int[], …)`) instead of multi-row VALUES of 400 rows.
 */
const UNNEST_MIN_ROWS = 100;

/**
 * The column types insertValues sends as arrays; an array column (`int4[]`) travels as
 * text of its literal (`{1,2}`), cast in the select.
 */
export type ArrayType = "int" | "text" | "int4[]" | "int2[]";

/**
 * A column's values as a PostgreSQL array literal (`{1,2,3}`, `{"a","b"}`): pg writes a
 * JavaScript array element by element, escaping each, which was most of the build's own
 * CPU on PostgreSQL; numbers need no escaping, and text only its quotes and backslashes.
 */
function arrayLiteral(values: unknown[], type: ArrayType): string {
  if (type === "int")
    return `{${values.map((value) => String(Number(value))).join(",")}}`;
  if (type !== "text")
    // Each value an array of numbers: its literal, quoted as one text element.
    return `{${values.map((value) => `"{${(value as number[]).map(Number).join(",")}}"`).join(",")}}`;
  return `{${values
    .map((value) => `"${String(value).replace(/[\\"]/g, "\\$&")}"`)
    .join(",")}}`;
}

/**
 * insertMany with the rows' values in one flat array, row after row. Given the columns'
 * PostgreSQL types, a large insert there is one statement whatever its size: an index
 * build writes thousands of rows a batch, and each 400-row statement cost a parse, a
 * plan and a parameter per value to bind.
 */
export async function insertValues(
  db: Db,
  kind: StoreKind,
  table: string,
  columns: string[],
  values: readonly unknown[],
  suffix = "",
  pgTypes?: readonly ArrayType[],
): Promise<void> {
  if (
    kind === "postgres" &&
    pgTypes &&
    values.length >= UNNEST_MIN_ROWS * columns.length
  ) {
    const arrays = columns.map((_, c) => {
      const column: unknown[] = [];
      for (let i = c; i < values.length; i += columns.length)
        column.push(values[i]);
      return arrayLiteral(column, pgTypes[c]!);
    });
    const nested = (type: ArrayType) => type.endsWith("[]");
    const casts = pgTypes
      .map((type, c) => `$${c + 1}::${nested(type) ? "text" : type}[]`)
      .join(", ");
    const names = columns.map((_, c) => `c${c + 1}`);
    const selected = pgTypes
      .map((type, c) => (nested(type) ? `${names[c]}::${type}` : names[c]))
      .join(", ");
    await db.executeQuery(
      CompiledQuery.raw(
        `insert into ${table} (${columns.join(",")}) select ${selected} from unnest(${casts}) as u(${names.join(", ")})${suffix}`,
        arrays,
      ),
    );
    return;
  }
  const step = INSERT_CHUNK * columns.length;
  for (let i = 0; i < values.length; i += step) {
    const chunk = values.slice(i, i + step);
    const rows = chunk.length / columns.length;
    const shape = `${kind} ${table} ${columns.join(",")} ${rows}${suffix}`;
    let text = insertStatements.get(shape);
    if (text === undefined) {
      text = `insert into ${table} (${columns.join(",")}) values ${placeholders(kind, rows, columns.length)}${suffix}`;
      if (insertStatements.size >= 100) insertStatements.clear();
      insertStatements.set(shape, text);
    }
    await db.executeQuery(CompiledQuery.raw(text, chunk));
  }
}

/** The ids of `terms` in `table`'s dictionary, creating the missing ones. */
export async function termIds(
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
 * Adds each term's change to its documents count, locking the rows in id order so two
 * PostgreSQL writers sharing terms never deadlock.
 */
export async function addToCounts(
  db: Db,
  kind: StoreKind,
  deltas: ReadonlyMap<number, number>,
): Promise<void> {
  const sorted = [...deltas]
    .filter(([, delta]) => delta !== 0)
    .sort((a, b) => a[0] - b[0]);
  for (let i = 0; i < sorted.length; i += INSERT_CHUNK) {
    const chunk = sorted.slice(i, i + INSERT_CHUNK);
    if (kind === "postgres")
      await sql`select id from search_terms where id in (${sql.join(chunk.map(([id]) => id))}) order by id for update`.execute(
        db,
      );
    await updateFromValues(
      db,
      kind,
      "search_terms",
      "doc_count = search_terms.doc_count + v.column2",
      "search_terms.id = v.column1",
      chunk,
      ["int", "int"],
    );
  }
}

/** One row to bring up to date: its new camelCase row, or undefined when deleted. */
export interface IndexedRow {
  id: number;
  row: Record<string, unknown> | undefined;
}

/** Rows indexed per round of statements by reindexRows (bounds its memory). */
const REINDEX_BATCH = 500;

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
  await reindexRows(db, kind, spec, [{ id, row }]);
}

/**
 * Brings the index of many rows up to date with a few statements per batch of rows
 * rather than a dozen per row: an import of 50,000 believers spent most of its commit
 * in per-row index statements. Only the terms that changed are written.
 */
export async function reindexRows(
  db: Db,
  kind: StoreKind,
  spec: SearchSpec,
  rows: readonly IndexedRow[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += REINDEX_BATCH)
    await reindexBatch(db, kind, spec, rows.slice(i, i + REINDEX_BATCH));
}

async function reindexBatch(
  db: Db,
  kind: StoreKind,
  spec: SearchSpec,
  batch: readonly IndexedRow[],
): Promise<void> {
  const table = spec.table;
  // The last entry of an id wins, as if the rows were indexed one after another.
  const latest = new Map(batch.map((entry) => [entry.id, entry.row]));
  if (kind === "sqlite" && [...latest.keys()].some((id) => id > MAX_DOC_ID)) {
    // Postings cannot hold this row (postings.ts): the table goes back to the substring
    // search, here and on every start, rather than answer without it.
    markUnindexable(table);
    await db.deleteFrom("searchState").where("tbl", "=", table).execute();
    return;
  }
  const previous = await previousTerms(db, kind, table, [...latest.keys()]);
  const termsOf = new Map<number, Map<string, number>>();
  for (const [id, row] of latest)
    if (row) {
      await loadSegmenter();
      termsOf.set(id, documentTerms(indexedTexts(spec, row)));
    }
  const allTerms = new Set<string>();
  for (const terms of termsOf.values())
    for (const term of terms.keys()) allTerms.add(term);
  const termId = await termIds(db, kind, table, [...allTerms]);

  const countDelta = new Map<number, number>();
  const bump = (id: number, delta: number) =>
    countDelta.set(id, (countDelta.get(id) ?? 0) + delta);
  const removedPostings: number[] = []; // SQLite posting keys
  const addedPostings: [key: number, tf: number][] = [];
  const changedPostings: [key: number, tf: number][] = [];
  const docInserts: Doc[] = [];
  const docUpdates: Doc[] = [];
  const docDeletes: number[] = [];
  for (const [id, row] of latest) {
    const old = previous.get(id) ?? new Map<number, number>();
    const next = new Map<number, number>();
    for (const [term, tf] of termsOf.get(id) ?? [])
      next.set(termId.get(term)!, Math.min(tf, MAX_TF));
    for (const term of old.keys())
      if (!next.has(term)) {
        removedPostings.push(postingKey(term, id));
        bump(term, -1);
      }
    for (const [term, tf] of next) {
      if (!old.has(term)) {
        addedPostings.push([postingKey(term, id), tf]);
        bump(term, 1);
      } else if (old.get(term) !== tf)
        changedPostings.push([postingKey(term, id), tf]);
    }
    if (row) (previous.has(id) ? docUpdates : docInserts).push({ id, next });
    else if (previous.has(id)) docDeletes.push(id);
  }

  if (kind === "sqlite") {
    // PostgreSQL's postings are search_docs' GIN index: the documents below are all.
    for (const chunk of chunksOf(removedPostings))
      await db.deleteFrom("searchPostings").where("key", "in", chunk).execute();
    addedPostings.sort((a, b) => a[0] - b[0]);
    await insertMany(db, kind, "search_postings", ["key", "tf"], addedPostings);
    await updateFromValues(
      db,
      kind,
      "search_postings",
      "tf = v.column2",
      "search_postings.key = v.column1",
      changedPostings,
      ["int8", "int"],
    );
  }
  await addToCounts(db, kind, countDelta);
  await writeDocs(db, kind, table, docInserts, docUpdates);
  for (const chunk of chunksOf(docDeletes))
    await db
      .deleteFrom("searchDocs")
      .where("tbl", "=", table)
      .where("docId", "in", chunk)
      .execute();
  if (spec.passages) await repassageRows(db, kind, table, spec, latest);
}

/** One indexed row's terms (term id → tf), as reindexBatch writes them. */
interface Doc {
  id: number;
  next: Map<number, number>;
}

/** The terms each of `ids` was last indexed with (term id → tf). */
async function previousTerms(
  db: Db,
  kind: StoreKind,
  table: string,
  ids: number[],
): Promise<Map<number, Map<number, number>>> {
  const previous = new Map<number, Map<number, number>>();
  for (const chunk of chunksOf(ids)) {
    const rows = await db
      .selectFrom("searchDocs")
      .select(
        kind === "sqlite" ? ["docId", "terms"] : ["docId", "termIds", "tfs"],
      )
      .where("tbl", "=", table)
      .where("docId", "in", chunk)
      .execute();
    for (const row of rows) {
      const docId = Number(row.docId);
      if (kind === "postgres") {
        const tfs = row.tfs as number[];
        previous.set(
          docId,
          new Map((row.termIds as number[]).map((id, i) => [id, tfs[i]!])),
        );
      } else
        previous.set(
          docId,
          new Map(decodeTerms(row.terms as Uint8Array).map((id) => [id, 0])),
        );
    }
  }
  if (kind === "sqlite") await readTfs(db, previous);
  return previous;
}

/** SQLite keeps a row's tfs only in its postings: fills them in (term id → tf). */
async function readTfs(
  db: Db,
  docs: Map<number, Map<number, number>>,
): Promise<void> {
  const keys: number[] = [];
  for (const [docId, terms] of docs)
    for (const termId of terms.keys()) keys.push(postingKey(termId, docId));
  for (const chunk of chunksOf(keys))
    for (const row of await db
      .selectFrom("searchPostings")
      .select(["key", "tf"])
      .where("key", "in", chunk)
      .execute()) {
      const key = Number(row.key);
      const docId = key % 2 ** DOC_BITS;
      docs.get(docId)!.set((key - docId) / 2 ** DOC_BITS, Number(row.tf));
    }
}

/** A document's columns after (tbl, doc_id): SQLite's blob, PostgreSQL's two arrays. */
function docColumns(
  kind: StoreKind,
  terms: ReadonlyMap<number, number>,
): unknown[] {
  if (kind === "sqlite") return [encodeTerms(terms.keys())];
  return [[...terms.keys()], [...terms.values()]];
}

/** Inserts and updates the rows' documents. */
async function writeDocs(
  db: Db,
  kind: StoreKind,
  table: string,
  inserts: readonly Doc[],
  updates: readonly Doc[],
): Promise<void> {
  const columns = kind === "sqlite" ? ["terms"] : ["term_ids", "tfs"];
  await insertMany(
    db,
    kind,
    "search_docs",
    ["tbl", "doc_id", ...columns],
    inserts.map((doc) => [table, doc.id, ...docColumns(kind, doc.next)]),
  );
  await updateFromValues(
    db,
    kind,
    "search_docs",
    columns.map((column, i) => `${column} = v.column${i + 2}`).join(", "),
    `search_docs.tbl = '${table}' and search_docs.doc_id = v.column1`,
    updates.map((doc) => [doc.id, ...docColumns(kind, doc.next)]),
    kind === "sqlite" ? ["int", "blob"] : ["int", "int4[]", "int2[]"],
  );
}

/**
 * `update <table> set <assignment> from (values …) v where <match>`, in chunks: one
 * statement for many rows on both stores (the values' columns are column1, column2, …;
 * PostgreSQL is told their types, which it cannot infer from parameters).
 */
async function updateFromValues(
  db: Db,
  kind: StoreKind,
  table: string,
  assignment: string,
  match: string,
  rows: unknown[][],
  types: string[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    let n = 0;
    const values = chunk
      .map(
        () =>
          `(${types
            .map((type) => (kind === "sqlite" ? "?" : `$${++n}::${type}`))
            .join(",")})`,
      )
      .join(",");
    await db.executeQuery(
      CompiledQuery.raw(
        `update ${table} set ${assignment} from (values ${values}) as v where ${match}`,
        chunk.flat(),
      ),
    );
  }
}

/** Rewrites the verse ranges found in the rows' passage fields. */
async function repassageRows(
  db: Db,
  kind: StoreKind,
  table: string,
  spec: SearchSpec,
  rows: ReadonlyMap<number, Record<string, unknown> | undefined>,
): Promise<void> {
  for (const chunk of chunksOf([...rows.keys()]))
    await db
      .deleteFrom("passageRefs")
      .where("tbl", "=", table)
      .where("docId", "in", chunk)
      .execute();
  const refs: [string, number, number, number][] = [];
  for (const [id, row] of rows)
    if (row)
      for (const range of passageRangesOf(spec, row))
        refs.push([table, id, range.start, range.end]);
  await insertMany(
    db,
    kind,
    "passage_refs",
    ["tbl", "doc_id", "start_key", "end_key"],
    refs,
  );
}

export function signatureOf(spec: SearchSpec): string {
  return JSON.stringify([
    TERMS_VERSION,
    spec.columns,
    spec.html ?? [],
    spec.passages ?? {},
  ]);
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
export async function unindexOnDelete(
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
  const terms = decodeTermsSql(
    sql`(select terms from search_docs where tbl = ${key} and doc_id = old.id)`,
  );
  await sql`create trigger if not exists ${name} after delete on ${target} begin
    update search_terms set doc_count = doc_count - 1 where id in (${terms});
    delete from search_postings where key in (select (term_id << ${sql.lit(DOC_BITS)}) + old.id from (${terms}));
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
  // While the table's index is being built, the substring search answers (index-build.ts).
  if (!isIndexReady(db, spec.table))
    return { condition: keywordCondition(kind, spec, query), indexed: false };
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
  const postings = postingsSql(kind, spec.table);
  const conditions = found.map(
    (row) =>
      sql<SqlBool>`${sql.raw(`${spec.table}.id`)} in (${postings.rowsWith(Number(row.id))})`,
  );
  return {
    condition: sql<SqlBool>`(${sql.join(conditions, sql` and `)})`,
    indexed: true,
  };
}

/** A list's `passage` filter: a reference such as `约翰福音 3:16` or `John 3:16`; "" is none. */
export const passageFilter = z
  .string()
  .trim()
  .max(MAX_REFERENCE_LENGTH)
  .refine((value) => value === "" || parseReference(value).length > 0, {
    message: "not a scripture reference",
  });

/**
 * The rows of `table` (its id column `idColumn`, as Kysely names it) with a verse range
 * touching the reference's: John 3:1-21 is on John 3:16.
 */
export function onPassage(idColumn: string, table: string, reference: string) {
  return sql<SqlBool>`${sql.ref(idColumn)} in (select doc_id from passage_refs where tbl = ${table} and ${passageOverlap(parseReference(reference))})`;
}

/**
 * `docId` (a keyword's posting's row id) has a verse range touching `reference`'s: one
 * seek in passage_refs_doc_keys per posting, read from the index alone (migration 0038).
 * A keyword's few postings are checked this way before any row is read; `onPassage`
 * gathers every range of the table first (100,000 at 100,000 sermons, 60 ms with a
 * keyword of 1,000; 1.2 ms so; docs/performance.md). `perPosting` (PostgreSQL only) keeps
 * the check a subquery run per posting (`offset 0` is PostgreSQL's fence against turning
 * it into a join), where the planner would otherwise hash every range of the passage.
 */
export function postingOnPassage(
  docId: RawBuilder<unknown>,
  table: string,
  reference: string,
  perPosting = false,
) {
  return sql<SqlBool>`exists (select 1 from passage_refs where passage_refs.tbl = ${table} and passage_refs.doc_id = ${docId} and ${passageOverlap(parseReference(reference))}${perPosting ? sql` offset 0` : sql``})`;
}

/** The condition on `passage_refs` rows whose range touches any of `ranges`. */
export function passageOverlap(ranges: VerseRange[]) {
  // A reference that names no passage matches nothing.
  if (ranges.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(${sql.join(
    ranges.map(
      (range) =>
        sql`(passage_refs.start_key <= ${range.end} and passage_refs.end_key >= ${range.start})`,
    ),
    sql` or `,
  )})`;
}
