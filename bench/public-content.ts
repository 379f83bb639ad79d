/**
 * `npx tsx bench/public-content.ts` (also run by `npm run bench`): the public content
 * pages (issue 23's figures), on SQLite or, with BENCH_DATABASE_URL, on PostgreSQL.
 *
 * 1. Seeds 100,000 sermons (bench/sermon-seed.ts) into a fresh store built by the real
 *    migrations, and starts the built server with the built apps.
 * 2. Publishes one sermon as an office would, through the API: a recording, a video file
 *    and a 3,000-character body.
 * 3. Loads, in alternating slices at 10 connections, that sermon's server-rendered page
 *    and the JSON API for the same sermon (`/tjc/sermons/:id`: `/tjc/public/*` is
 *    rate-limited per client); then `/sermons` filtered by a book of
 *    the Bible and a keyword.
 * 4. Prints the gzip size of the JS the public pages load before they are interactive.
 * 5. Runs Lighthouse 12 (mobile preset, bench/lighthouse.ts) on `/sermons` and on the
 *    sermon's page.
 * Targets (PASS/FAIL): the sermon page's p99 ≤ 20 ms and ≥ 0.8× the JSON API's req/s,
 * both as served (the 2 s page cache on) and rendered for every request;
 * `/sermons?book=&q=` p99 ≤ 20 ms on SQLite, ≤ 30 ms on PostgreSQL; JS ≤ 110 KB gzip;
 * every Lighthouse score ≥ 95. Exits 1 only on a real error.
 * Environment: SERMON_ROWS (100000), BENCH_DURATION (6 s per run), BENCH_ROUNDS (3),
 * BENCH_CONNECTIONS (10), BENCH_DATABASE_URL, BENCH_LIGHTHOUSE=0 to leave Lighthouse out,
 * SERMON_KEEP (keep the SQLite store or PostgreSQL database; its path or name is printed; `seed` stops before the load),
 * SERMON_STORE (a data directory so kept: load it again without seeding; SERMON_ROWS must
 * say its size), as bench/sermons.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openStore } from "../server/db/store.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { seedDatabase } from "../server/services/seed.js";
import { alternate, type LoadOptions, type LoadResult } from "./load.js";
import {
  LIGHTHOUSE_CATEGORIES,
  lighthouseScores,
  type LighthouseScores,
} from "./lighthouse.js";
import {
  BENCH_TOTP_SECRET,
  ensureServerBuilt,
  killChildren,
  ROOT,
  sessionHeaders,
  startServer,
  stopProcess,
} from "./processes.js";
import { publicJsGzipBytes } from "./public-js.js";
import { KEYWORD, seed } from "./sermon-seed.js";

const ROWS = Number(process.env.SERMON_ROWS ?? 100_000);
const LOAD: LoadOptions = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  seconds: Number(process.env.BENCH_DURATION ?? 6),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  warmupSeconds: 2,
};
const PG_URL = process.env.BENCH_DATABASE_URL || undefined;
/** A SQLite data directory kept by SERMON_KEEP, to load again without seeding. */
const REUSE = process.env.SERMON_STORE || undefined;
const ADMIN = { login: "bench-admin", password: "bench-password-not-secret" };
/** The book the library is filtered by: one the seed's passages name (Luke 10, 15). */
const BOOK = "Luke";
const JS_BUDGET_BYTES = 110 * 1024;
const fmt = (value: number, digits = 0) => value.toFixed(digits);

