// The server processes the benchmarks start, watch and stop (bench/run.ts, bench/soak.ts).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
);
export const SERVER_ENTRY = path.join(ROOT, "dist/server/main.js");

/**
 * The Node flags `npm start` gives the server (package.json), so the bench measures the
 * process users run.
 */
export const START_FLAGS = (
  JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    scripts: { start: string };
  }
).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith("--"));

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
  /** A directory with no web build in it: the bench measures the API alone. */
  noWeb: string;
}): Promise<{ base: string; server: Started }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startProcess([...START_FLAGS, SERVER_ENTRY], {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? "",
    ADMIN_LOGIN: options.admin.login,
    ADMIN_PASSWORD: options.admin.password,
    LOG_LEVEL: "warn",
    WEB_DIR: options.noWeb,
  });
  await waitReady(`${base}/tjc/health`, server, performance.now());
  return { base, server };
}

/** Logs in and answers the headers of an English-speaking API client with that session. */
export async function sessionHeaders(
  base: string,
  admin: { login: string; password: string },
): Promise<Record<string, string>> {
  const response = await fetch(`${base}/tjc/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ loginName: admin.login, password: admin.password }),
  });
  const body = (await response.json()) as {
    code: number;
    data: { token: string };
  };
  if (body.code !== 0) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return {
    authorization: `Bearer ${body.data.token}`,
    "accept-language": "en-US",
  };
}
