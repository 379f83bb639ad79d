import { sql, type Kysely } from "kysely";
import type { StoreKind } from "./store.js";
import type { SearchSpec } from "./search.js";
import type { RowsTerms } from "./row-terms.js";
import { openTermPool } from "./term-pool.js";
import { buildOnce, markUnindexable, setIndexReady } from "./index-ready.js";
import {
  addToCounts,
  insertValues,
  signatureOf,
  termIds,
  unindexOnDelete,
} from "./word-index.js";
import {
  DOC_BITS,
  MAX_DOC_ID,
  MAX_TF,
  encodeTerms,
  postingKey,
} from "./postings.js";

/**
 * Building a table's word index from its rows (issue 16, docs/search.md, "Building an
 * index"), in the background while the server answers:
 * - the table's old index is cleared in one short transaction, and the table is searched
 *   by the substring search (index-ready.ts) until the build ends;
 * - rows are read in id order, a batch at a time; worker threads cut them into terms
 *   (term-pool.ts) while the main thread writes the batch before;
 * - each batch is written in its own short transaction, so writes go on meanwhile. Every
 *   write keeps the index up to date as always (reindexRows, in its own transaction): a
 *   row a write indexed first already has its `search_docs` row and is skipped by the
 *   batch, a deleted row is no longer there, and a row the batch indexed is then updated
 *   by later writes like any other. On PostgreSQL the batch holds its rows `for share`,
 *   so a write in flight on one of them finishes first;
 * - one build per table at a time: in a process by a shared promise, between processes
 *   sharing a PostgreSQL store by an advisory lock (SQLite has one process per data
 *   directory, lock.ts). Another process waits for the build to finish, then uses it.
 */

// Dynamic table names are beyond Kysely's static typing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * Rows read, cut and written at a time by a build. The size barely moves its CPU (72 s
 * for 100,000 sermons with 2,000 or 5,000); it bounds the batch's text and postings in
 * memory (tens of MB) and how long a batch holds the writer.
 */
const BUILD_BATCH = 2000;
/** How often a process waiting for another's build checks whether it is done. */
const WAIT_POLL_MS = 2000;
/** The advisory lock space of index builds (the second key is the table's hash). */
const BUILD_LOCK_SPACE = 16_016;

export interface BuildOptions {
  /** Worker threads cutting rows into terms; 0 cuts them on the main thread. */
  workers?: number;
  /** Rows a batch (BUILD_BATCH); tests use a few to build in many batches. */
  batchSize?: number;
  /** Awaited before each batch is written (tests hold a build half way with it). */
  beforeBatch?: () => Promise<void>;
  now?: () => string;
  /** Told when a build (not a check that found the index current) ends. */
  onBuilt?: (summary: BuildSummary) => void;
}

export interface BuildSummary {
  table: string;
  rows: number;
  ms: number;
  batches: number;
  /** Batches cut by worker threads (the others were cut on the main thread). */
  threadedBatches: number;
}

