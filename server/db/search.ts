import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { StoreKind } from "./store.js";

/**
 * Keyword search over text columns. The word index (word-index.ts) is each table's one
 * search structure; the substring search here, used while that index builds and for a
 * word that is no term of it, scans the columns (LIKE on SQLite, ILIKE on PostgreSQL).
 * Until migration 0037 it had a structure of its own (docs/search.md, "One search
 * structure per table").
 */
export interface SearchSpec {
  /** The table, as named in the database (snake_case). */
  table: string;
  /** The searchable columns, as named in the database (snake_case). */
  columns: string[];
  /**
   * Columns of sanitised HTML, indexed as their text by the word index (not searched by
   * the substring fallback, which never searched them).
   */
  html?: string[];
  /**
   * Where the row names scripture (passage-parser.ts): `reference` columns hold a
   * reference (a sermon's passage), `text` columns running text to find references in.
   * Lists then take a `passage` filter, and `GET /tjc/passages` finds the rows.
   */
  passages?: { reference?: string[]; text?: string[] };
}

/**
 * What migrations 0001–0012 created for a searchable table: an FTS5 trigram table kept by
 * triggers (SQLite) or a pg_trgm GIN index per column (PostgreSQL). Migration 0037 drops
 * them; kept only so those migrations still run unchanged. A new table calls nothing:
 * the word index comes from its resource's `search`.
 */
export async function createSearchIndex(
  db: Kysely<unknown>,
  kind: StoreKind,
  spec: SearchSpec,
): Promise<void> {
  const { table, columns } = spec;
  const fts = `${table}_fts`;
  if (kind === "sqlite") {
    const cols = columns.join(", ");
    const newValues = columns.map((c) => `new.${c}`).join(", ");
    const oldValues = columns.map((c) => `old.${c}`).join(", ");
    await sql
      .raw(
        `CREATE VIRTUAL TABLE ${fts} USING fts5(${cols}, content='${table}', content_rowid='id', tokenize='trigram')`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${fts}_ai AFTER INSERT ON ${table} BEGIN
           INSERT INTO ${fts}(rowid, ${cols}) VALUES (new.id, ${newValues});
         END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${fts}_ad AFTER DELETE ON ${table} BEGIN
           INSERT INTO ${fts}(${fts}, rowid, ${cols}) VALUES ('delete', old.id, ${oldValues});
         END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${fts}_au AFTER UPDATE ON ${table} BEGIN
           INSERT INTO ${fts}(${fts}, rowid, ${cols}) VALUES ('delete', old.id, ${oldValues});
           INSERT INTO ${fts}(rowid, ${cols}) VALUES (new.id, ${newValues});
         END`,
      )
      .execute(db);
    return;
  }
  await ensurePgTrgm(db);
  for (const column of columns) {
    await sql
      .raw(
        `CREATE INDEX ${table}_${column}_trgm ON ${table} USING gin (${column} gin_trgm_ops)`,
      )
      .execute(db);
  }
}

async function ensurePgTrgm(db: Kysely<unknown>): Promise<void> {
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(
      db,
    );
  } catch (error) {
    // Two migrations racing on a fresh server: the loser sees a duplicate; the extension exists.
    const code = (error as { code?: string }).code;
    if (code !== "23505" && code !== "42710") throw error;
  }
}

/** Splits a keyword query into words; quotes and extra spaces mean nothing here. */
export function keywordWords(query: string): string[] {
  return query
    .split(/\s+/)
    .map((word) => word.replaceAll('"', ""))
    .filter((word) => word.length > 0)
    .slice(0, 8);
}

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * A WHERE condition: every word of `query` occurs in at least one of the columns,
 * case-insensitively (ASCII letters on SQLite, as LIKE folds them). A scan: no index
 * serves it. `_plan` is the caller's plan for the word index; a scan reads the rows in
 * whatever order the page's ORDER BY index gives, so both plans are the same condition.
 */
export function keywordCondition(
  kind: StoreKind,
  spec: SearchSpec,
  query: string,
  _plan: KeywordPlan = "lookup",
): Expression<SqlBool> {
  const words = keywordWords(query);
  if (words.length === 0) return sql<SqlBool>`1 = 1`;
  const like = sql.raw(kind === "sqlite" ? "LIKE" : "ILIKE");
  const conditions = words.map((word) => {
    const pattern = likePattern(word);
    const likes = spec.columns.map(
      (c) =>
        sql`${sql.raw(`${spec.table}.${c}`)} ${like} ${pattern} ESCAPE '\\'`,
    );
    return sql`(${sql.join(likes, sql` OR `)})`;
  });
  return sql<SqlBool>`(${sql.join(conditions, sql` AND `)})`;
}

/**
 * How SQLite finds a sorted page of indexed keyword matches. Its planner cannot tell how
 * many rows a term's postings keep, so it always looks up every match and sorts them
 * ("lookup"). When matches are dense, walking the sort column's index and keeping the
 * rows in the match set reaches a page sooner ("walk"). Every sortable column has an
 * index (docs/conventions.md), so the walk never sorts.
 */
export type KeywordPlan = "lookup" | "walk";

/**
 * Chooses the plan from what each costs on the bench store (docs/performance.md): about
 * 1 µs per match looked up and sorted, against about 0.1 µs per index entry walked, of
 * which a page needs (offset + limit) × rows / matches. `rows` may be an estimate.
 * `lookupCost` is a match's cost in walked entries: 8 for rows as narrow as tags; a
 * table whose rows carry long text sorts them whole and costs more (sermons: 64).
 */
export function keywordPlan(
  matches: number,
  rows: number,
  pageEnd: number,
  lookupCost = 8,
): KeywordPlan {
  return matches > 0 && matches * matches * lookupCost >= pageEnd * rows
    ? "walk"
    : "lookup";
}

/**
 * Walking the sort index, how a term of the word index checks each entry: against its
 * postings gathered once into a list (true), or by one key lookup in them per entry. On
 * the bench store (100,000 tags, docs/performance.md) a lookup costs about 0.36 µs per
 * entry walked; the list about 0.1 µs per posting to gather, then 0.04 µs per entry. A
 * walk reads about pageEnd × rows / matches entries, so the list is cheaper while the
 * term has fewer than about 3 postings per entry walked: a word in 1 % of 100,000 rows,
 * walked for page 1, costs 0.18 ms listed against 0.6 ms looked up.
 */
export function walkWithList(
  docCount: number,
  matches: number,
  rows: number,
  pageEnd: number,
): boolean {
  return matches > 0 && docCount <= (3 * pageEnd * rows) / matches;
}

/**
 * Looking matches up with the keyword and another filter that keeps rows by id (a tag),
 * SQLite looks up the rows of the first condition written and checks each against the
 * other: the keyword goes first when its postings are fewer than the other filter's rows.
 * Those are not known, but their share is about matches / docCount (the keyword's rarest
 * term) if the two are independent. A tag on 2 % of 100,000 sermons with a word in 1 %
 * of them (23 together): 1,000 looked up instead of 1,951, the page 0.49 ms against 0.66.
 */
export function keywordFirst(
  docCount: number,
  matches: number,
  rows: number,
): boolean {
  return docCount * docCount < rows * matches;
}
