/**
 * What a second search structure costs (issue 27 target 2): SQLite's FTS5 trigram table
 * with its triggers, which migration 0037 dropped, against none, side by side in one run
 * on two fresh stores. For STRUCTURE_ROWS sermons (20,000) it times their insert (500 a
 * transaction, as an import writes), one update of every row's title and summary, and the
 * substring search (a word that is no term of the word index, counted over the table),
 * then gives the database file's size. Prints the figures; docs/search.md records them.
 *
 * Run: npx tsx bench/search-structures.ts (SQLite only; PostgreSQL's trigram indexes are
 * measured the same way with BENCH_DATABASE_URL set).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { openStore, type Store } from "../server/db/store.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { createSearchIndex, keywordCondition } from "../server/db/search.js";
import { mulberry32 } from "./seed.js";
import { SENTENCES } from "./sermon-seed.js";

const ROWS = Number(process.env.STRUCTURE_ROWS ?? 20_000);
const PG_URL = process.env.BENCH_DATABASE_URL || undefined;
const SPEC = {
  table: "sermons",
  columns: ["title", "preacher", "series", "passage", "summary"],
};
// No term of the word index: the part of a sentence across a word boundary.
const SUBSTRING = "住地祷";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

function* rows(count: number) {
  const random = mulberry32(37);
  const pick = (list: string[]) => list[Math.floor(random() * list.length)]!;
  const stamp = "2026-01-01T00:00:00.000Z";
  for (let i = 1; i <= count; i++) {
    yield {
      id: i,
      title: `${pick(["撒种的比喻", "信心的功课", "恩典与真理"])}（${i}）`,
      titlePinyin: `sa zhong ${i}`,
      preacher: pick(["王弟兄", "李传道", "陈长老"]),
      series: pick(["马太福音", "罗马书", "诗篇"]),
      serviceType: "sabbath",
      preachedOn: "2026-01-01",
      passage: pick(["约翰福音 3:16", "Romans 8:28", "诗篇 23:1"]),
      summary: pick(SENTENCES),
      body: `<p>${pick(SENTENCES)}</p><p>${pick(SENTENCES)}</p>`,
      status: "published",
      publishAt: null,
      publishedAt: stamp,
      tagIds: "[]",
      views: 0,
      createdAt: stamp,
      updatedAt: stamp,
    };
  }
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

interface Trial {
  insertMs: number;
  updateMs: number;
  scanMs: number;
  /** The substring count through the second structure, where there is one. */
  indexedMs?: number;
  matches: number;
  bytes: number;
}

async function trial(
  store: Store,
  second: boolean,
  count = ROWS,
): Promise<Trial> {
  const db = store.db as unknown as Db;
  await migrateToLatest(db, store.kind);
  // The structure migrations 0001–0012 made and 0037 dropped.
  if (second) await createSearchIndex(db, store.kind, SPEC);
  const insertMs = await time(async () => {
    let batch = [];
    for (const row of rows(count)) {
      batch.push(row);
      if (batch.length === 500) {
        const values = batch;
        await store.transaction((trx) =>
          trx.insertInto("sermons").values(values).execute(),
        );
        batch = [];
      }
    }
    if (batch.length > 0)
      await db.insertInto("sermons").values(batch).execute();
  });
  const updateMs = await time(() =>
    store.transaction((trx) =>
      sql`update sermons set title = title || '·', summary = summary || '·'`.execute(
        trx,
      ),
    ),
  );
  let matches = 0;
  const scanMs = await time(async () => {
    const row = await db
      .selectFrom("sermons")
      .select((eb) => eb.fn.countAll().as("total"))
      .where(keywordCondition(store.kind, SPEC, SUBSTRING))
      .executeTakeFirstOrThrow();
    matches = Number(row.total);
  });
  // The same count through the second structure, as the fallback ran before 0037.
  let indexedMs: number | undefined;
  if (second && store.kind === "sqlite")
    indexedMs = await time(() =>
      sql`select count(*) from sermons_fts where sermons_fts match ${`"${SUBSTRING}"`}`.execute(
        db,
      ),
    );
  else if (second)
    indexedMs = await time(() =>
      sql`select count(*) from sermons where title ilike ${`%${SUBSTRING}%`} or preacher ilike ${`%${SUBSTRING}%`} or series ilike ${`%${SUBSTRING}%`} or passage ilike ${`%${SUBSTRING}%`} or summary ilike ${`%${SUBSTRING}%`}`.execute(
        db,
      ),
    );
  return {
    insertMs,
    updateMs,
    scanMs,
    indexedMs,
    matches,
    bytes: await size(store),
  };
}

async function size(store: Store): Promise<number> {
  if (store.kind === "postgres") {
    const { rows: found } = await sql<{
      bytes: string;
    }>`select pg_total_relation_size('sermons') as bytes`.execute(store.db);
    return Number(found[0]!.bytes);
  }
  await sql`pragma wal_checkpoint(truncate)`.execute(store.db);
  const { rows: found } = await sql<{
    bytes: number;
  }>`select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()`.execute(
    store.db,
  );
  return Number(found[0]!.bytes);
}

async function withStore<T>(work: (store: Store) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lampstand-fts-"));
  let databaseUrl: string | undefined;
  let admin: pg.Client | undefined;
  const name = `lampstand_fts_${process.pid}_${Date.now()}`;
  if (PG_URL) {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const store = await openStore({ dataDir, databaseUrl });
  try {
    return await work(store);
  } finally {
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    }
  }
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

// A small round of each first, so neither side pays for warming up.
await withStore((store) => trial(store, false, 1000));
await withStore((store) => trial(store, true, 1000));
const without = await withStore((store) => trial(store, false));
const withSecond = await withStore((store) => trial(store, true));
const label = PG_URL ? "pg_trgm GIN per column" : "FTS5 trigram + triggers";
console.log(`${ROWS} sermons on ${PG_URL ? "PostgreSQL" : "SQLite"}`);
console.log(`                 word index only   with ${label}`);
for (const [name, a, b] of [
  ["insert", ms(without.insertMs), ms(withSecond.insertMs)],
  ["update all", ms(without.updateMs), ms(withSecond.updateMs)],
  [
    `substring ${SUBSTRING}`,
    `${ms(without.scanMs)} (${without.matches})`,
    `${ms(withSecond.scanMs)} (${withSecond.matches})`,
  ],
  [
    "  via the index",
    "-",
    withSecond.indexedMs === undefined ? "-" : ms(withSecond.indexedMs),
  ],
  ["size", mb(without.bytes), mb(withSecond.bytes)],
] as const)
  console.log(`${name.padEnd(17)}${a.padEnd(18)}${b}`);
console.log(
  `write cost of the second structure: insert ×${(withSecond.insertMs / without.insertMs).toFixed(2)}, update ×${(withSecond.updateMs / without.updateMs).toFixed(2)}`,
);
