/**
 * `npm run bench -- soak`: a long run at about 70% of the measured maximum over a mix of
 * reads and writes, to find what short benchmarks miss: errors under sustained load,
 * latency that creeps up, memory that grows.
 *
 * 1. Seeds SOAK_ROWS tags (10,000) into a temporary SQLite store (or SOAK_DATABASE_URL's
 *    PostgreSQL server, in a database of its own) and starts the built server.
 * 2. Measures the maximum rate of the mix with SOAK_CONNECTIONS connections for
 *    SOAK_CALIBRATE seconds (10).
 * 3. Runs the mix at SOAK_LOAD (0.7) of that rate for SOAK_DURATION seconds (300), and
 *    reports per SOAK_WINDOW seconds (30) the rate, p99 and the server's RSS.
 * 4. Prints errors (goal 0) and RSS growth from the end of the first window to the end
 *    (goal under 10%), PASS/FAIL each, and exits 1 only on a real error.
 *
 * The mix, per connection in turn: a list page, a keyword search, one tag by id, the
 * health check, then a create and the delete of what was created (the table stays the
 * same size, so memory growth is not data growth).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon, { type Request as LoadRequest } from "autocannon";
import { openStore } from "../server/db/store.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { seedDatabase } from "../server/services/seed.js";
import { COMMON_KEYWORD, seedTags } from "./seed.js";
import {
  BENCH_TOTP_SECRET,
  createBenchDatabase,
  dropBenchDatabase,
  ensureServerBuilt,
  freePort,
  killChildren,
  rssBytes,
  sleep,
  stopProcess,
  waitReady,
  startServerProcess,
  startSettings,
} from "./processes.js";

const ROWS = Number(process.env.SOAK_ROWS ?? 10_000);
const DURATION = Number(process.env.SOAK_DURATION ?? 300);
const WINDOW = Number(process.env.SOAK_WINDOW ?? 30);
const CALIBRATE = Number(process.env.SOAK_CALIBRATE ?? 10);
const LOAD = Number(process.env.SOAK_LOAD ?? 0.7);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 10);
const PG_URL = process.env.SOAK_DATABASE_URL || undefined;
const ADMIN_LOGIN = "soak-admin";
const ADMIN_PASSWORD = "soak-password-not-secret";
const MB = 1024 * 1024;

let tempDir: string | undefined;

function cleanupSync(): void {
  killChildren();
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  tempDir = undefined;
}
process.on("exit", cleanupSync);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    cleanupSync();
    dropBenchDatabase().finally(() => process.exit(130));
  });
}

/** The request mix; each connection keeps the id it created so it can delete it. */
function mix(headers: Record<string, string>): LoadRequest[] {
  const json = { ...headers, "content-type": "application/json" };
  // Names unique to this run: a tag the calibration created and never deleted (cut off
  // between its create and delete) must not collide with the soak's.
  const run = randomBytes(4).toString("hex");
  let created = 0;
  const list = (query: Record<string, unknown>) =>
    `/tjc/tags?${new URLSearchParams(
      Object.fromEntries(
        Object.entries(query).map(([key, value]) => [
          key,
          JSON.stringify(value),
        ]),
      ),
    )}`;
  return [
    {
      method: "GET",
      path: list({ sort: ["name", "ASC"], range: [0, 24] }),
      headers,
    },
    {
      method: "GET",
      path: list({ filter: { q: COMMON_KEYWORD }, range: [0, 24] }),
      headers,
    },
    {
      method: "GET",
      path: "/tjc/tags/1",
      headers,
      setupRequest: (request) => ({
        ...request,
        path: `/tjc/tags/${1 + Math.floor(Math.random() * ROWS)}`,
      }),
    },
    { method: "GET", path: "/tjc/health", headers },
    {
      method: "POST",
      path: "/tjc/tags",
      headers: json,
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({
          name: `soak ${run} ${(created += 1)}`,
        }),
      }),
      onResponse: (_status, body, context) => {
        try {
          context.id = (JSON.parse(body) as { data?: { id?: number } }).data
            ?.id;
        } catch {
          context.id = undefined;
        }
      },
    },
    {
      method: "DELETE",
      path: "/tjc/tags/0",
      headers,
      setupRequest: (request, context) =>
        context.id === undefined
          ? { ...request, method: "GET", path: "/tjc/health" }
          : { ...request, path: `/tjc/tags/${String(context.id)}` },
    },
  ];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