async function api(
  base: string,
  headers: Record<string, string>,
  method: string,
  url: string,
  body?: object | { file: string; mime: string },
): Promise<{ id: number }> {
  let init: RequestInit = { method, headers };
  if (body && "file" in body) {
    const form = new FormData();
    form.append(
      "file",
      new Blob(
        [fs.readFileSync(path.join(ROOT, "fixtures/media", body.file))],
        {
          type: body.mime,
        },
      ),
      body.file,
    );
    init = { method, headers, body: form };
  } else if (body)
    init = {
      method,
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(body),
    };
  const response = await fetch(`${base}/tjc${url}`, init);
  const answer = (await response.json()) as {
    code: number;
    data: { id: number };
  };
  if (answer.code !== 0)
    throw new Error(`${method} ${url}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** The sermon the issue names: audio, video and a 3,000-character body, published. */
async function publishSermon(
  base: string,
  headers: Record<string, string>,
): Promise<number> {
  const audio = await api(base, headers, "POST", "/files", {
    file: "sample.mp3",
    mime: "audio/mpeg",
  });
  const video = await api(base, headers, "POST", "/files", {
    file: "sample.mp4",
    mime: "video/mp4",
  });
  const paragraph =
    "神爱世人，甚至将他的独生子赐给他们，叫一切信他的，不至灭亡，反得永生。我们在安息日聚会，一同查考圣经，彼此劝勉，存感谢的心仰望神。";
  // 3,000 characters of text, in paragraphs of 150.
  const text = paragraph
    .repeat(Math.ceil(3000 / paragraph.length))
    .slice(0, 3000);
  const body = text
    .match(/[\s\S]{1,150}/g)!
    .map((part) => `<p>${part}</p>`)
    .join("");
  const sermon = await api(base, headers, "POST", "/sermons", {
    title: "活水的江河（基准）",
    preacher: "陈以撒传道",
    series: "约翰福音系列",
    serviceType: "安息日崇拜",
    preachedOn: "2026-11-21",
    passage: "约翰福音 7:37-39",
    summary: "耶稣说：人若渴了，可以到我这里来喝。",
    body,
    audioFileId: audio.id,
    videoFileId: video.id,
    status: "published",
  });
  return sermon.id;
}

async function expectOk(
  url: string,
  what: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`${what} answered ${response.status}`);
  return text;
}

interface Figures {
  page: LoadResult;
  json: LoadResult;
  cached: LoadResult;
  library: LoadResult;
  js: number;
  lighthouse: [string, LighthouseScores, string][];
}

function report(kind: string, f: Figures): void {
  const load = os.loadavg().map((n) => n.toFixed(2));
  console.log(
    `\npublic content pages, ${ROWS} sermons, ${kind}, ${LOAD.connections} connections, ` +
      `${LOAD.seconds} s per run in ${LOAD.rounds} alternating slices; load average ${load.join(" ")}`,
  );
  console.log("| run | req/s | p50 ms | p99 ms |\n|---|---:|---:|---:|");
  for (const row of [f.page, f.json, f.cached, f.library])
    console.log(
      `| ${row.label} | ${fmt(row.rps)} | ${fmt(row.p50, 1)} | ${fmt(row.p99, 1)} |`,
    );
  for (const [url, scores, metrics] of f.lighthouse)
    console.log(
      `lighthouse ${url}: ${LIGHTHOUSE_CATEGORIES.map((c) => `${c} ${scores[c]}`).join(", ")} (${metrics})`,
    );
  const libraryBudget = kind === "postgres" ? 30 : 20;
  // Both ways a visitor can be answered: from the 2 s page cache (a sermon being read),
  // and rendered afresh (the first visitor, or one after a write).
  const pageVerdicts = (
    [
      ["as served, page cache on", f.cached],
      ["rendered each time", f.page],
    ] as const
  ).flatMap(([how, run]): [string, boolean][] => [
    [`sermon page ${how}: p99 ≤ 20 ms (${fmt(run.p99, 1)} ms)`, run.p99 <= 20],
    [
      `sermon page ${how}: ≥ 0.8× its JSON API (${fmt(run.rps / f.json.rps, 2)}×)`,
      run.rps / f.json.rps >= 0.8,
    ],
  ]);
  const verdicts: [string, boolean][] = [
    ...pageVerdicts,
    [
      `/sermons by book + keyword p99 ≤ ${libraryBudget} ms (${fmt(f.library.p99, 1)} ms)`,
      f.library.p99 <= libraryBudget,
    ],
    [
      `public JS before interactive ≤ 110 KB gzip (${fmt(f.js / 1024, 1)} KB)`,
      f.js <= JS_BUDGET_BYTES,
    ],
    ...f.lighthouse.map(([url, scores]): [string, boolean] => [
      `lighthouse ${url}: every category ≥ 95 (lowest ${Math.min(...Object.values(scores))})`,
      Object.values(scores).every((score) => score >= 95),
    ]),
  ];
  for (const [text, pass] of verdicts)
    console.log(`${pass ? "PASS" : "FAIL"}  ${text}`);
}

async function measure(
  base: string,
  server: Parameters<typeof stopProcess>[0],
) {
  const headers = await sessionHeaders(base, ADMIN);
  const id = await publishSermon(base, headers);
  const pageUrl = `${base}/sermons/${id}`;
  // The record through the API with a session: /tjc/public/* is rate-limited per client
  // (600 a minute), which a load from one address would only measure as 429s.
  const jsonUrl = `${base}/tjc/sermons/${id}`;
  const libraryUrl = `${base}/sermons?${new URLSearchParams({ book: BOOK, q: KEYWORD })}`;
  // Fairness: the page holds the sermon, the JSON is its record, the library finds some.
  if (
    !(await expectOk(pageUrl, "the sermon page")).includes("活水的江河（基准）")
  )
    throw new Error("the sermon page does not show the sermon");
  if (
    !(await expectOk(jsonUrl, "the JSON API", headers)).includes(
      "活水的江河（基准）",
    )
  )
    throw new Error("the JSON API does not answer the sermon");
  const library = await expectOk(libraryUrl, "the library");
  if (!/href="\/sermons\/\d+"/.test(library))
    throw new Error(`/sermons?book=${BOOK}&q=${KEYWORD} lists no sermon`);
  // Rendered for every request: the 2 s page cache (server/plugins/web.ts) would
  // otherwise answer nearly all of them, and the figure would be the cache's.
  const [page, json, cached] = await alternate(
    [
      {
        label: "sermon page (rendered each time)",
        url: pageUrl,
        server,
        uncached: true,
      },
      { label: "same sermon, JSON API", url: jsonUrl, headers, server },
      { label: "sermon page (page cache on)", url: pageUrl, server },
    ],
    LOAD,
  );
  const [libraryLoad] = await alternate(
    [
      {
        label: `/sermons?book=${BOOK}&q=${KEYWORD} (rendered each time)`,
        url: libraryUrl,
        server,
        uncached: true,
      },
    ],
    LOAD,
  );
  const lighthouse: Figures["lighthouse"] = [];
  if (process.env.BENCH_LIGHTHOUSE !== "0")
    for (const url of ["/sermons", `/sermons/${id}`]) {
      const { scores, metrics } = await lighthouseScores(`${base}${url}`);
      lighthouse.push([url, scores, metrics]);
    }
  return {
    page: page!,
    json: json!,
    cached: cached!,
    library: libraryLoad!,
    js: publicJsGzipBytes(),
    lighthouse,
  };
}

/** The admin and ROWS sermons, into a fresh store. */
async function seedStore(store: Awaited<ReturnType<typeof openStore>>) {
  await seedDatabase(store, {
    adminLogin: ADMIN.login,
    adminPassword: ADMIN.password,
    adminTotpSecret: BENCH_TOTP_SECRET,
    announce: () => {},
  });
  const seeded = await seed(store, ROWS);
  console.log(
    `public content bench: ${ROWS} sermons seeded in ${fmt(seeded.ms / 1000, 1)} s`,
  );
}

async function main(): Promise<number> {
  ensureServerBuilt();
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), "lampstand-public-"));
  const dataDir = REUSE ?? path.join(temp, "data");
  const admin = PG_URL
    ? new pg.Client({ connectionString: PG_URL })
    : undefined;
  let pgName: string | undefined;
  let databaseUrl: string | undefined;
  try {
    if (admin) {
      await admin.connect();
      pgName = `lampstand_public_bench_${process.pid}`;
      await admin.query(`CREATE DATABASE "${pgName}"`);
      const url = new URL(PG_URL!);
      url.pathname = `/${pgName}`;
      databaseUrl = url.toString();
    }
    const store = await openStore({ dataDir, databaseUrl });
    try {
      await migrateToLatest(store.db, store.kind);
      if (REUSE) console.log(`public content bench: the store in ${REUSE}`);
      else await seedStore(store);
    } finally {
      await store.close();
    }
    if (process.env.SERMON_KEEP === "seed") return 0;
    const { base, server } = await startServer({
      dataDir,
      databaseUrl,
      admin: ADMIN,
    });
    const figures = await measure(base, server.child);
    await stopProcess(server.child);
    report(databaseUrl ? "postgres" : "sqlite", figures);
    return 0;
  } finally {
    killChildren();
    if (process.env.SERMON_KEEP || REUSE)
      console.log(`store kept in ${dataDir}`);
    if (!process.env.SERMON_KEEP || REUSE)
      fs.rmSync(temp, { recursive: true, force: true });
    if (admin) {
      if (pgName && process.env.SERMON_KEEP)
        console.log(`database kept: ${pgName}`);
      else if (pgName)
        await admin.query(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`);
      await admin.end();
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
