/**
 * `npm run bench` (after the list and admin benches): the behaviour endpoint and rollup
 * (issue 13, Performance).
 *
 * 1. Starts the built server on a fresh SQLite store, its behaviour rate limit lifted, and
 *    drives `POST /tjc/public/behavior` with batches of 20 events: batches/s and RSS.
 * 2. Writes 1,000,000 raw events into a store and times the rollup of them.
 *
 * Targets: ≥ 2,000 batches/s with RSS under 150 MB; a 1,000,000-event rollup under 10 s.
 * Environment: BENCH_DURATION (seconds, 6), BENCH_CONNECTIONS (10), BENCH_EVENTS (1000000),
 * BENCH_DATABASE_URL (postgres://…: the rollup runs on PostgreSQL instead of SQLite),
 * BENCH_PARTS (`endpoint`, `rollup` or both, the default).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql, type Kysely } from "kysely";
import { openStore, type Store } from "../server/db/store.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { rollUp, statsDay } from "../server/behavior/rollup.js";
import {
  BENCH_TOTP_SECRET,
  ensureServerBuilt,
  freePort,
  killChildren,
  rssBytes,
  stopProcess,
  waitReady,
  startServerProcess,
} from "./processes.js";

const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
/** A PostgreSQL server for the rollup part (a schema of its own, dropped after). */
const PG_URL = process.env.BENCH_DATABASE_URL || undefined;
const MB = 1024 * 1024;
/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const CLOCK_TICKS = 100;

function batch(): string {
  const now = Date.now();
  const events = Array.from({ length: 20 }, (_, i) => ({
    type: i % 5 === 4 ? "event" : "pageview",
    app: "public",
    visitorId: `bench-visitor-${i % 7}`,
    sessionId: `bench-session-${i % 3}`,
    path: `/ask/${i % 4}`,
    ...(i % 5 === 4 ? { name: "bench-click" } : {}),
    at: now,
  }));
  return JSON.stringify({ events });
}

/** The user + system CPU seconds a process has used so far (/proc/<pid>/stat). */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command name (which may hold spaces) start at its closing ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / CLOCK_TICKS;
}

