import {
  sql,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SqlBool,
} from "kysely";
import type { StoreKind } from "./store.js";

/**
 * Keyword search over text columns, indexed in both stores:
 * SQLite uses an FTS5 trigram index kept in sync by triggers, PostgreSQL a pg_trgm GIN
 * index per column. Both index substrings of three or more characters; a shorter word
 * (many Chinese words are two characters) falls back to a LIKE scan, which is still
 * correct, only slower.
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

const TRIGRAM = 3;

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
 * case-insensitively. Uses the index built by createSearchIndex.
 */
export function keywordCondition(
  kind: StoreKind,
  spec: SearchSpec,
  query: string,
  plan: KeywordPlan = "lookup",
): Expression<SqlBool> {
  const words = keywordWords(query);
  if (words.length === 0) return sql<SqlBool>`1 = 1`;
  const conditions = words.map((word) => wordCondition(kind, spec, word, plan));
  return sql<SqlBool>`(${sql.join(conditions, sql` AND `)})`;
}

/**
 * How SQLite finds a sorted page of indexed keyword matches. Its planner cannot tell how
 * many rows an FTS match keeps, so it always looks up every match and sorts them
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

function wordCondition(
  kind: StoreKind,
  spec: SearchSpec,
  word: string,
  plan: KeywordPlan,
) {
  const { table, columns } = spec;
  const pattern = likePattern(word);
  if (kind === "sqlite") {
    if ([...word].length >= TRIGRAM) {
      const phrase = `"${word}"`;
      // Unary + keeps SQLite from looking rows up by id, so it walks the ORDER BY index.
      const id = sql.raw(plan === "walk" ? `+${table}.id` : `${table}.id`);
      return sql`${id} IN (SELECT rowid FROM ${sql.raw(`${table}_fts`)} WHERE ${sql.raw(`${table}_fts`)} MATCH ${phrase})`;
    }
    const likes = columns.map(
      (c) => sql`${sql.raw(`${table}.${c}`)} LIKE ${pattern} ESCAPE '\\'`,
    );
    return sql`(${sql.join(likes, sql` OR `)})`;
  }
  const likes = columns.map(
    (c) => sql`${sql.raw(`${table}.${c}`)} ILIKE ${pattern} ESCAPE '\\'`,
  );
  return sql`(${sql.join(likes, sql` OR `)})`;
}

/**
 * Counting the rows a keyword matches by looking each one up in the table costs as much
 * as the page itself. When the keyword is the whole filter and every word is indexed
 * (SQLite, 3+ characters), the FTS index alone gives the count, about 6× faster for a
 * rare word (docs/performance.md). Answers undefined when the general count is needed.
 */
export function indexedKeywordCount(
  kind: StoreKind,
  spec: SearchSpec,
  query: string,
): RawBuilder<{ total: number }> | undefined {
  const words = keywordWords(query);
  if (kind !== "sqlite" || words.length === 0) return undefined;
  if (words.some((word) => [...word].length < TRIGRAM)) return undefined;
  const fts = sql.raw(`${spec.table}_fts`);
  const match = words.map((word) => `"${word}"`).join(" AND ");
  return sql<{
    total: number;
  }>`SELECT count(*) AS total FROM ${fts} WHERE ${fts} MATCH ${match}`;
}
