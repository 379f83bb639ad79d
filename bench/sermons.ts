/**
 * The sermon list with tags (issue 11's Performance section), part of `npm run bench`:
 * 1. seeds SERMON_ROWS (100,000) sermons into a fresh store built by the real migrations,
 *    with their tags (the tag_ids column and content_tags, as the workflow writes them):
 *    one tag on most sermons, the filtered tag (青年, Youth) on about 2%, a keyword (撒种)
 *    in about 1% of the titles; then builds the word index as the first start would;
 * 2. starts the built server and a bare raw-SQL yardstick (bench/raw-sermons.ts) on it;
 * 3. checks both answer the same ids and total, then loads, in alternating slices:
 *    the list filtered by the tag sorted by preachedOn DESC (page 1 and a deeper page),
 *    and the same with the keyword.
 * Prints the figures and PASS/FAIL per target; exits 1 only on a real error (a failed
 * request, a server that does not start, answers that differ).
 *
 * Environment (all optional): SERMON_ROWS (100000), BENCH_DURATION (6 s per run),
 * BENCH_ROUNDS (3), BENCH_CONNECTIONS (10), BENCH_DATABASE_URL (a PostgreSQL server to
 * use instead of SQLite; a fresh database is created and dropped), SERMON_KEEP (keep the
 * SQLite store to EXPLAIN its queries; its path is printed; `seed` stops before the load),
 * SERMON_STORE (a data directory so kept: load it again without seeding; SERMON_ROWS must
 * say its size).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { sql } from "kysely";
import { openStore } from "../server/db/store.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { seedDatabase } from "../server/services/seed.js";
import {
  countSeeded,
  FILTERED_TAG,
  KEYWORD,
  seed,
  type Seeded,
} from "./sermon-seed.js";
import { alternate, type LoadOptions, type LoadResult } from "./load.js";
import {
  BENCH_TOTP_SECRET,
  ensureServerBuilt,
  freePort,
  killChildren,
  ROOT,
  sessionHeaders,
  startProcess,
  startServer,
  stopProcess,
  waitReady,
} from "./processes.js";

const ROWS = Number(process.env.SERMON_ROWS ?? 100_000);
const LOAD: LoadOptions = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  seconds: Number(process.env.BENCH_DURATION ?? 6),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  warmupSeconds: 2,
};
const PG_URL = process.env.BENCH_DATABASE_URL || undefined;
/** A SQLite data directory kept by SERMON_KEEP, to load again without seeding. */
const REUSE = process.env.SERMON_STORE || undefined;
const ADMIN_LOGIN = "bench-admin";
const ADMIN_PASSWORD = "bench-password-not-secret";
const ADMIN = { login: ADMIN_LOGIN, password: ADMIN_PASSWORD };
const PAGE = 25;
async function getJson(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  const body = (await response.json()) as {
    code: number;
    data: { list: { id: number }[]; total: number; highlights?: unknown };
  };
  if (response.status !== 200 || body.code !== 0)
    throw new Error(
      `${url} answered ${response.status}: ${JSON.stringify(body)}`,
    );
  return body.data;
}

const fmt = (value: number, digits = 0) => value.toFixed(digits);

