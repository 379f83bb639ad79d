/**
 * `npx tsx bench/community.ts` (also run by `npm run bench`, bench/main.ts): the public Q&A site.
 *
 * 1. Seeds 10,000 questions and 50,000 answers (one question with 20) into a temporary
 *    SQLite store built by the real migrations.
 * 2. Starts the built server (dist/server/main.js) on it.
 * 3. Drives the server-rendered /topicDetail of the 20-answer question and the JSON API
 *    for the same question with autocannon (10 connections), and prints req/s and p99.
 * 4. Prints the gzip size of the JS the public page loads before it is interactive (its
 *    entry script and modulepreloads in dist/web/public-site/index.html).
 * 5. Runs Lighthouse 12 (mobile preset, Debian's chromium; bench/lighthouse.ts) on /ask and
 *    on the 20-answer /topicDetail, and prints the four scores of each.
 * Targets: p99 of /topicDetail under 20 ms; that JS at most 110 KB gzip; every Lighthouse
 * score at least 95.
 * Environment: BENCH_DURATION (seconds per run, 6), BENCH_CONNECTIONS (10).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { once } from "node:events";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { openStore } from "../server/db/store.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { seedDatabase } from "../server/services/seed.js";
import {
  LIGHTHOUSE_CATEGORIES,
  lighthouseScores,
  type LighthouseScores,
} from "./lighthouse.js";
import { publicJsGzipBytes } from "./public-js.js";
import { BENCH_TOTP_SECRET } from "./processes.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const QUESTIONS = 10_000;
const ANSWERS = 50_000;
const JS_BUDGET_BYTES = 110 * 1024;
const P99_TARGET_MS = 20;
const LIGHTHOUSE_TARGET = 95;

async function seed(dataDir: string): Promise<number> {
  const store = await openStore({ dataDir });
  await migrateToLatest(store.db, store.kind);
  await seedDatabase(store, {
    adminLogin: "bench-admin",
    adminPassword: "bench-password-not-secret",
    adminTotpSecret: BENCH_TOTP_SECRET,
    announce: () => {},
  });
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const tagIds: number[] = [];
  for (let i = 0; i < 12; i++) {
    const row = await store.db
      .insertInto("askTags")
      .values({
        name: `标签${i}`,
        nameEn: `Tag ${i}`,
        description: null,
        sortOrder: i,
        createdAt: iso(now),
        updatedAt: iso(now),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    tagIds.push(row.id);
  }
  const body =
    "<p>我们的小组想一起读经祷告，应该怎样开始？We want to read the Bible together.</p>";
  await store.transaction(async (trx) => {
    for (let start = 0; start < QUESTIONS; start += 500) {
      await trx
        .insertInto("askQuestions")
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            title: `Question ${start + i}: 如何在家中带领家庭祷告？`,
            body,
            authorId: 1,
            hot: (start + i) / 1000,
            answerCount: start + i === 0 ? 20 : 5,
            createdAt: iso(now - (start + i) * 60_000),
            updatedAt: iso(now - (start + i) * 60_000),
          })),
        )
        .execute();
    }
    const ids = await trx
      .selectFrom("askQuestions")
      .select("id")
      .orderBy("id")
      .execute();
    for (let start = 0; start < ids.length; start += 500) {
      await trx
        .insertInto("askQuestionTags")
        .values(
          ids.slice(start, start + 500).map((q, i) => ({
            questionId: q.id,
            tagId: tagIds[(start + i) % tagIds.length]!,
          })),
        )
        .execute();
    }
    // The first question has 20 answers; the rest share the remaining 49,980.
    const answerRows = Array.from({ length: ANSWERS }, (_, i) => ({
      questionId:
        i < 20 ? ids[0]!.id : ids[1 + ((i - 20) % (ids.length - 1))]!.id,
      body: `<p>Answer ${i}: 从感恩开始，再为彼此代祷。Start with thanksgiving.</p>`,
      authorId: 1,
      score: i % 7,
      createdAt: iso(now - i * 1000),
      updatedAt: iso(now - i * 1000),
    }));
    for (let start = 0; start < answerRows.length; start += 500) {
      await trx
        .insertInto("askAnswers")
        .values(answerRows.slice(start, start + 500))
        .execute();
    }
  });
  const first = await store.db
    .selectFrom("askQuestions")
    .select("id")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  await store.close();
  return first.id;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}

async function load(url: string) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  if (result.errors || result.non2xx)
    throw new Error(
      `${url}: ${result.errors} errors, ${result.non2xx} non-2xx`,
    );
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const dataDir = fs.mkdtempSync(
  path.join(os.tmpdir(), "lampstand-bench-community-"),
);
try {
  const questionId = await seed(dataDir);
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [path.join(ROOT, "dist/server/main.js")],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  // The first start on the seeded store builds the word index of its 60,000 questions
  // and answers before it listens: wait for it (up to 10 minutes) and say how long.
  const starting = performance.now();
  let up = false;
  while (!up && performance.now() - starting < 600_000) {
    try {
      up = (await fetch(`${base}/tjc/health`)).ok;
    } catch {
      // not up yet
    }
    if (!up) await new Promise((r) => setTimeout(r, 100));
  }
  if (!up) throw new Error("the server did not start within 10 minutes");
  console.log(
    `community bench: server ready in ${((performance.now() - starting) / 1000).toFixed(1)} s (first start: word index build)`,
  );
  try {
    const page = await load(`${base}/topicDetail?id=${questionId}`);
    const question = await load(`${base}/tjc/ask/questions/${questionId}`);
    const answers = await load(
      `${base}/tjc/ask/questions/${questionId}/answers`,
    );
    const list = await load(`${base}/ask`);
    const js = publicJsGzipBytes();
    // After the load runs, so the browser's work does not share the cores with them.
    const audits: [string, { scores: LighthouseScores; metrics: string }][] = [
      ["/ask", await lighthouseScores(`${base}/ask`)],
      [
        "/topicDetail",
        await lighthouseScores(`${base}/topicDetail?id=${questionId}`),
      ],
    ];
    const row = (name: string, r: { rps: number; p99: number }) =>
      console.log(
        `${name.padEnd(44)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${r.p99} ms`,
      );
    console.log(
      `community bench: ${QUESTIONS} questions, ${ANSWERS} answers, ${CONNECTIONS} connections`,
    );
    row("SSR /topicDetail (20 answers)", page);
    row("JSON /tjc/ask/questions/:id", question);
    row("JSON /tjc/ask/questions/:id/answers", answers);
    row("SSR /ask (first page, 20 questions)", list);
    console.log(
      `public JS before interactive: ${(js / 1024).toFixed(1)} KB gzip`,
    );
    console.log(
      `${page.p99 < P99_TARGET_MS ? "PASS" : "FAIL"} /topicDetail p99 < ${P99_TARGET_MS} ms`,
    );
    console.log(
      `${js <= JS_BUDGET_BYTES ? "PASS" : "FAIL"} public JS ≤ 110 KB gzip`,
    );
    for (const [page, { scores, metrics }] of audits) {
      const low = LIGHTHOUSE_CATEGORIES.filter(
        (name) => scores[name] < LIGHTHOUSE_TARGET,
      );
      console.log(
        `${low.length === 0 ? "PASS" : "FAIL"} Lighthouse ${page} ≥ ${LIGHTHOUSE_TARGET}: ${LIGHTHOUSE_CATEGORIES.map((name) => `${name} ${scores[name]}`).join(", ")}`,
      );
      console.log(`      ${metrics}`);
    }
  } finally {
    server.kill("SIGTERM");
    await once(server, "exit");
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
