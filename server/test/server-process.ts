import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { ADMIN_LOGIN, ADMIN_PASSWORD } from "./helper.js";
import { totpCode } from "../services/two-factor.js";

/**
 * The first administrator of a test server process is created enrolled with this secret
 * (ADMIN_TOTP_SECRET): the admin role requires two-factor login. Each store logs its
 * admin in once, so a code is never replayed.
 */
export const PROCESS_ADMIN_TOTP_SECRET = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";

const root = path.resolve(import.meta.dirname, "..", "..");

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything the process wrote to stdout (its JSON log) so far. */
  output(): string;
  /** Waits for the process to end (after a kill). */
  exited: Promise<number | null>;
}

/**
 * The real server (server/main.ts through tsx) in its own process, on a free port, for
 * the tests that need what app.inject cannot give: a kill -9, real sockets. It uses the
 * store buildTestApp would: DATA_DIR's SQLite, or a fresh schema of TEST_DATABASE_URL.
 */
export interface ServerStore {
  dataDir: string;
  env: Record<string, string>;
  /** Removes the directory and drops the schema. */
  dispose(): Promise<void>;
}

export function makeServerStore(): ServerStore {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lampstand-proc-"));
  const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
  const schema = databaseUrl
    ? `p_${randomBytes(6).toString("hex")}`
    : undefined;
  return {
    dataDir,
    env: {
      DATA_DIR: dataDir,
      ...(databaseUrl && schema
        ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema }
        : {}),
    },
    async dispose() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl && schema) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        } finally {
          await client.end();
        }
      }
    },
  };
}

export async function startServerProcess(
  store: ServerStore,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "server", "main.ts")],
    {
      cwd: root,
      env: {
        ...process.env,
        ...store.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        ADMIN_LOGIN,
        ADMIN_PASSWORD,
        ADMIN_TOTP_SECRET: PROCESS_ADMIN_TOTP_SECRET,
        LOG_LEVEL: "info",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += String(chunk)));
  child.stderr!.on("data", (chunk) => (stderr += String(chunk)));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const deadline = Date.now() + 60_000;
  while (!stdout.includes("lampstand ready")) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not start:\n${stdout}\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => stdout,
    exited,
  };
}

/** Logs in as the seeded administrator and answers the bearer token. */
export async function loginAdmin(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/tjc/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      loginName: ADMIN_LOGIN,
      password: ADMIN_PASSWORD,
      otp: totpCode(PROCESS_ADMIN_TOTP_SECRET),
    }),
  });
  const body = (await response.json()) as { data: { token: string } };
  return body.data.token;
}
