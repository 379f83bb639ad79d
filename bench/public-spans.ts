/**
 * `NODE_ENV=production SERMON_STORE=<dir> npx tsx bench/public-spans.ts`: where the time of one public
 * content page goes (issue 23), in one process without the network: reading the page's
 * data, rendering it (React, the head, the hydration data), gzip, and the whole request
 * through Fastify (`app.inject`), for a sermon's page and for `/sermons` filtered by a
 * book and a keyword. SERMON_STORE is a SQLite data directory kept by
 * `SERMON_KEEP=seed npx tsx bench/public-content.ts` (or BENCH_DATABASE_URL, a PostgreSQL
 * database so seeded). Run it with `node --cpu-prof --import tsx bench/public-spans.ts`
 * for a profile of the same work. SPAN_ROUNDS (300) requests of each are timed after
 * 50 to warm up. Prints the mean and p99 of each span, in ms.
 */
import path from "node:path";
import { gzipSync } from "node:zlib";
import { loadConfig } from "../server/config.js";
import { buildServer } from "../server/server.js";
import { loadContentPage } from "../server/public-site/content-pages.js";
import { renderPublicPage } from "../server/public-site/render.js";
import { inlineStylesheets } from "../server/public-site/inline-css.js";
import { ROOT } from "./processes.js";
import { KEYWORD } from "./sermon-seed.js";
import fs from "node:fs";

const ROUNDS = Number(process.env.SPAN_ROUNDS ?? 300);
const WARMUP = 50;

async function main(): Promise<void> {
  // React's development build is several times slower: the server runs the production one.
  if (process.env.NODE_ENV !== "production")
    throw new Error("run with NODE_ENV=production, as the server is");
  const webDir = path.join(ROOT, "dist/web");
  const config = loadConfig({
    ...process.env,
    DATA_DIR: process.env.SERMON_STORE,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
    WEB_DIR: webDir,
    LOG_LEVEL: "silent",
    JOB_SCHEDULER: "off",
  });
  const app = await buildServer({ config, logger: false, announce: () => {} });
  await app.ready();
  const template = inlineStylesheets(
    fs.readFileSync(path.join(webDir, "public-site/index.html"), "utf8"),
    webDir,
  );
  // The bench's sermon (audio, video, a 3,000-character body), else the newest.
  const found = await app.store.db
    .selectFrom("sermons")
    .select("id")
    .where("status", "=", "published")
    .orderBy("audioFileId", "desc")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const id = String(found.id);
  const pages: [
    string,
    string,
    Record<string, string>,
    Record<string, string>,
  ][] = [
    ["sermon page", "/sermons/:id", { id }, {}],
    [
      "/sermons?book=Luke&q=" + KEYWORD,
      "/sermons",
      {},
      { book: "Luke", q: KEYWORD },
    ],
  ];
  for (const [label, route, params, query] of pages) {
    const spans: Record<string, number[]> = {
      "read the data": [],
      "render the whole page": [],
      "  of it, JSON of the data": [],
      gzip: [],
      "whole request (inject, rendered each time)": [],
    };
    const url =
      route === "/sermons/:id"
        ? `/sermons/${id}`
        : `/sermons?${new URLSearchParams(query)}`;
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const keep = i >= WARMUP;
      const time = async <T>(span: string, work: () => T | Promise<T>) => {
        const t0 = performance.now();
        const out = await work();
        if (keep) spans[span]!.push(performance.now() - t0);
        return out;
      };
      const data = await time("read the data", () =>
        loadContentPage(app, route, params, query, "zh-CN"),
      );
      const html = await time("render the whole page", () =>
        renderPublicPage(template, data, "zh-CN", "http://127.0.0.1"),
      );
      await time("  of it, JSON of the data", () => JSON.stringify(data));
      await time("gzip", () => gzipSync(html));
      await time("whole request (inject, rendered each time)", async () => {
        const response = await app.inject({
          url: `${url}${url.includes("?") ? "&" : "?"}_=${i}`,
          headers: { "accept-encoding": "gzip" },
        });
        if (response.statusCode !== 200)
          throw new Error(`${url}: ${response.statusCode}`);
      });
    }
    console.log(`\n${label} (${url}), ${ROUNDS} rounds`);
    console.log("| span | mean ms | p99 ms |\n|---|---:|---:|");
    for (const [span, times] of Object.entries(spans)) {
      const sorted = times.sort((a, b) => a - b);
      const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
      const p99 = sorted[Math.floor(sorted.length * 0.99)]!;
      console.log(`| ${span} | ${mean.toFixed(3)} | ${p99.toFixed(3)} |`);
    }
  }
  await app.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
