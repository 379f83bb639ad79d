#!/usr/bin/env node
// Runs the Playwright suite against the built app served by the real server:
// build when dist/ is missing or older than the sources, start the server on a free port
// with a fresh store (a fresh PostgreSQL database when TEST_DATABASE_URL is set), run
// `playwright test` (extra arguments are passed on), stop the server, exit with
// Playwright's code. In CI a missing browser fails the run instead of skipping it.
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const isCI = ["1", "true"].includes(String(process.env.CI ?? "").toLowerCase());
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const adminLogin = process.env.E2E_ADMIN_LOGIN ?? "e2e-admin";
const adminPassword =
  process.env.E2E_ADMIN_PASSWORD ??
  `E2e-${randomBytes(9).toString("base64url")}`;
// The administrator is created already enrolled in two-factor login (issue 24 item 5):
// e2e/admin-session.ts computes its codes. 20 random bytes, base32.
const adminTotpSecret =
  process.env.E2E_ADMIN_TOTP_SECRET ?? base32(randomBytes(20));
const serverEntry = join(root, "dist/server/main.js");

function base32(bytes) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}
const webEntry = join(root, "dist/web/index.html");

function log(message) {
  console.log(`[e2e] ${message}`);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function buildIsStale() {
  if (!existsSync(serverEntry) || !existsSync(webEntry)) return true;
  const built = Math.min(
    statSync(serverEntry).mtimeMs,
    statSync(webEntry).mtimeMs,
  );
  const sources = [
    "src",
    "public-site",
    "common",
    "server",
    "fixtures",
    "index.html",
    "vite.config.ts",
    "package-lock.json",
    "tsconfig.json",
  ];
  return sources.some((source) => newestMtime(join(root, source)) > built);
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(baseUrl, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/tjc/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms`);
}

async function createTestDatabase(adminUrl) {
  const { default: pg } = await import("pg");
  const name = `lampstand_e2e_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** Addresses at this domain are refused at RCPT TO with 550, as an unknown mailbox is. */
const REFUSED_MAIL_DOMAIN = "@refused.example.org";

/**
 * A real SMTP server on 127.0.0.1 that the app sends its mail to: each message is written
 * to `dir` as `<n>.eml`, where the specs read it (e2e/mail.ts). Mail to
 * REFUSED_MAIL_DOMAIN is refused, so a failed delivery can be shown too.
 */
async function startMailSink(dir) {
  const { SMTPServer } = await import("smtp-server");
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().endsWith(REFUSED_MAIL_DOMAIN)) {
        const error = new Error("mailbox unavailable");
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        count += 1;
        writeFileSync(
          join(dir, `${String(count).padStart(6, "0")}.eml`),
          Buffer.concat(chunks),
        );
        callback();
      });
    },
  });
  await new Promise((resolveListen) =>
    server.listen(0, "127.0.0.1", resolveListen),
  );
  return {
    port: server.server.address().port,
    close: () => new Promise((resolveClose) => server.close(resolveClose)),
  };
}

/** Runs a command to its end and answers its exit code (null when killed by a signal). */
function runChild(command, args, options) {
  return new Promise((resolveRun, rejectRun) => {
    const child = spawn(command, args, options);
    child.once("error", rejectRun);
    child.once("exit", (code) => resolveRun(code));
  });
}

function stopServer(server) {
  return new Promise((resolveStop) => {
    if (server.exitCode !== null || server.signalCode !== null)
      return resolveStop();
    const killTimer = setTimeout(() => server.kill("SIGKILL"), 10_000);
    server.once("exit", () => {
      clearTimeout(killTimer);
      resolveStop();
    });
    server.kill("SIGTERM");
  });
}

