/**
 * The word index on sermons (issue 16), part of `npm run bench`:
 * 1. seeds SEARCH_ROWS (100,000) sermons with bodies of about 2 KB of Chinese text
 *    straight into a fresh store (as an import would), then times the index build;
 * 2. records the index's size;
 * 3. starts the built server and loads a two-character Chinese word query (`祷告`) on the
 *    sermons list, checking its total against the index's own document count and a
 *    substring scan of the same rows.
 * Prints the figures and PASS/FAIL; exits 1 only on a real error.
 *
 * Environment (all optional): SEARCH_ROWS (100000), BENCH_DURATION (6),
 * BENCH_CONNECTIONS (10), BENCH_DATABASE_URL (a PostgreSQL server to use instead of
 * SQLite; a fresh database is created and dropped), SEARCH_KEEP_DIR (SQLite) or
 * SEARCH_KEEP_DB (PostgreSQL: that database, made afresh and left afterwards) to keep the
 * seeded store for a look with EXPLAIN.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { sql } from "kysely";
import { openStore, type Store } from "../server/db/store.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { seedDatabase } from "../server/services/seed.js";
import { ensureIndexBuilt } from "../server/db/index-build.js";
import { sermonResource } from "../server/routes/sermons/index.js";
import {
  BENCH_TOTP_SECRET,
  ensureServerBuilt,
  killChildren,
  sessionHeaders,
  startServer,
  stopProcess,
} from "./processes.js";
import { mulberry32 } from "./seed.js";

const ROWS = Number(process.env.SEARCH_ROWS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_URL = process.env.BENCH_DATABASE_URL || undefined;
const ADMIN_LOGIN = "bench-admin";
const ADMIN_PASSWORD = "bench-password-not-secret";
const WORD = "祷告";
const BODY_CHARS = 680; // about 2 KB of UTF-8

// Sentences of the kind sermons are written in; the bodies are drawn from them.
const SENTENCES = [
  "我们要常常喜乐，不住地祷告，凡事谢恩。",
  "神爱世人，甚至将他的独生子赐给他们，叫一切信他的，不至灭亡，反得永生。",
  "你们要先求他的国和他的义，这些东西都要加给你们了。",
  "信就是所望之事的实底，是未见之事的确据。",
  "我靠着那加给我力量的，凡事都能做。",
  "应当一无挂虑，只要凡事藉着祷告、祈求和感谢，将你们所要的告诉神。",
  "爱是恒久忍耐，又有恩慈；爱是不嫉妒，爱是不自夸，不张狂。",
  "耶稣说：我就是道路、真理、生命；若不藉着我，没有人能到父那里去。",
  "弟兄姊妹在安息日聚会，一同敬拜赞美，查考圣经。",
  "教会的青年团契每周聚会，分享见证，彼此代求。",
  "我们在患难中也是欢欢喜喜的，因为知道患难生忍耐，忍耐生老练，老练生盼望。",
  "你们祈求，就给你们；寻找，就寻见；叩门，就给你们开门。",
  "圣灵所结的果子，就是仁爱、喜乐、和平、忍耐、恩慈、良善、信实、温柔、节制。",
  "正如约翰福音3章16节所说，神爱世人。",
  "Romans 8:28 says that all things work together for good.",
  "The Lord is my shepherd; I shall not want.",
  "Grace and peace to you from God our Father.",
];
const PLAIN = SENTENCES.filter((sentence) => !sentence.includes(WORD));
const WITH_WORD = SENTENCES.filter((sentence) => sentence.includes(WORD));

/** Sermon `i`: about 1 in 10 bodies holds the word. */
function* sermons(count: number) {
  const random = mulberry32(16);
  const base = Date.parse("2020-01-01T00:00:00.000Z");
  for (let i = 0; i < count; i++) {
    const parts: string[] = [];
    let length = 0;
    const withWord = i % 10 === 3;
    while (length < BODY_CHARS) {
      const pool = withWord && parts.length === 2 ? WITH_WORD : PLAIN;
      const sentence = pool[Math.floor(random() * pool.length)]!;
      parts.push(`<p>${sentence}</p>`);
      length += sentence.length;
    }
    const stamp = new Date(base + i * 60_000).toISOString();
    yield {
      title: `讲道 ${i + 1}`,
      titlePinyin: `jiang dao ${String(i + 1).padStart(7, "0")}`,
      preacher: `传道 ${i % 50}`,
      preachedOn: stamp.slice(0, 10),
      body: parts.join(""),
      status: "published",
      createdAt: stamp,
      updatedAt: stamp,
    };
  }
}

