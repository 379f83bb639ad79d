// The server processes the benchmarks start, watch and stop (bench/run.ts, bench/soak.ts).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Secret, TOTP } from "otpauth";
import pg from "pg";
import {
  SERVER_MALLOC_ENV,
  SERVER_NODE_FLAGS,
  serverEnv,
} from "../scripts/server-process.mjs";

export const ROOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
);
export const SERVER_ENTRY = path.join(ROOT, "dist/server/main.js");

/** The Node flags `npm start` gives the server, so the bench measures the process users run. */
export const START_FLAGS = SERVER_NODE_FLAGS;

/** `npm start`'s flags and malloc settings as the bench's server gets them, for a report. */
export function startSettings(): string {
  const env = serverEnv(process.env);
  const malloc = Object.keys(SERVER_MALLOC_ENV).map(
    (name) => `${name}=${env[name]}`,
  );
  return [...START_FLAGS, ...malloc].join(" ");
}

/**
 * Starts the built server with `npm start`'s flags and environment (its malloc settings,
 * where the bench's environment does not set them), and `env`.
 */
export function startServerProcess(
  env: Record<string, string | undefined>,
): Started {
  return startProcess(
    [...START_FLAGS, SERVER_ENTRY],
    serverEnv({ ...process.env, ...env }),
  );
}

const children = new Set<ChildProcess>();

/** Kills every process started here that is still running (on exit or a signal). */
export function killChildren(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null)
      child.kill("SIGKILL");
  }
  children.clear();
}

export interface Started {
  child: ChildProcess;
  output: () => string;
}

export function startProcess(
  args: string[],
  env: Record<string, string | undefined>,
): Started {
  // BENCH_CPU_PROF=<dir>: every process a bench starts writes a V8 CPU profile there.
  const profile = process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.on("exit", () => children.delete(child));
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  return { child, output: () => output };
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `url` every 10 ms until it answers 200; returns the ms since `since`. */
export async function waitReady(
  url: string,
  started: Started,
  since: number,
  timeoutMs = 30_000,
): Promise<number> {
  for (;;) {
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      throw new Error(
        `process exited before it was ready:\n${started.output()}`,
      );
    }
    try {
      const response = await fetch(url);
      if (response.status === 200) {
        await response.arrayBuffer();
        return performance.now() - since;
      }
    } catch {
      // not listening yet
    }
    if (performance.now() - since > timeoutMs) {
      throw new Error(
        `not ready after ${timeoutMs} ms: ${url}\n${started.output()}`,
      );
    }
    await sleep(10);
  }
}

export function rssBytes(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1]) * 1024;
  return { rss: field("VmRSS"), hwm: field("VmHWM") };
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (/\.(ts|json)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
      newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

export function ensureServerBuilt(): void {
  const built = fs.existsSync(SERVER_ENTRY)
    ? fs.statSync(SERVER_ENTRY).mtimeMs
    : 0;
  const sources = Math.max(
    newestMtime(path.join(ROOT, "server")),
    newestMtime(path.join(ROOT, "common")),
  );
  if (built >= sources) return;
  console.log("dist/server/main.js is missing or stale: npm run build:server");
  const result = spawnSync("npm", ["run", "build:server"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("npm run build:server failed");
}

/** Starts the built server on `dataDir` (or PostgreSQL) on a free loopback port. */
export async function startServer(options: {
  dataDir: string;
  databaseUrl?: string;
  admin: { login: string; password: string };
  /**
   * A directory with no web build in it: the bench measures the API alone. Left out, the
   * server serves the built apps (dist/web), for the public pages' benches.
   */
  noWeb?: string;
  /** More environment for the server (METRICS_PORT, JOB_SCHEDULER, …). */
  env?: Record<string, string>;
  /** How long it may take to answer its health check (30 s). */
  readyMs?: number;
}): Promise<{ base: string; server: Started }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServerProcess({
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? "",
    ADMIN_LOGIN: options.admin.login,
    ADMIN_PASSWORD: options.admin.password,
    ADMIN_TOTP_SECRET: BENCH_TOTP_SECRET,
    LOG_LEVEL: "warn",
    ...(options.noWeb ? { WEB_DIR: options.noWeb } : {}),
    ...options.env,
  });
  await waitReady(
    `${base}/tjc/health`,
    server,
    performance.now(),
    options.readyMs,
  );
  return { base, server };
}

/**
 * The benches' administrator's two-factor secret (base32): the seeded `admin` role
 * requires two-factor login, so every bench store and server creates its first
 * administrator already enrolled with it (ADMIN_TOTP_SECRET, docs/operations.md).
 */
export const BENCH_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** The administrator's current code; a code works once, so a second login waits a step. */
function benchCode(): string {
  return new TOTP({ secret: Secret.fromBase32(BENCH_TOTP_SECRET) }).generate();
}

/** Logs in (with the code) and answers the session's token. */
export async function benchLogin(
  base: string,
  admin: { login: string; password: string },
): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const response = await fetch(`${base}/tjc/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        loginName: admin.login,
        password: admin.password,
        otp: benchCode(),
      }),
    });
    const body = (await response.json()) as {
      code: number;
      data: { token: string; otpRequired?: boolean };
    };
    if (body.code === 0) return body.data.token;
    // This step's code was used by the bench's previous login: the next step's is new.
    if (!body.data?.otpRequired)
      throw new Error(`login failed: ${JSON.stringify(body)}`);
    await sleep(30_000 - (Date.now() % 30_000) + 200);
  }
  throw new Error("login failed: no code was accepted in three steps");
}

/** Logs in and answers the headers of an English-speaking API client with that session. */
export async function sessionHeaders(
  base: string,
  admin: { login: string; password: string },
): Promise<Record<string, string>> {
  return {
    authorization: `Bearer ${await benchLogin(base, admin)}`,
    "accept-language": "en-US",
  };
}

let benchDatabase: { adminUrl: string; name: string } | undefined;

/**
 * Creates a fresh PostgreSQL database on `url`'s server for one bench run and answers its
 * URL; dropBenchDatabase drops it (on success, failure or a signal).
 */
export async function createBenchDatabase(
  url: string,
  prefix: string,
): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  benchDatabase = { adminUrl: url, name };
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

export async function dropBenchDatabase(): Promise<void> {
  if (!benchDatabase) return;
  const { adminUrl, name } = benchDatabase;
  benchDatabase = undefined;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Ends a bench: its exit code (1 with the error printed when it threw), after the cleanup
 * and the drop of its PostgreSQL database.
 */
export function finishBench(
  run: Promise<number>,
  cleanup: () => void,
  label: string,
): void {
  run
    .then(
      (code) => code,
      (error: unknown) => {
        console.error(
          `${label} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        return 1;
      },
    )
    .then(async (code) => {
      cleanup();
      await dropBenchDatabase().catch((error: unknown) =>
        console.error(`could not drop the bench database: ${String(error)}`),
      );
      process.exit(code);
    });
}

/** Resets a process's VmHWM to its current RSS; false where the kernel refuses. */
export function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}