const fmt = (value: number, digits = 0) =>
  value.toLocaleString("en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });

async function main(): Promise<number> {
  const cpu = os.cpus();
  console.log(
    `Lampstand soak: ${DURATION}s at ${fmt(LOAD * 100)}% of the measured maximum, ` +
      `${CONNECTIONS} connections, windows of ${WINDOW}s, ${ROWS} tags`,
  );
  console.log(
    `machine: ${cpu.length} × ${cpu[0]?.model ?? "?"}, Node ${process.version} ` +
      `(server settings: ${startSettings()}); the load generator shares the cores`,
  );
  ensureServerBuilt();
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "lampstand-soak-"));
  const dataDir = path.join(tempDir, "data");
  const databaseUrl = PG_URL
    ? await createBenchDatabase(PG_URL, "lampstand_soak")
    : undefined;
  console.log(`store: ${databaseUrl ? "postgres" : "sqlite"}`);

  const store = await openStore({ dataDir, databaseUrl });
  try {
    await migrateToLatest(store.db, store.kind);
    await seedDatabase(store, {
      adminLogin: ADMIN_LOGIN,
      adminPassword: ADMIN_PASSWORD,
      adminTotpSecret: BENCH_TOTP_SECRET,
      announce: () => {},
    });
    await seedTags(store, ROWS);
  } finally {
    await store.close();
  }

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServerProcess({
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? "",
    ADMIN_LOGIN,
    ADMIN_PASSWORD,
    ADMIN_TOTP_SECRET: BENCH_TOTP_SECRET,
    LOG_LEVEL: "warn",
    WEB_DIR: path.join(tempDir, "no-web"),
  });
  await waitReady(`${base}/tjc/health`, server, performance.now());
  const login = (await (
    await fetch(`${base}/tjc/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        loginName: ADMIN_LOGIN,
        password: ADMIN_PASSWORD,
      }),
    })
  ).json()) as { code: number; data: { token: string } };
  if (login.code !== 0)
    throw new Error(`login failed: ${JSON.stringify(login)}`);
  const headers = {
    authorization: `Bearer ${login.data.token}`,
    "accept-language": "en-US",
  };
  const pid = server.child.pid!;

  // The maximum: the mix as fast as the connections go.
  const calibration = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: CALIBRATE,
    requests: mix(headers),
  });
  const maxRate = calibration.requests.average;
  const rate = Math.max(1, Math.round(maxRate * LOAD));
  console.log(
    `maximum: ${fmt(maxRate)} req/s (p99 ${fmt(calibration.latency.p99)} ms, ` +
      `${calibration.errors + calibration.non2xx} errors); soaking at ${fmt(rate)} req/s`,
  );
  await sleep(2000);

  // The soak, sampled per window from the responses as they land.
  const windows: {
    latencies: number[];
    errors: number;
    rss: number;
  }[] = [];
  let current = { latencies: [] as number[], errors: 0, rss: 0 };
  const failedStatuses = new Map<number, number>();
  const run = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    overallRate: rate,
    requests: mix(headers),
  });
  run.on("response", (_client, statusCode, _bytes, responseTimeMs) => {
    current.latencies.push(responseTimeMs);
    if (statusCode >= 400) {
      current.errors += 1;
      failedStatuses.set(statusCode, (failedStatuses.get(statusCode) ?? 0) + 1);
    }
  });
  const startedAt = performance.now();
  const sampler = setInterval(() => {
    current.rss = rssBytes(pid).rss;
    windows.push(current);
    const index = windows.length;
    const sorted = [...current.latencies].sort((a, b) => a - b);
    console.log(
      `  ${String(index * WINDOW).padStart(4)}s  ${fmt(current.latencies.length / WINDOW).padStart(6)} req/s  ` +
        `p50 ${fmt(percentile(sorted, 0.5), 1).padStart(6)} ms  p99 ${fmt(percentile(sorted, 0.99), 1).padStart(6)} ms  ` +
        `errors ${current.errors}  RSS ${fmt(current.rss / MB, 1)} MB`,
    );
    current = { latencies: [], errors: 0, rss: 0 };
  }, WINDOW * 1000);
  const result = await run;
  clearInterval(sampler);
  const elapsed = (performance.now() - startedAt) / 1000;
  const finalRss = rssBytes(pid).rss;
  await stopProcess(server.child);
  await dropBenchDatabase();

  const errors = result.errors + result.timeouts + result.non2xx;
  const firstRss = windows[0]?.rss ?? finalRss;
  const growth = (finalRss - firstRss) / firstRss;
  console.log(
    `\n${fmt(result.requests.total)} requests in ${fmt(elapsed)} s (${fmt(result.requests.total / elapsed)} req/s); ` +
      `p50 ${fmt(result.latency.p50, 1)} ms, p99 ${fmt(result.latency.p99, 1)} ms overall`,
  );
  console.log(
    `${errors === 0 ? "PASS" : "FAIL"}  errors: ${errors} (${result.errors} socket, ${result.timeouts} timeouts, ${result.non2xx} non-2xx${
      failedStatuses.size > 0
        ? `: ${[...failedStatuses].map(([status, count]) => `${count}× ${status}`).join(", ")}`
        : ""
    }; goal 0)`,
  );
  console.log(
    `${growth < 0.1 ? "PASS" : "FAIL"}  RSS growth: ${fmt(firstRss / MB, 1)} MB after the first window → ` +
      `${fmt(finalRss / MB, 1)} MB at the end (${growth >= 0 ? "+" : ""}${fmt(growth * 100, 1)}%; goal under 10%)`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(error);
    cleanupSync();
    await dropBenchDatabase().catch(() => {});
    process.exit(1);
  },
);