/** What startIndexBuild reports to (the app's logger). */
export interface BuildLog {
  info(details: object, message: string): void;
  debug(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Builds of at least this many rows are logged at info (smaller ones at debug). */
const LOGGED_BUILD_ROWS = 1000;

async function currentSignature(
  db: Db,
  table: string,
): Promise<string | undefined> {
  return (
    await db
      .selectFrom("searchState")
      .select("signature")
      .where("tbl", "=", table)
      .executeTakeFirst()
  )?.signature as string | undefined;
}

/**
 * Makes `spec.table`'s index current: at once when it is, else by building it (or by
 * waiting for the process that builds it). Answers the rows indexed, or undefined when
 * it was current. Lists search the table by substring until this settles; call it
 * without waiting at start (startIndexBuild), or await it (benches, imports).
 */
export function ensureIndexBuilt(
  db: Db,
  kind: StoreKind,
  spec: SearchSpec,
  options: BuildOptions = {},
): Promise<number | undefined> {
  return buildOnce(db, spec.table, () => runBuild(db, kind, spec, options));
}

/** Starts ensureIndexBuilt in the background; a failure is logged, and retried next start. */
export function startIndexBuild(
  db: Db,
  kind: StoreKind,
  spec: SearchSpec,
  log: BuildLog,
): void {
  ensureIndexBuilt(db, kind, spec, {
    onBuilt: (summary) =>
      summary.rows >= LOGGED_BUILD_ROWS
        ? log.info(summary, "word index built")
        : log.debug(summary, "word index built"),
  }).catch((error: unknown) =>
    log.error({ err: error, table: spec.table }, "word index build failed"),
  );
}

async function runBuild(
  db: Db,
  kind: StoreKind,
  spec: SearchSpec,
  options: BuildOptions,
): Promise<number | undefined> {
  const table = spec.table;
  const signature = signatureOf(spec);
  for (;;) {
    if ((await currentSignature(db, table)) === signature) {
      setIndexReady(db, table, true);
      return undefined;
    }
    setIndexReady(db, table, false);
    const built =
      kind === "postgres"
        ? await db.connection().execute(async (connection) => {
            const key = sql`${BUILD_LOCK_SPACE}, hashtext(${table})`;
            const { rows } = await sql<{
              locked: boolean;
            }>`select pg_try_advisory_lock(${key}) as locked`.execute(
              connection,
            );
            if (!rows[0]!.locked) return "busy" as const;
            try {
              // Built meanwhile by the process that held the lock?
              if ((await currentSignature(connection, table)) === signature)
                return undefined;
              return await buildIndex(connection, kind, spec, options);
            } finally {
              await sql`select pg_advisory_unlock(${key})`.execute(connection);
            }
          })
        : await buildIndex(db, kind, spec, options);
    if (built !== "busy") {
      setIndexReady(db, table, true);
      return built;
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
  }
}

async function buildIndex(
  db: Db,
  kind: StoreKind,
  spec: SearchSpec,
  options: BuildOptions,
): Promise<number> {
  const table = spec.table;
  const columns = [
    "id",
    ...new Set([
      ...spec.columns,
      ...(spec.html ?? []),
      ...(spec.passages?.reference ?? []),
      ...(spec.passages?.text ?? []),
    ]),
  ];
  if (kind === "sqlite") await refuseLargeIds(db, table);
  await db.transaction().execute(async (trx) => {
    // PostgreSQL: writes in flight on the table finish first, and wait for the clearing.
    if (kind === "postgres")
      await sql
        .raw(`lock table ${table} in share row exclusive mode`)
        .execute(trx);
    await trx.deleteFrom("searchState").where("tbl", "=", table).execute();
    await forgetKeptTotals(trx, table);
    // SQLite: each term's postings are one range of keys (postings.ts); PostgreSQL keeps
    // them in search_docs' GIN index.
    if (kind === "sqlite")
      await sql`delete from search_postings where key in (select p.key from search_terms t, search_postings p
        where t.tbl = ${table} and p.key >= (t.id << ${sql.lit(DOC_BITS)}) and p.key < ((t.id + 1) << ${sql.lit(DOC_BITS)}))`.execute(
        trx,
      );
    await trx.deleteFrom("searchTerms").where("tbl", "=", table).execute();
    await trx.deleteFrom("searchDocs").where("tbl", "=", table).execute();
    // The verse ranges stay until each row's batch replaces them: passage lists and
    // `GET /tjc/passages` have no other way to answer meanwhile.
    await unindexOnDelete(trx, kind, table);
  });

  const batchSize = options.batchSize ?? BUILD_BATCH;
  const read = async (after: number) =>
    (
      await sql
        .raw(
          `select ${columns.join(", ")} from ${table} where id > ${after} order by id limit ${batchSize}`,
        )
        .execute(db)
    ).rows as Record<string, unknown>[];
  const started = performance.now();
  let rows = await read(0);
  // A table that fits in one batch is cut here: starting workers would cost more.
  const pool = openTermPool(rows.length < batchSize ? 0 : options.workers);
  const dictionary = new Map<string, number>();
  let indexed = 0;
  let batches = 0;
  let threadedBatches = 0;
  try {
    let cutting = pool.termsOf(spec, rows);
    while (rows.length > 0) {
      const runs = await cutting;
      batches += 1;
      if (pool.threaded) threadedBatches += 1;
      // The next batch is read and cut while this one is written.
      rows = await read(Number(rows.at(-1)!.id));
      cutting = pool.termsOf(spec, rows);
      cutting.catch(() => {}); // awaited on the next round
      await options.beforeBatch?.();
      indexed += await writeBatch(db, kind, spec, runs, dictionary);
    }
  } finally {
    await pool.close();
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("searchState").where("tbl", "=", table).execute();
    await forgetKeptTotals(trx, table);
    await trx
      .insertInto("searchState")
      .values({
        tbl: table,
        signature: signatureOf(spec),
        builtAt: options.now?.() ?? new Date().toISOString(),
      })
      .execute();
  });
  // PostgreSQL plans a keyword's postings by the tables' statistics: right after a build
  // they describe the empty index until autovacuum gets round to it, and a 1% keyword
  // on 100,000 tags was planned as if its terms had no rows.
  // The last batches' postings may also wait in GIN's pending list, which every search
  // reads through until autovacuum merges it: merged now.
  if (kind === "postgres") {
    await sql`select gin_clean_pending_list('search_docs_terms'::regclass)`.execute(
      db,
    );
    await sql`analyze search_terms, search_docs, passage_refs`.execute(db);
  }
  options.onBuilt?.({
    table,
    rows: indexed,
    ms: Math.round(performance.now() - started),
    batches,
    threadedBatches,
  });
  return indexed;
}

/**
 * SQLite's postings key a row id in 24 bits (postings.ts): a table with a larger id is
 * not built, and stays searched by substring (logged by startIndexBuild).
 */
async function refuseLargeIds(db: Db, table: string): Promise<void> {
  const { rows } = await sql<{
    top: number | null;
  }>`select max(id) as top from ${sql.table(table)}`.execute(db);
  const top = Number(rows[0]?.top ?? 0);
  if (top > MAX_DOC_ID) {
    markUnindexable(table);
    throw new Error(
      `${table} has row ids past ${MAX_DOC_ID}, which the word index cannot hold on SQLite; it is searched by substring`,
    );
  }
}

/**
 * A keyword list's total, kept under the table's write version, was counted by the index
 * or, while it is built, by the substring search, which can match other rows: the version
 * moves when a build starts and when it ends, so neither is reused by the other.
 */
async function forgetKeptTotals(trx: Db, table: string): Promise<void> {
  await sql`update table_counts set write_version = write_version + 1 where tbl = ${table}`.execute(
    trx,
  );
}

/** PostgreSQL errors worth a retry of the batch: a deadlock with a writer, a conflict. */
const RETRY_CODES = new Set(["40P01", "40001"]);
const BATCH_ATTEMPTS = 5;

/** Writes one batch's postings, documents, counts and passages; answers the rows indexed. */
async function writeBatch(
  db: Db,
  kind: StoreKind,
  spec: SearchSpec,
  runs: RowsTerms[],
  dictionary: Map<string, number>,
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db
        .transaction()
        .execute((trx) => writeBatchIn(trx, kind, spec, runs, dictionary));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= BATCH_ATTEMPTS || !code || !RETRY_CODES.has(code))
        throw error;
    }
  }
}