async function main(): Promise<number> {
  ensureServerBuilt();
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), "lampstand-sermons-"));
  const dataDir = REUSE ?? path.join(temp, "data");
  let databaseUrl: string | undefined;
  let pgName: string | undefined;
  const admin = PG_URL
    ? new pg.Client({ connectionString: PG_URL })
    : undefined;
  try {
    if (admin) {
      await admin.connect();
      pgName = `lampstand_sermon_bench_${process.pid}`;
      await admin.query(`CREATE DATABASE "${pgName}"`);
      const url = new URL(PG_URL!);
      url.pathname = `/${pgName}`;
      databaseUrl = url.toString();
    }
    const store = await openStore({ dataDir, databaseUrl });
    let seeded: Seeded;
    let likeCount: number;
    try {
      await migrateToLatest(store.db, store.kind);
      if (REUSE) seeded = await countSeeded(store);
      else {
        await seedDatabase(store, {
          adminLogin: ADMIN_LOGIN,
          adminPassword: ADMIN_PASSWORD,
          adminTotpSecret: BENCH_TOTP_SECRET,
          announce: () => {},
        });
        seeded = await seed(store, ROWS);
      }
      likeCount = Number(
        (
          await sql<{
            n: number;
          }>`select count(*) as n from sermons where title like ${`%${KEYWORD}%`}`.execute(
            store.db,
          )
        ).rows[0]!.n,
      );
    } finally {
      await store.close();
    }
    const kind = databaseUrl ? "postgres" : "sqlite";
    console.log(
      `sermon bench (${kind}): ${ROWS} sermons seeded in ${fmt(seeded.ms / 1000, 1)} s ` +
        `(word index ${fmt(seeded.indexMs / 1000, 1)} s); tag ${FILTERED_TAG} on ${seeded.tagged} ` +
        `(${fmt((100 * seeded.tagged) / ROWS, 1)}%), "${KEYWORD}" in ${seeded.withKeyword} ` +
        `(${fmt((100 * seeded.withKeyword) / ROWS, 1)}%), both ${seeded.taggedWithKeyword}`,
    );
    if (likeCount !== seeded.withKeyword)
      throw new Error(
        `"${KEYWORD}" is in ${likeCount} titles, not the ${seeded.withKeyword} planted`,
      );

    const { base, server } = await startServer({
      dataDir,
      databaseUrl,
      admin: ADMIN,
      noWeb: path.join(temp, "no-web"),
    });
    const rawPort = await freePort();
    const rawBase = `http://127.0.0.1:${rawPort}`;
    const raw = startProcess(
      ["--import", "tsx", path.join(ROOT, "bench/raw-sermons.ts")],
      {
        PORT: String(rawPort),
        DB_PATH: databaseUrl ? "" : path.join(dataDir, "lampstand.db"),
        DATABASE_URL: databaseUrl ?? "",
      },
    );
    await waitReady(`${rawBase}/hello`, raw, performance.now());
    const headers = await sessionHeaders(base, ADMIN);

    // A deeper page: about half-way through the tagged sermons (page 41 at 100,000).
    const deep =
      Math.min(1000, Math.floor(seeded.tagged / 2 / PAGE) * PAGE) || PAGE;
    const machinery = (offset: number, q?: string) =>
      `${base}/tjc/sermons?${new URLSearchParams({
        filter: JSON.stringify(
          q ? { tagId: seeded.tagId, q } : { tagId: seeded.tagId },
        ),
        sort: JSON.stringify(["preachedOn", "DESC"]),
        range: JSON.stringify([offset, offset + PAGE - 1]),
      })}`;
    const yardstick = (offset: number, term?: string) =>
      `${rawBase}/raw-sermons?${new URLSearchParams({
        tag: String(seeded.tagId),
        offset: String(offset),
        limit: String(PAGE),
        ...(term ? { term } : {}),
      })}`;
    const runs: [string, string, string, number][] = [
      ["tag, page 1", machinery(0), yardstick(0), seeded.tagged],
      [
        `tag, page ${deep / PAGE + 1}`,
        machinery(deep),
        yardstick(deep),
        seeded.tagged,
      ],
      [
        `tag + "${KEYWORD}"`,
        machinery(0, KEYWORD),
        yardstick(0, KEYWORD),
        seeded.taggedWithKeyword,
      ],
    ];

    // Fairness: the same records and total from both, and the total the seed planted.
    for (const [label, ours, theirs, expected] of runs) {
      const [a, b] = [await getJson(ours, headers), await getJson(theirs)];
      delete a.highlights; // the keyword list's highlights (issue 16): not the raw route's
      if (JSON.stringify(a) !== JSON.stringify(b) || a.total !== expected)
        throw new Error(
          `${label}: answers differ (expected total ${expected})\n` +
            `server: ${JSON.stringify(a).slice(0, 300)} … total ${a.total}, ids ${a.list.map((r) => r.id).join(",")}\n` +
            `raw:    ${JSON.stringify(b).slice(0, 300)} … total ${b.total}, ids ${b.list.map((r) => r.id).join(",")}`,
        );
    }
    console.log(
      "both servers answer the same records and totals for all three lists",
    );

    const results: [LoadResult, LoadResult][] = [];
    if (process.env.SERMON_KEEP === "seed") return 0;
    for (const [label, ours, theirs] of runs) {
      const [a, b] = await alternate(
        [
          {
            label: `${label}, machinery`,
            url: ours,
            headers,
            server: server.child,
          },
          { label: `${label}, raw SQL`, url: theirs, server: raw.child },
        ],
        LOAD,
      );
      results.push([a!, b!]);
    }
    await stopProcess(raw.child);
    await stopProcess(server.child);

    const load = os.loadavg().map((n) => n.toFixed(2));
    console.log(
      `\n${ROWS} sermons, ${kind}, ${LOAD.connections} connections, ${LOAD.seconds} s per run in ${LOAD.rounds} alternating slices; load average ${load.join(" ")}`,
    );
    console.log(
      "| run | req/s | p50 ms | p99 ms | server CPU ms/req | other load (cores) |\n|---|---:|---:|---:|---:|---:|",
    );
    for (const row of results.flat())
      console.log(
        `| ${row.label} | ${fmt(row.rps)} | ${fmt(row.p50, 1)} | ${fmt(row.p99, 1)} | ` +
          `${fmt(row.cpuMsPerRequest, 3)} | ${fmt(row.otherCores, 2)} |`,
      );
    console.log("");
    const verdicts: [string, boolean][] = [];
    for (const [a, b] of results) {
      const ratio = a.rps / b.rps;
      const slices = a.slices
        .map((rps, i) => `${fmt(rps / b.slices[i]!, 2)}×`)
        .join(", ");
      // On PostgreSQL the queries run in the database's processes, which this does not see.
      const byCpu =
        kind === "postgres"
          ? "n/a on postgres"
          : `${fmt(b.cpuMsPerRequest / a.cpuMsPerRequest, 2)}×`;
      console.log(
        `${a.label} / raw: ${fmt(ratio, 2)}× (slices ${slices}; by CPU/request ${byCpu})`,
      );
      verdicts.push([
        `${a.label} ≥ 0.75× raw SQL (${fmt(ratio, 2)}×)`,
        ratio >= 0.75,
      ]);
    }
    const keyword = results[2]![0];
    verdicts.push([
      `${keyword.label} p99 < 20 ms at ${LOAD.connections} connections (${fmt(keyword.p99, 1)} ms)`,
      keyword.p99 < 20,
    ]);
    for (const [text, pass] of verdicts)
      console.log(`${pass ? "PASS" : "FAIL"}  ${text}`);
    return 0;
  } finally {
    killChildren();
    if (process.env.SERMON_KEEP || REUSE)
      console.log(`store kept in ${dataDir}`);
    else fs.rmSync(temp, { recursive: true, force: true });
    if (admin) {
      if (pgName)
        await admin.query(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`);
      await admin.end();
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      `sermon bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  },
);
