import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";
import type { StoreKind } from "./store.js";

/**
 * Where the word index keeps which rows hold a term (issue 27, docs/search.md, "The
 * index's size"). The two stores keep them differently, each at a fraction of a row per
 * posting, and every statement that reads them is written here:
 *
 * - **SQLite**: `search_postings(key integer primary key, tf)`, where the key is the term's
 *   id × 2^24 + the row's id. A rowid table keeps the key once, as the cell's varint
 *   (the record holds a null in its place, and the tf): 12.2 bytes a posting after a build of 100,000 sermons (11.6 written in
 *   key order), where (term_id, doc_id, tf) WITHOUT ROWID took 12.6 and the row's terms
 *   as JSON 8.8 more. A term's postings are one range of keys, in row
 *   order. Each row's term ids are kept in `search_docs.terms` as a blob of delta
 *   varints (encodeTerms), its tfs only in the postings.
 * - **PostgreSQL**: no postings table. `search_docs(term_ids int4[], tfs int2[])`, one row
 *   per indexed row, and a GIN index on `term_ids`, which keeps each term's rows as a
 *   compressed list: a posting row paid a 28-byte tuple header and its B-tree entry.
 */

/** SQLite: the row's id is the low 24 bits of a posting's key. */
export const DOC_BITS = 24;
/** The largest row id SQLite's postings can hold; a table with larger ids is not indexed. */
export const MAX_DOC_ID = 2 ** DOC_BITS - 1;
/** Term frequencies are kept up to this (PostgreSQL keeps them as int2). */
export const MAX_TF = 32767;

/** A SQLite posting's key. */
export const postingKey = (termId: number, docId: number) =>
  termId * 2 ** DOC_BITS + docId;

/** The statements of one table's postings. */
export interface PostingsSql {
  /**
   * The ids of the rows holding the term (or every term of a list), as a subquery's one
   * column; `also` adds a condition on that id (a passage checked per posting).
   */
  rowsWith(
    termIds: number | readonly number[],
    also?: (docId: RawBuilder<unknown>) => Expression<SqlBool>,
  ): RawBuilder<unknown>;
  /** Whether the row whose id is `idRef` (a column, as SQL names it) holds the term. */
  holds(termId: number, idRef: string): Expression<SqlBool>;
  /** Σ tf × weight over the terms, for the row `idRef`: relevance. */
  score(
    termIds: readonly number[],
    weights: readonly number[],
    idRef: string,
  ): RawBuilder<unknown>;
  /** The number of rows holding every term, without reading the table. */
  countHolding(termIds: readonly number[]): RawBuilder<{ total: number }>;
}

/** `table`'s postings statements on `kind`. */
export function postingsSql(kind: StoreKind, table: string): PostingsSql {
  return kind === "sqlite" ? sqlitePostings : postgresPostings(table);
}

// Bit operations keep SQLite's arithmetic in integers (better-sqlite3 binds numbers as
// REAL), and a range of keys is a rowid range: `key >= lo and key < hi`.
const low = (termId: number) => sql`(${termId} << ${sql.lit(DOC_BITS)})`;
const high = (termId: number) => sql`((${termId} + 1) << ${sql.lit(DOC_BITS)})`;
const docOf = (key: RawBuilder<unknown>) =>
  sql`(${key} & ${sql.lit(MAX_DOC_ID)})`;

const sqlitePostings: PostingsSql = {
  rowsWith(termIds, also) {
    // The first term's range, each other term checked by key.
    const [termId, ...rest] = typeof termIds === "number" ? [termIds] : termIds;
    const doc = docOf(sql`search_postings.key`);
    const others = rest.map(
      (other) =>
        sql` and exists (select 1 from search_postings pn where pn.key = ${low(other)} + ${doc})`,
    );
    return sql`select ${doc} from search_postings where search_postings.key >= ${low(termId!)} and search_postings.key < ${high(termId!)}${sql.join(others, sql``)}${also ? sql` and ${also(doc)}` : sql``}`;
  },
  holds(termId, idRef) {
    return sql<SqlBool>`exists (select 1 from search_postings where key = ${low(termId)} + ${sql.raw(idRef)})`;
  },
  score(termIds, weights, idRef) {
    return sql`(${sql.join(
      inIdOrder(termIds, weights).map(
        ([termId, weight]) =>
          sql`coalesce((select tf from search_postings where key = ${low(termId)} + ${sql.raw(idRef)}), 0) * ${sql.lit(weight)}`,
      ),
      sql` + `,
    )})`;
  },
  countHolding(termIds) {
    const [first, ...rest] = termIds;
    const doc = docOf(sql`p0.key`);
    return sql<{
      total: number;
    }>`select count(*) as total from search_postings p0 where p0.key >= ${low(first!)} and p0.key < ${high(first!)}${sql.join(
      rest.map(
        (termId) =>
          sql` and exists (select 1 from search_postings pn where pn.key = ${low(termId)} + ${doc})`,
      ),
      sql``,
    )}`;
  },
};