async function seed(store: Store): Promise<void> {
  let batch: ReturnType<typeof sermons> extends Generator<infer T>
    ? T[]
    : never = [];
  const flush = async () => {
    const rows = batch;
    batch = [];
    await store.transaction((trx) =>
      trx.insertInto("sermons").values(rows).execute(),
    );
  };
  for (const row of sermons(ROWS)) {
    batch.push(row);
    if (batch.length === 500) await flush();
  }
  if (batch.length > 0) await flush();
}

/** The index's size in bytes and how it was read, or NaN where SQLite has no dbstat. */
async function indexBytes(
  store: Store,
  dataDir: string,
): Promise<{ bytes: number; label: string }> {
  const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (store.kind === "postgres") {
    const { rows } = await sql<{
      bytes: string;
    }>`select sum(pg_total_relation_size(c)) as bytes from unnest(array['search_terms','search_docs','passage_refs']::regclass[]) c`.execute(
      store.db,
    );
    const bytes = Number(rows[0]!.bytes);
    return {
      bytes,
      label: `${mb(bytes)} (postgres, tables and their indexes)`,
    };
  }
  try {
    const { rows } = await sql<{
      bytes: number;
    }>`select sum(pgsize) as bytes from dbstat where name like 'search_%' or name like 'sqlite_autoindex_search_%' or name like 'passage_refs%'`.execute(
      store.db,
    );
    const bytes = Number(rows[0]!.bytes);
    return { bytes, label: `${mb(bytes)} (sqlite dbstat)` };
  } catch {
    const file = fs.statSync(path.join(dataDir, "lampstand.db")).size;
    return {
      bytes: Number.NaN,
      label: `database file ${mb(file)} in all (no dbstat)`,
    };
  }
}

/** The UTF-8 bytes of the text the sermons' index is built from (issue 27: index ≤ 2×). */
async function indexedTextBytes(store: Store): Promise<number> {
  // The definition names the table's own columns, as SQL does.
  const { table, columns: text, html = [] } = sermonResource.search!;
  const columns = [...text, ...html];
  const size = (column: string) =>
    store.kind === "postgres"
      ? `coalesce(octet_length(${column}), 0)`
      : `coalesce(length(cast(${column} as blob)), 0)`;
  const { rows } = await sql<{ bytes: number | string }>`select sum(${sql.raw(
    columns.map(size).join(" + "),
  )}) as bytes from ${sql.table(table)}`.execute(store.db);
  return Number(rows[0]!.bytes);
}

/**
 * CPU seconds spent so far by every PostgreSQL server process on this machine (the bench
 * points at 127.0.0.1), read from /proc; undefined where there is none.
 */
