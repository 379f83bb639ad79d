/**
 * The admin app's budgets (issue 3), measured rather than asserted in tests:
 * - initial admin JavaScript, gzip, from the built dist/web (budget 300 kB);
 * - login to an interactive tags list in headless chromium on a local server (budget 1.5 s).
 * Prints the figures and PASS/FAIL; exits 1 only on a real error.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM_PATH, chromiumLaunchOptions } from "../e2e/chromium.js";
import { BENCH_TOTP_SECRET, benchLogin } from "./processes.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const WEB = path.join(ROOT, "dist/web");
const SERVER = path.join(ROOT, "dist/server/main.js");
const BUNDLE_BUDGET_KB = 300;
const LOGIN_BUDGET_MS = 1500;
const ATTEMPTS = 5;

function initialScripts(): string[] {
  const html = fs.readFileSync(path.join(WEB, "index.html"), "utf8");
  const sources = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => match[1]!);
  return [...new Set(sources)].filter((source) =>
    source.startsWith("/assets/"),
  );
}

function initialJavaScriptKb(): { kb: number; files: string[] } {
  const files = initialScripts();
  const bytes = files.reduce(
    (sum, file) => sum + gzipSync(fs.readFileSync(path.join(WEB, file))).length,
    0,
  );
  return { kb: bytes / 1000, files };
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function main(): Promise<number> {
  if (!fs.existsSync(path.join(WEB, "index.html")) || !fs.existsSync(SERVER)) {
    const build = spawnSync("npm", ["run", "build"], {
      cwd: ROOT,
      stdio: "inherit",
    });
    if (build.status !== 0) return 1;
  }
  const bundle = initialJavaScriptKb();
  console.log(
    `initial admin JavaScript: ${bundle.kb.toFixed(1)} kB gzip in ${bundle.files.length} files`,
  );

  if (!fs.existsSync(CHROMIUM_PATH)) {
    console.log(`no browser at ${CHROMIUM_PATH}: login timing skipped`);
    return 0;
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(
    path.join(os.tmpdir(), "lampstand-bench-admin-"),
  );
  const password = "bench-admin-password";
  const server = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_LOGIN: "admin",
      ADMIN_PASSWORD: password,
      ADMIN_TOTP_SECRET: BENCH_TOTP_SECRET,
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    for (let i = 0; ; i += 1) {
      const healthy = await fetch(`${base}/tjc/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) break;
      if (i > 300) throw new Error("server did not start");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const token = await benchLogin(base, { login: "admin", password });
    for (let i = 0; i < 30; i += 1) {
      await fetch(`${base}/tjc/tags`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ name: `标签${i}`, nameEn: `Tag ${i}` }),
      });
    }
    const context = await browser.newContext({
      locale: "zh-CN",
      baseURL: base,
    });
    const page = await context.newPage();
    const timings: number[] = [];
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      await page.goto("/login?toPath=%2Fadmin%2FtagManage");
      await page.evaluate(() => {
        localStorage.removeItem("token");
        document.cookie = "user=; path=/; max-age=0";
      });
      await page.reload();
      await page.locator('input[name="loginName"]').fill("admin");
      await page.locator('input[name="password"]').fill(password);
      const started = performance.now();
      await page.locator('button[type="submit"]').click();
      await page.getByPlaceholder("搜索").waitFor({ state: "visible" });
      await page.getByRole("row").nth(1).waitFor({ state: "visible" });
      timings.push(Math.round(performance.now() - started));
    }
    const sorted = [...timings].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(
      `login → interactive tags list: ${timings.join(", ")} ms (median ${median} ms)`,
    );
    console.log("");
    console.log(
      `${bundle.kb <= BUNDLE_BUDGET_KB ? "PASS" : "FAIL"}  initial admin JS ≤ ${BUNDLE_BUDGET_KB} kB gzip (${bundle.kb.toFixed(1)} kB)`,
    );
    console.log(
      `${median < LOGIN_BUDGET_MS ? "PASS" : "FAIL"}  login → interactive tags list < ${LOGIN_BUDGET_MS} ms (median ${median} ms)`,
    );
    return 0;
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