async function writeBatchIn(
  trx: Db,
  kind: StoreKind,
  spec: SearchSpec,
  runs: RowsTerms[],
  dictionary: Map<string, number>,
): Promise<number> {
  const table = spec.table;
  const ids = runs.flatMap((run) => run.rows.map((row) => row.id));
  if (ids.length === 0) return 0;
  // A batch's commit need not wait for its WAL to reach the disk: a crash can lose only
  // the last batches, and the build is then redone, since the index is marked built by a
  // final transaction that is flushed (and with it everything before).
  if (kind === "postgres")
    await sql`set local synchronous_commit = off`.execute(trx);
  // The rows still there (PostgreSQL: held against writes until this commits), less
  // those a write indexed since the batch was read: theirs is the newer text.
  const { rows: present } = await sql
    .raw(
      `select id from ${table} where id in (${ids.join(",")})${kind === "postgres" ? " for share" : ""}`,
    )
    .execute(trx);
  const toIndex = new Set(
    present.map((row) => Number((row as { id: unknown }).id)),
  );
  const { rows: done } = await sql
    .raw(
      `select doc_id from search_docs where tbl = '${table}' and doc_id in (${ids.join(",")})`,
    )
    .execute(trx);
  for (const row of done)
    toIndex.delete(Number((row as { docId: unknown }).docId));

  // New terms get their ids in the order the rows first use them, as one run would.
  const fresh: string[] = [];
  const seen = new Set<string>();
  for (const run of runs)
    for (const term of run.terms)
      if (!dictionary.has(term) && !seen.has(term)) {
        seen.add(term);
        fresh.push(term);
      }
  if (fresh.length > 0)
    for (const [term, id] of await termIds(trx, kind, table, fresh))
      dictionary.set(term, id);

  // The postings in key order (term, then row) without sorting them: counted per term,
  // then each placed at its term's next free slot, rows in id order (a counting sort).
  // Typed arrays and a few strings per row: a Map of arrays per term was most of a
  // build's main-thread time (garbage included).
  const rank = new Map<number, number>(); // term id → its place among the batch's terms
  const locals = runs.map((run) => {
    const ranks = new Int32Array(run.terms.length);
    run.terms.forEach((term, i) => {
      const id = dictionary.get(term)!;
      let at = rank.get(id);
      if (at === undefined) rank.set(id, (at = rank.size));
      ranks[i] = at;
    });
    return ranks;
  });
  const perTerm = new Int32Array(rank.size);
  let total = 0;
  runs.forEach((run, r) => {
    const ranks = locals[r]!;
    for (const row of run.rows) {
      if (!toIndex.has(row.id)) continue;
      for (let i = 0; i < row.pairs.length; i += 2)
        perTerm[ranks[row.pairs[i]!]!]! += 1;
      total += row.pairs.length / 2;
    }
  });
  const termOrder = [...rank.keys()].sort((a, b) => a - b);
  const next = new Int32Array(rank.size);
  const counts = new Map<number, number>();
  let start = 0;
  for (const id of termOrder) {
    const at = rank.get(id)!;
    next[at] = start;
    start += perTerm[at]!;
    counts.set(id, perTerm[at]!);
  }
  // SQLite's postings, (key, tf) in key order; PostgreSQL keeps them in search_docs' GIN.
  const sqlite = kind === "sqlite";
  const postings: number[] = new Array<number>(sqlite ? total * 2 : 0);
  const docs: unknown[] = [];
  const refs: unknown[] = [];
  runs.forEach((run, r) => {
    const ranks = locals[r]!;
    const ids = run.terms.map((term) => dictionary.get(term)!);
    for (const row of run.rows) {
      if (!toIndex.has(row.id)) continue;
      const { pairs, ranges } = row;
      const termIds: number[] = new Array<number>(pairs.length / 2);
      const tfs: number[] = new Array<number>(pairs.length / 2);
      for (let i = 0; i < pairs.length; i += 2) {
        const local = pairs[i]!;
        const tf = Math.min(pairs[i + 1]!, MAX_TF);
        termIds[i / 2] = ids[local]!;
        tfs[i / 2] = tf;
        if (!sqlite) continue;
        const at = 2 * next[ranks[local]!]!++;
        postings[at] = postingKey(ids[local]!, row.id);
        postings[at + 1] = tf;
      }
      if (sqlite) docs.push(table, row.id, encodeTerms(termIds));
      else docs.push(table, row.id, termIds, tfs);
      for (let i = 0; i < ranges.length; i += 2)
        refs.push(table, row.id, ranges[i]!, ranges[i + 1]!);
    }
  });
  if (sqlite)
    await insertValues(trx, kind, "search_postings", ["key", "tf"], postings);
  await insertValues(
    trx,
    kind,
    "search_docs",
    ["tbl", "doc_id", ...(sqlite ? ["terms"] : ["term_ids", "tfs"])],
    docs,
    "",
    ["text", "int", "int4[]", "int2[]"],
  );
  await addToCounts(trx, kind, counts);
  const written = [...toIndex];
  for (let i = 0; i < written.length; i += 1000)
    await trx
      .deleteFrom("passageRefs")
      .where("tbl", "=", table)
      .where("docId", "in", written.slice(i, i + 1000))
      .execute();
  await insertValues(
    trx,
    kind,
    "passage_refs",
    ["tbl", "doc_id", "start_key", "end_key"],
    refs,
    "",
    ["text", "int", "int", "int"],
  );
  return toIndex.size;
}