async function endpoint(): Promise<boolean> {
  ensureServerBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lampstand-bench-ub-"));
  const port = await freePort();
  const since = performance.now();
  const started = startServerProcess({
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    ADMIN_LOGIN: "bench-admin",
    ADMIN_PASSWORD: "bench-password-not-secret",
    ADMIN_TOTP_SECRET: BENCH_TOTP_SECRET,
    BEHAVIOR_RATE_LIMIT: "100000000",
    JOB_SCHEDULER: "off",
  });
  try {
    await waitReady(`http://127.0.0.1:${port}/tjc/health`, started, since);
    const pid = started.child.pid!;
    const startupPeak = rssBytes(pid).hwm;
    // The peak counted is the one under load: the start-up's (migrating and seeding a
    // fresh store) is printed apart. Writing 5 to clear_refs resets VmHWM (Linux).
    let peakReset = true;
    try {
      fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    } catch {
      peakReset = false;
    }
    let sampledPeak = 0;
    const sampler = setInterval(() => {
      sampledPeak = Math.max(sampledPeak, rssBytes(pid).rss);
    }, 100);
    const cpuBefore = cpuSeconds(pid);
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/tjc/public/behavior`,
      requests: [
        {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "user-agent": "bench",
          },
          body: batch(),
        },
      ],
      connections: CONNECTIONS,
      duration: DURATION,
    });
    const cpu = cpuSeconds(pid) - cpuBefore;
    clearInterval(sampler);
    const rss = rssBytes(pid);
    const peak = peakReset ? rss.hwm : Math.max(sampledPeak, rss.rss);
    const ok = result.non2xx === 0 && result.errors === 0;
    const rate = result.requests.average;
    const answered = result.requests.total;
    console.log(
      `behaviour endpoint: ${Math.round(rate)} batches/s of 20 events (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms), RSS ${(rss.rss / MB).toFixed(0)} MB (peak under load ${(peak / MB).toFixed(0)} MB, at start-up ${(startupPeak / MB).toFixed(0)} MB), non-2xx ${result.non2xx}`,
    );
    console.log(
      `  server CPU ${((cpu * 1000) / Math.max(answered, 1)).toFixed(3)} ms per batch (${cpu.toFixed(2)} s for ${answered} batches; load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")})`,
    );
    const pass = ok && rate >= 2000 && peak < 150 * MB;
    console.log(`  ${pass ? "PASS" : "FAIL"}: ≥ 2000 batches/s, RSS < 150 MB`);
    return ok;
  } finally {
    await stopProcess(started.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * 1,000,000 raw events of one day, written by one set-based INSERT … SELECT over a
 * counter (a recursive CTE: both stores), not 2,000 INSERTs from here: the seeding used
 * to take longer than the rollup it prepares (8.8 s quiet, 63 s under load 10).
 */
async function seedEvents(store: Store, day: string, occurredAt: string) {
  const db = store.db as unknown as Kysely<unknown>;
  await sql`with recursive counter(n) as (
      select 0 union all select n + 1 from counter where n + 1 < ${EVENTS}
    )
    insert into behavior_events
      (day, occurred_at, type, app, visitor_id, session_id, path, name, duration_ms,
       referrer_domain, device, ip_prefix)
    select ${day}, ${occurredAt},
      case n % 10 when 9 then 'leave' when 8 then 'event' else 'pageview' end,
      'public', 'v' || (n % 50000), 's' || (n % 80000), '/ask/' || (n % 500),
      case n % 10 when 8 then 'click-' || (n % 20) end,
      case n % 10 when 9 then n % 60000 end,
      case n % 7 when 0 then 'ref' || (n % 30) || '.example' end,
      case n % 3 when 0 then 'mobile' when 1 then 'desktop' else 'tablet' end,
      '203.0.113.0/24'
    from counter`.execute(db);
  if (store.kind === "sqlite") {
    // A day's events arrive over the day and SQLite checkpoints as they do; one huge
    // transaction left in the WAL would make the rollup read every page through it.
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
  } else {
    await sql`analyze behavior_events`.execute(db);
  }
}

async function rollup(): Promise<boolean> {
  const dataDir = fs.mkdtempSync(
    path.join(os.tmpdir(), "lampstand-bench-rollup-"),
  );
  const schema = PG_URL ? `bench_rollup_${process.pid}` : undefined;
  const store = await openStore({
    dataDir,
    databaseUrl: PG_URL,
    databaseSchema: schema,
  });
  try {
    await migrateToLatest(store.db, store.kind);
    const now = Date.now();
    const day = statsDay(now);
    const seedStart = performance.now();
    await seedEvents(store, day, new Date(now).toISOString());
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    const rows = await rollUp(store, day, day);
    const seconds = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    // On SQLite the work is this process's; on PostgreSQL it is the server's.
    const cpuNote =
      store.kind === "sqlite"
        ? `, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s of CPU`
        : "";
    console.log(
      `behaviour rollup (${store.kind}): ${EVENTS.toLocaleString("en")} raw events (written in ${seedSeconds.toFixed(1)} s) rolled up in ${seconds.toFixed(2)} s${cpuNote} into ${rows} daily rows (load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")})`,
    );
    console.log(`  ${seconds < 10 ? "PASS" : "FAIL"}: under 10 s`);
    return rows > 0;
  } finally {
    if (schema) {
      await sql`drop schema ${sql.id(schema)} cascade`
        .execute(store.db)
        .catch(() => undefined);
    }
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const PARTS = (process.env.BENCH_PARTS ?? "endpoint,rollup").split(",");

async function main(): Promise<number> {
  const endpointOk = PARTS.includes("endpoint") ? await endpoint() : true;
  const rollupOk = PARTS.includes("rollup") ? await rollup() : true;
  return endpointOk && rollupOk ? 0 : 1;
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    killChildren();
    console.error(error);
    process.exit(1);
  },
);