function postgresCpuSeconds(): number | undefined {
  if (!fs.existsSync("/proc")) return undefined;
  let ticks = 0;
  for (const pid of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      if (!name.startsWith("postgres")) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks / 100; // USER_HZ
}

async function main(): Promise<number> {
  ensureServerBuilt();
  // SEARCH_KEEP_DIR (SQLite): a directory kept between runs; a store already seeded there
  // is reused as it is, so a change to the query side is measured without a rebuild.
  const kept = PG_URL ? undefined : process.env.SEARCH_KEEP_DIR;
  // SEARCH_KEEP_DB (PostgreSQL): the database to seed, build and leave for a look after.
  const keptDatabase = PG_URL ? process.env.SEARCH_KEEP_DB : undefined;
  if (kept) fs.mkdirSync(kept, { recursive: true });
  const temp =
    kept ?? fs.mkdtempSync(path.join(os.tmpdir(), "lampstand-search-"));
  const dataDir = path.join(temp, "data");
  let databaseUrl: string | undefined;
  let pgName: string | undefined;
  const admin = PG_URL
    ? new pg.Client({ connectionString: PG_URL })
    : undefined;
  try {
    if (admin) {
      await admin.connect();
      pgName = keptDatabase ?? `lampstand_search_bench_${process.pid}`;
      await admin.query(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${pgName}"`);
      const url = new URL(PG_URL!);
      url.pathname = `/${pgName}`;
      databaseUrl = url.toString();
    }
    const reused =
      kept !== undefined && fs.existsSync(path.join(dataDir, "lampstand.db"));
    const store = await openStore({ dataDir, databaseUrl });
    let buildMs = Number.NaN;
    let size: { bytes: number; label: string };
    let textBytes: number;
    let indexCount: number;
    let scanCount: number;
    try {
      if (reused) console.log(`search bench: reusing the store in ${kept}`);
      else {
        await migrateToLatest(store.db, store.kind);
        await seedDatabase(store, {
          adminLogin: ADMIN_LOGIN,
          adminPassword: ADMIN_PASSWORD,
          adminTotpSecret: BENCH_TOTP_SECRET,
          announce: () => {},
        });
        const seedStart = performance.now();
        await seed(store);
        console.log(
          `search bench (${store.kind}): seeded ${ROWS} sermons with ~2 KB bodies in ${(performance.now() - seedStart).toFixed(0)} ms`,
        );
        const started = performance.now();
        const cpuBefore = process.cpuUsage();
        const pgBefore = postgresCpuSeconds();
        await ensureIndexBuilt(store.db, store.kind, sermonResource.search);
        buildMs = performance.now() - started;
        // CPU time, unlike the wall time, barely moves with the machine's other load.
        const cpu = process.cpuUsage(cpuBefore);
        const pgAfter = postgresCpuSeconds();
        console.log(
          `index build CPU: this process ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (worker threads included)` +
            (store.kind === "postgres" && pgBefore !== undefined
              ? `, PostgreSQL's processes ${(pgAfter! - pgBefore).toFixed(1)} s`
              : ""),
        );
      }
      if (store.kind === "postgres")
        await sql`VACUUM ANALYZE search_docs`.execute(store.db);
      size = await indexBytes(store, dataDir);
      textBytes = await indexedTextBytes(store);
      indexCount = Number(
        (
          await sql<{
            n: number;
          }>`select doc_count as n from search_terms where tbl = 'sermons' and term = ${WORD}`.execute(
            store.db,
          )
        ).rows[0]?.n ?? 0,
      );
      scanCount = Number(
        (
          await sql<{
            n: number;
          }>`select count(*) as n from sermons where body like ${`%${WORD}%`} or title like ${`%${WORD}%`}`.execute(
            store.db,
          )
        ).rows[0]!.n,
      );
    } finally {
      await store.close();
    }
    console.log(
      `index build: ${(buildMs / 1000).toFixed(1)} s for ${ROWS} sermons; index size ${size.label}; ` +
        `indexed text ${(textBytes / 1024 ** 2).toFixed(1)} MB (UTF-8)`,
    );

    const bench = { login: ADMIN_LOGIN, password: ADMIN_PASSWORD };
    const { base, server } = await startServer({
      dataDir,
      databaseUrl,
      admin: bench,
      noWeb: path.join(temp, "no-web"),
    });
    const headers = await sessionHeaders(base, bench);
    const url = `${base}/tjc/sermons?${new URLSearchParams({
      filter: JSON.stringify({ q: WORD }),
      range: "[0,19]",
    })}`;
    const first = (await (await fetch(url, { headers })).json()) as {
      data: { total: number; list: unknown[] };
    };
    await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
    // "Served in under 5 ms" is one request's time: measured at one connection, where
    // nothing queues in front of it. The 10-connection run reports throughput and p99.
    const single = await autocannon({
      url,
      headers,
      connections: 1,
      duration: DURATION,
    });
    const result = await autocannon({
      url,
      headers,
      connections: CONNECTIONS,
      duration: DURATION,
    });
    await stopProcess(server.child);
    const bad =
      result.errors +
      result.timeouts +
      result.non2xx +
      single.errors +
      single.timeouts +
      single.non2xx;
    if (bad > 0) throw new Error(`${bad} failed requests`);
    const p50 = single.latency.p50;
    console.log(
      `"${WORD}" on ${ROWS} sermons: total ${first.data.total} (index ${indexCount}, substring scan ${scanCount}); ` +
        `1 connection: ${single.requests.average.toFixed(0)} req/s, p50 ${p50} ms, p99 ${single.latency.p99} ms; ` +
        `${CONNECTIONS} connections: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
    );
    const verdicts: [string, boolean][] = [
      [
        `two-character word query p50 < 5 ms (${p50} ms, one connection)`,
        p50 < 5,
      ],
      [
        `its total is exact (${first.data.total} = substring scan ${scanCount})`,
        first.data.total === scanCount,
      ],
    ];
    if (!Number.isNaN(size.bytes))
      verdicts.push([
        `word index ≤ 2× its text (${(size.bytes / textBytes).toFixed(2)}×: ${(size.bytes / 1024 ** 2).toFixed(1)} MB for ${(textBytes / 1024 ** 2).toFixed(1)} MB)`,
        size.bytes <= 2 * textBytes,
      ]);
    if (!Number.isNaN(buildMs))
      verdicts.push([
        `index build for ${ROWS} sermons < 60 s (${(buildMs / 1000).toFixed(1)} s)`,
        buildMs < 60_000,
      ]);
    for (const [text, pass] of verdicts)
      console.log(`${pass ? "PASS" : "FAIL"}  ${text}`);
    return 0;
  } finally {
    killChildren();
    if (!kept) fs.rmSync(temp, { recursive: true, force: true });
    if (admin) {
      if (pgName && !keptDatabase)
        await admin.query(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`);
      await admin.end();
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      `search bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  },
);
