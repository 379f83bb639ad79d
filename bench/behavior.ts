/**
 * `npm run bench` (after the list and admin benches): the behaviour endpoint and rollup
 * (issue 13, Performance).
 *
 * 1. Starts the built server on a fresh SQLite store, its behaviour rate limit lifted, and
 *    drives `POST /tjc/public/behavior` with batches of 20 events: batches/s and RSS.
 * 2. Writes 1,000,000 raw events into a store and times the rollup of them.
 *
 * Targets: ≥ 2,000 batches/s with RSS under 150 MB; a 1,000,000-event rollup under 10 s.
 * Environment: BENCH_DURATION (seconds, 6), BENCH_CONNECTIONS (10), BENCH_EVENTS (1000000).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openStore } from "../server/db/store.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { rollUp, statsDay } from "../server/behavior/rollup.js";
import {
  ensureServerBuilt,
  freePort,
  killChildren,
  rssBytes,
  SERVER_ENTRY,
  START_FLAGS,
  startProcess,
  stopProcess,
  waitReady,
} from "./processes.js";

const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
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
  const started = startProcess([...START_FLAGS, SERVER_ENTRY], {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    ADMIN_LOGIN: "bench-admin",
    ADMIN_PASSWORD: "bench-password-not-secret",
    BEHAVIOR_RATE_LIMIT: "100000000",
    JOB_SCHEDULER: "off",
  });
  try {
    await waitReady(`http://127.0.0.1:${port}/tjc/health`, started, since);
    const pid = started.child.pid!;
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
    const rss = rssBytes(pid);
    const ok = result.non2xx === 0 && result.errors === 0;
    const rate = result.requests.average;
    const answered = result.requests.total;
    console.log(
      `behaviour endpoint: ${Math.round(rate)} batches/s of 20 events (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms), RSS ${(rss.rss / MB).toFixed(0)} MB (peak ${(rss.hwm / MB).toFixed(0)} MB), non-2xx ${result.non2xx}`,
    );
    console.log(
      `  server CPU ${((cpu * 1000) / Math.max(answered, 1)).toFixed(3)} ms per batch (${cpu.toFixed(2)} s for ${answered} batches; load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")})`,
    );
    const pass = ok && rate >= 2000 && rss.hwm < 150 * MB;
    console.log(`  ${pass ? "PASS" : "FAIL"}: ≥ 2000 batches/s, RSS < 150 MB`);
    return ok;
  } finally {
    await stopProcess(started.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function rollup(): Promise<boolean> {
  const dataDir = fs.mkdtempSync(
    path.join(os.tmpdir(), "lampstand-bench-rollup-"),
  );
  const store = await openStore({ dataDir });
  try {
    await migrateToLatest(store.db, store.kind);
    const now = Date.now();
    const day = statsDay(now);
    const occurredAt = new Date(now).toISOString();
    const seedStart = performance.now();
    await store.transaction(async (trx) => {
      for (let i = 0; i < EVENTS; i += 500) {
        await trx
          .insertInto("behaviorEvents")
          .values(
            Array.from({ length: Math.min(500, EVENTS - i) }, (_, j) => {
              const n = i + j;
              const type =
                n % 10 === 9 ? "leave" : n % 10 === 8 ? "event" : "pageview";
              return {
                day,
                occurredAt,
                type,
                app: "public",
                visitorId: `v${n % 50_000}`,
                sessionId: `s${n % 80_000}`,
                path: `/ask/${n % 500}`,
                name: type === "event" ? `click-${n % 20}` : null,
                durationMs: type === "leave" ? n % 60_000 : null,
                referrerDomain: n % 7 === 0 ? `ref${n % 30}.example` : null,
                device: ["mobile", "desktop", "tablet"][n % 3]!,
                ipPrefix: "203.0.113.0/24",
              };
            }),
          )
          .execute();
      }
    });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const start = performance.now();
    const rows = await rollUp(store, day, day);
    const seconds = (performance.now() - start) / 1000;
    console.log(
      `behaviour rollup: ${EVENTS.toLocaleString("en")} raw events (written in ${seedSeconds.toFixed(1)} s) rolled up in ${seconds.toFixed(2)} s into ${rows} daily rows`,
    );
    console.log(`  ${seconds < 10 ? "PASS" : "FAIL"}: under 10 s`);
    return rows > 0;
  } finally {
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const endpointOk = await endpoint();
  const rollupOk = await rollup();
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