async function main() {
  if (!existsSync(chromiumPath)) {
    const message = `no browser at ${chromiumPath} (apt-get install -y chromium fonts-wqy-microhei)`;
    if (isCI) {
      console.error(`[e2e] FAIL: ${message}`);
      return 1;
    }
    log(`SKIPPED: ${message}`);
    return 0;
  }

  if (process.env.E2E_SKIP_BUILD !== "1" && buildIsStale()) {
    log("dist/ is missing or older than the sources: npm run build");
    const build = spawnSync("npm", ["run", "build"], {
      cwd: root,
      stdio: "inherit",
    });
    if (build.status !== 0) return build.status ?? 1;
  }

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "lampstand-e2e-"));
  const mailDir = mkdtempSync(join(tmpdir(), "lampstand-e2e-mail-"));
  const mailSink = await startMailSink(mailDir);
  let database = null;
  const serverEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    // Every e2e member signs up from 127.0.0.1.
    SIGN_UPS_PER_IP_PER_HOUR: "0",
    // ...and every spec logs in from it too: the coarse per-address login cap (30 a minute)
    // would refuse the suite, while the failure throttle under test stays as it is.
    LOGINS_PER_IP_PER_MINUTE: "1000",
    // ...and asks for its reset and confirmation links from it (10 an hour otherwise).
    MAIL_LINKS_PER_IP_PER_HOUR: "0",
    ADMIN_LOGIN: adminLogin,
    ADMIN_PASSWORD: adminPassword,
    ADMIN_TOTP_SECRET: adminTotpSecret,
    // The crawler's spec crawls a site the spec serves on loopback (docs/crawler.md).
    SPIDER_ALLOW_PRIVATE: "true",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    // The live channel preview plays a stream served on loopback (e2e/live.spec.ts).
    STREAM_CONNECT_SOURCES:
      process.env.STREAM_CONNECT_SOURCES ?? "http://127.0.0.1:*",
    // Mail goes over real SMTP to the sink above; links in it point at this server.
    SMTP_URL: `smtp://127.0.0.1:${mailSink.port}`,
    // Specs that sign members up and post at once keep working: the rule that a member
    // confirms their address first is off here (e2e/verify-email.spec.ts says why).
    REQUIRE_VERIFIED_EMAIL: "false",
    MAIL_FROM: "lampstand-e2e@example.org",
    PUBLIC_ORIGIN: baseUrl,
    MAIL_TICK_MS: "300",
    // Every browser and API client of the suite's workers connects from 127.0.0.1: the cap
    // of 64 open connections an address (against slow-loris) reset their connections, as
    // it would a proxy's, where it is off too (server/http/connection-limit.ts).
    MAX_CONNECTIONS_PER_IP: "0",
    // Playwright's API clients keep connections open with no idle limit of their own, like
    // a proxy: a request sent as the server closed an idle connection after 5 s was reset
    // (ECONNRESET on a PUT in spiders.spec.ts after a 20 s wait). The server keeps them
    // longer than any test lasts, as docs/operations.md asks of a proxy.
    KEEP_ALIVE_TIMEOUT_MS: "300000",
    // Passwords hash at scrypt N=2^10, not 2^15: the suite signs in hundreds of times and
    // each production hash is ~80 ms of CPU on the 2 cores the browsers share
    // (docs/decisions.md, "A cheaper password hash in tests").
    LAMPSTAND_TEST_SCRYPT_N: "1024",
    NODE_ENV: "production",
  };
  delete serverEnv.DATABASE_URL;
  const storeName = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";
  if (process.env.TEST_DATABASE_URL) {
    database = await createTestDatabase(process.env.TEST_DATABASE_URL);
    serverEnv.DATABASE_URL = database.url;
    log(`store: PostgreSQL ${new URL(database.url).pathname.slice(1)}`);
  } else {
    log("store: SQLite");
  }

  const server = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: serverEnv,
    stdio: ["ignore", "inherit", "inherit"],
  });
  let exitCode = 1;
  try {
    await waitForHealth(baseUrl, server, 60_000);
    log(`server ready at ${baseUrl}`);
    // Not spawnSync: this process keeps serving the mail sink while the specs run.
    const playwright = await runChild(
      join(root, "node_modules/.bin/playwright"),
      ["test", ...process.argv.slice(2)],
      {
        cwd: root,
        stdio: "inherit",
        env: {
          ...process.env,
          E2E_BASE_URL: baseUrl,
          E2E_ADMIN_LOGIN: adminLogin,
          E2E_ADMIN_PASSWORD: adminPassword,
          E2E_ADMIN_TOTP_SECRET: adminTotpSecret,
          // The shared administrator session and the last code step used (both workers).
          E2E_ADMIN_STATE: join(dataDir, "e2e-admin-session.json"),
          CHROMIUM_PATH: chromiumPath,
          E2E_MAIL_DIR: mailDir,
          // Each store's screenshots, traces and report apart: the two passes may run at once.
          E2E_OUTPUT_DIR: join(root, "test-results", storeName),
          E2E_REPORT_DIR: join(root, "playwright-report", storeName),
        },
      },
    );
    exitCode = playwright ?? 1;
  } catch (error) {
    console.error(`[e2e] ${error instanceof Error ? error.message : error}`);
    exitCode = 1;
  } finally {
    await stopServer(server);
    if (database)
      await database
        .drop()
        .catch((e) => console.error("[e2e] drop failed:", e));
    await mailSink.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  }
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
