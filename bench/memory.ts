/**
 * `npm run bench` (memory, issue 27 target 1): the server's RSS with everything on (the
 * job scheduler, the word index, the public pages and their page cache, the metrics
 * port) on the 100,000-tag bench store (bench/seed.ts).
 *
 * 1. Seeds the store (or copies BENCH_MEMORY_STORE, a directory holding an already seeded
 *    SQLite store; seeded there first when it is empty) and starts the built server with
 *    `npm start`'s flags, the built web apps and METRICS_PORT.
 * 2. Idle: VmRSS two seconds after the administrator's login.
 * 3. The list at 10 connections (page 50 of the tags sorted by name, with its total, as
 *    bench/run.ts loads it) for BENCH_MEMORY_LIST_S seconds (10); the peak is the VmHWM
 *    over that load alone (reset before it), then VmRSS a second after it.
 * 4. A mixed pass over every route group (mixedPass below): every list and settings
 *    page of the admin API, writes of tags, sermons, users and jobs, uploads, a CSV export
 *    of the 100,000 tags, the public site's pages rendered by React, the public API,
 *    behaviour events and the OpenAPI document; then VmRSS a second after it.
 * 5. Prints the three figures side by side with PASS/FAIL. Exits 1 only on a real error
 *    (a server that does not start, a request that fails or answers an error).
 *
 * Environment: BENCH_ROWS (100000), BENCH_MEMORY_LIST_S (10), BENCH_CONNECTIONS (10),
 * BENCH_MEMORY_STORE, BENCH_DATABASE_URL (postgres://…: a fresh database instead).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "kysely";
import { openStore } from "../server/db/store.js";
import { seedTagStore } from "./seed.js";
import {
  BENCH_TOTP_SECRET,
  finishBench,
  createBenchDatabase,
  dropBenchDatabase,
  ensureServerBuilt,
  freePort,
  killChildren,
  resetPeak,
  ROOT,
  rssBytes,
  sessionHeaders,
  sleep,
  startServer,
  stopProcess,
  startSettings,
} from "./processes.js";
import { mixedPass } from "./mixed-pass.js";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const LIST_SECONDS = Number(process.env.BENCH_MEMORY_LIST_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const KEPT_STORE = process.env.BENCH_MEMORY_STORE || undefined;
const PG_URL = process.env.BENCH_DATABASE_URL || undefined;
const ADMIN = {
  login: "bench-admin",
  password: "bench-password-not-secret",
  totpSecret: BENCH_TOTP_SECRET,
};
const MB = 1024 * 1024;
const TARGETS = { idle: 120, after: 150, peak: 180 };

const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "lampstand-memory-"));
function cleanupSync(): void {
  killChildren();
  fs.rmSync(tempDir, { recursive: true, force: true });
}
process.on("exit", cleanupSync);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    cleanupSync();
    dropBenchDatabase().finally(() => process.exit(130));
  });
}

async function seed(dataDir: string, databaseUrl?: string): Promise<void> {
  const store = await openStore({ dataDir, databaseUrl });
  try {
    await seedTagStore(store, ROWS, ADMIN);
    if (store.kind === "postgres")
      await sql`VACUUM ANALYZE tags`.execute(store.db);
  } finally {
    await store.close();
  }
}

/** The store the server runs on: a copy of BENCH_MEMORY_STORE's, or a fresh one. */
async function prepareStore(): Promise<{
  dataDir: string;
  databaseUrl?: string;
}> {
  const dataDir = path.join(tempDir, "data");
  if (PG_URL) {
    const databaseUrl = await createBenchDatabase(PG_URL, "lampstand_memory");
    await seed(dataDir, databaseUrl);
    return { dataDir, databaseUrl };
  }
  if (!KEPT_STORE) {
    await seed(dataDir);
    return { dataDir };
  }
  if (!fs.existsSync(path.join(KEPT_STORE, "lampstand.db")))
    await seed(KEPT_STORE);
  fs.mkdirSync(dataDir, { recursive: true });
  for (const name of fs.readdirSync(KEPT_STORE))
    if (name.startsWith("lampstand.db"))
      fs.copyFileSync(path.join(KEPT_STORE, name), path.join(dataDir, name));
  return { dataDir };
}

const fmt = (bytes: number) => (bytes / MB).toFixed(1);

async function main(): Promise<number> {
  console.log(
    `Lampstand memory bench: ${ROWS} tags, everything on (scheduler, word index, public pages ` +
      `and page cache, metrics); server settings: ${startSettings()}; ` +
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")}`,
  );
  ensureServerBuilt();
  if (!fs.existsSync(path.join(ROOT, "dist/web/index.html")))
    throw new Error("dist/web is not built: npm run build:web");
  const { dataDir, databaseUrl } = await prepareStore();
  const { base, server } = await startServer({
    dataDir,
    databaseUrl,
    admin: ADMIN,
    env: { METRICS_PORT: String(await freePort()) },
    // A loaded machine has taken more than 30 s to start on PostgreSQL's 100,000 tags.
    readyMs: 180_000,
  });
  const pid = server.child.pid!;
  const headers = await sessionHeaders(base, ADMIN);
  await sleep(2000);
  const idle = rssBytes(pid).rss;

  const peakReset = resetPeak(pid);
  const params = new URLSearchParams({
    sort: JSON.stringify(["name", "ASC"]),
    range: JSON.stringify([1225, 1249]),
  });
  const list = await autocannon({
    url: `${base}/tjc/tags?${params}`,
    headers,
    connections: CONNECTIONS,
    duration: LIST_SECONDS,
  });
  const bad = list.errors + list.timeouts + list.non2xx;
  if (bad > 0) throw new Error(`the list answered ${bad} errors`);
  const peak = rssBytes(pid).hwm;
  await sleep(1000);
  const afterList = rssBytes(pid).rss;

  const pass = await mixedPass(base, headers, (stage) =>
    process.stdout.write(
      `  ${stage.padEnd(34)} RSS ${fmt(rssBytes(pid).rss)} MB\n`,
    ),
  );
  await sleep(1000);
  const afterMixed = rssBytes(pid);
  await stopProcess(server.child);

  console.log(
    `\nlist: ${Math.round(list.requests.average)} req/s at ${CONNECTIONS} connections for ${LIST_SECONDS} s; ` +
      `mixed pass: ${pass.requests} requests over ${pass.groups} route groups`,
  );
  console.log(
    `| idle | after the list | peak under the list${peakReset ? "" : " (since start)"} | after the mixed pass | its peak |\n` +
      `|---:|---:|---:|---:|---:|\n` +
      `| ${fmt(idle)} MB | ${fmt(afterList)} MB | ${fmt(peak)} MB | ${fmt(afterMixed.rss)} MB | ${fmt(afterMixed.hwm)} MB |`,
  );
  const verdict = (pass: boolean, text: string) =>
    console.log(`${pass ? "PASS" : "FAIL"}  ${text}`);
  verdict(
    idle <= TARGETS.idle * MB,
    `RSS idle ≤ ${TARGETS.idle} MB (${fmt(idle)} MB)`,
  );
  verdict(
    Math.max(afterList, afterMixed.rss) <= TARGETS.after * MB,
    `RSS after the list and after the mixed pass ≤ ${TARGETS.after} MB (${fmt(afterList)} MB, ${fmt(afterMixed.rss)} MB)`,
  );
  verdict(
    peak <= TARGETS.peak * MB,
    `RSS peak under the ${CONNECTIONS}-connection list ≤ ${TARGETS.peak} MB (${fmt(peak)} MB)`,
  );
  return 0;
}

finishBench(main(), cleanupSync, "memory bench");