function postgresPostings(table: string): PostingsSql {
  const docHolding = (termId: number, idRef: string) =>
    sql`search_docs d where d.tbl = ${sql.lit(table)} and d.doc_id = ${sql.raw(idRef)} and d.term_ids @> ${[termId]}::int4[]`;
  return {
    rowsWith(termIds, also) {
      const all = typeof termIds === "number" ? [termIds] : [...termIds];
      // With its table named, the planner can also check a row by primary key as it
      // walks an ORDER BY index (2.6 ms for a word in 10% of 100,000 sermons), rather
      // than gather the word's ids from every matching row of search_docs (185 ms).
      // Several terms are one `@>`: GIN intersects their lists before a row is read.
      return sql`select search_docs.doc_id from search_docs where search_docs.tbl = ${sql.lit(table)} and search_docs.term_ids @> ${all}::int4[]${also ? sql` and ${also(sql`search_docs.doc_id`)}` : sql``}`;
    },
    holds(termId, idRef) {
      return sql<SqlBool>`exists (select 1 from ${docHolding(termId, idRef)})`;
    },
    score(termIds, weights, idRef) {
      const terms = inIdOrder(termIds, weights).map(
        ([termId, weight]) =>
          sql`coalesce(d.tfs[array_position(d.term_ids, ${termId}::int4)], 0) * ${sql.lit(weight)}`,
      );
      return sql`(select ${sql.join(terms, sql` + `)} from search_docs d where d.tbl = ${sql.lit(table)} and d.doc_id = ${sql.raw(idRef)})`;
    },
    countHolding(termIds) {
      // GIN intersects the terms' lists itself.
      return sql<{
        total: number;
      }>`select count(*) as total from search_docs where tbl = ${sql.lit(table)} and term_ids @> ${[...termIds]}::int4[]`;
    },
  };
}

/** The terms with their weights, by term id: the sum is added in the same order on both stores. */
function inIdOrder(
  termIds: readonly number[],
  weights: readonly number[],
): [number, number][] {
  return termIds
    .map((termId, i): [number, number] => [termId, weights[i]!])
    .sort((a, b) => a[0] - b[0]);
}

/**
 * A row's term ids as SQLite keeps them in `search_docs.terms`: in id order, the varint
 * of each id less the one before, about 1 byte a term where `[[id, tf], …]` as JSON took
 * 7.6 (the tfs are in the postings). The delete trigger reads it in SQL (decodeTermsSql).
 */
export function encodeTerms(termIds: Iterable<number>): Uint8Array {
  const sorted = Float64Array.from(termIds).sort();
  const out = new Uint8Array(sorted.length * 8 + 8);
  let n = 0;
  let previous = 0;
  for (const id of sorted) {
    let value = id - previous;
    while (value >= 128) {
      out[n++] = (value % 128) + 128;
      value = Math.floor(value / 128);
    }
    out[n++] = value;
    previous = id;
  }
  return out.slice(0, n);
}

/** The term ids of encodeTerms' blob, in id order. */
export function decodeTerms(blob: Uint8Array): number[] {
  const ids: number[] = [];
  let term = 0;
  let value = 0;
  let scale = 1;
  for (const byte of blob) {
    value += (byte & 127) * scale;
    if (byte >= 128) {
      scale *= 128;
      continue;
    }
    term += value;
    ids.push(term);
    value = 0;
    scale = 1;
  }
  if (scale !== 1) throw new Error("truncated word index terms");
  return ids;
}

/**
 * The term ids in the blob `blob` (an SQL expression), as a subquery of one column
 * `term_id`: SQLite's delete trigger decodes encodeTerms' varints a byte at a time with a
 * recursive query (a row deleted by hand or by a job leaves the index in its statement).
 */
export function decodeTermsSql(blob: RawBuilder<unknown>): RawBuilder<unknown> {
  // The byte at offset `at` (0-based), from its two hex digits.
  const byteAt = (at: RawBuilder<unknown>) => {
    const digit = (n: 1 | 2) =>
      sql`(instr('0123456789ABCDEF', substr(hex(substr(src.b, ${at} + 1, 1)), ${sql.lit(n)}, 1)) - 1)`;
    return sql`(${digit(1)} * 16 + ${digit(2)})`;
  };
  // Each row holds the byte at i and the state before it; a step reads the byte and
  // answers the term whose varint ends there.
  const ends = sql`d.v < 128`;
  return sql`select term_id from (with recursive
    src(b) as (select ${blob}),
    d(i, v, acc, scale, term, term_id) as (
      select 0, ${byteAt(sql`0`)}, 0, 1, 0, null from src
      union all
      select d.i + 1, ${byteAt(sql`d.i + 1`)},
        case when ${ends} then 0 else d.acc + (d.v - 128) * d.scale end,
        case when ${ends} then 1 else d.scale * 128 end,
        case when ${ends} then d.term + d.acc + d.v * d.scale else d.term end,
        case when ${ends} then d.term + d.acc + d.v * d.scale end
      from d, src where d.i < length(src.b)
    )
    select term_id from d where term_id is not null)`;
}
