/**
 * The sermon list with tags (issue 11's Performance section), part of `npm run bench`:
 * 1. seeds SERMON_ROWS (100,000) sermons into a fresh store built by the real migrations,
 *    with their tags (the tag_ids column and content_tags, as the workflow writes them):
 *    one tag on most sermons, the filtered tag (青年, Youth) on about 2%, a keyword (撒种)
 *    in about 1% of the titles; then builds the word index as the first start would;
 * 2. starts the built server and a bare raw-SQL yardstick (bench/raw-sermons.ts) on it;
 * 3. checks both answer the same ids and total, then loads, in alternating slices:
 *    the list filtered by the tag sorted by preachedOn DESC (page 1 and a deeper page),
 *    and the same with the keyword.
 * Prints the figures and PASS/FAIL per target; exits 1 only on a real error (a failed
 * request, a server that does not start, answers that differ).
 *
 * Environment (all optional): SERMON_ROWS (100000), BENCH_DURATION (6 s per run),
 * BENCH_ROUNDS (3), BENCH_CONNECTIONS (10), BENCH_DATABASE_URL (a PostgreSQL server to
 * use instead of SQLite; a fresh database is created and dropped), SERMON_KEEP (keep the
 * SQLite store to EXPLAIN its queries; its path is printed; `seed` stops before the load),
 * SERMON_STORE (a data directory so kept: load it again without seeding; SERMON_ROWS must
 * say its size).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { sql, type Insertable, type RawBuilder } from "kysely";
import { openStore, type Store } from "../server/db/store.js";
import type { Database } from "../server/db/schema.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { seedDatabase } from "../server/services/seed.js";
import { ensureIndexBuilt } from "../server/db/index-build.js";
import { pinyinSortKey } from "../server/resources/sort-keys.js";
import { sermonResource } from "../server/routes/sermons/index.js";
import { mulberry32 } from "./seed.js";
import { alternate, type LoadOptions, type LoadResult } from "./load.js";
import {
  ensureServerBuilt,
  freePort,
  killChildren,
  ROOT,
  sessionHeaders,
  startProcess,
  startServer,
  stopProcess,
  waitReady,
} from "./processes.js";

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
const ADMIN_LOGIN = "bench-admin";
const ADMIN_PASSWORD = "bench-password-not-secret";
const ADMIN = { login: ADMIN_LOGIN, password: ADMIN_PASSWORD };
const PAGE = 25;
const KEYWORD = "撒种";
const FILTERED_TAG = "青年";

/** The tags: [name, English name, share of sermons carrying it]. */
const TAGS: [string, string, number][] = [
  ["主日信息", "Sabbath message", 0.6],
  [FILTERED_TAG, "Youth", 0.02],
  ["信心", "Faith", 0.08],
  ["祷告", "Prayer", 0.08],
  ["圣灵", "Holy Spirit", 0.06],
  ["家庭", "Family", 0.05],
  ["福音", "Gospel", 0.05],
  ["见证", "Testimony", 0.04],
  ["洗礼", "Baptism", 0.03],
  ["圣餐", "Holy Communion", 0.03],
  ["洗脚礼", "Footwashing", 0.01],
  ["安息日", "Sabbath", 0.04],
  ["末世", "End times", 0.03],
  ["先知书", "Prophets", 0.03],
  ["保罗书信", "Pauline epistles", 0.04],
  ["诗篇", "Psalms", 0.03],
  ["灵恩会", "Spiritual convocation", 0.02],
  ["布道会", "Evangelical service", 0.02],
];
const PREACHERS = [
  "陈以撒传道",
  "林约翰长老",
  "黄提摩太传道",
  "张路加执事",
  "王彼得传道",
  "李雅各长老",
  "刘腓力传道",
  "吴司提反执事",
  "Pastor David Lee",
  "Elder Samuel Chen",
  "Preacher Joshua Wu",
  "Deacon Timothy Lin",
];
const SERIES = [
  "罗马书查经",
  "约翰福音系列",
  "登山宝训",
  "以弗所书",
  "创世记讲座",
  "The Gospel of Mark",
  "Faith and Works",
  "真教会的基本信仰",
  null,
];
const SERVICES = ["安息日崇拜", "周三晚间聚会", "周五晚间聚会", "灵恩会"];
const TOPICS = [
  "因信称义",
  "活水的江河",
  "好撒玛利亚人",
  "浪子回头",
  "葡萄树和枝子",
  "真理使你们得以自由",
  "在基督里合而为一",
  "圣灵所结的果子",
  "The Lord Is My Shepherd",
  "Walking in the Spirit",
  "Living Water",
  "The Narrow Gate",
];
const PASSAGES = [
  "罗马书 3:21-26",
  "约翰福音 7:37-39",
  "路加福音 10:25-37",
  "路加福音 15:11-32",
  "约翰福音 15:1-8",
  "约翰福音 8:31-36",
  "以弗所书 4:1-6",
  "加拉太书 5:22-23",
  "Psalm 23:1-6",
  "Galatians 5:16-26",
  "John 4:7-14",
  "Matthew 7:13-14",
];
const SENTENCES = [
  "我们要常常喜乐，不住地祷告，凡事谢恩。",
  "神爱世人，甚至将他的独生子赐给他们。",
  "你们要先求他的国和他的义，这些东西都要加给你们了。",
  "信就是所望之事的实底，是未见之事的确据。",
  "弟兄姊妹在安息日聚会，一同敬拜赞美，查考圣经。",
  "The Lord is my shepherd; I shall not want.",
  "Grace and peace to you from God our Father.",
];

interface Seeded {
  ms: number;
  indexMs: number;
  tagId: number;
  /** Sermons carrying the filtered tag, and those of them with the keyword. */
  tagged: number;
  taggedWithKeyword: number;
  withKeyword: number;
}

async function seed(store: Store): Promise<Seeded> {
  const started = performance.now();
  const stamp = "2026-01-01T00:00:00.000Z";
  const tagIds: number[] = [];
  for (const [i, [name, nameEn]] of TAGS.entries()) {
    const row = await store.db
      .insertInto("tags")
      .values({
        name,
        namePinyin: await pinyinSortKey(name),
        nameEn,
        sortOrder: i,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    tagIds.push(Number(row.id));
  }
  const random = mulberry32(11);
  const pick = <T>(list: readonly T[]) =>
    list[Math.floor(random() * list.length)]!;
  const keys = new Map<string, string>();
  const counts = { tagged: 0, taggedWithKeyword: 0, withKeyword: 0 };
  // Four sermons a day (several churches), the newest today-ish: many share a day.
  const firstDay = Date.parse("1960-01-02T00:00:00.000Z");
  let sermons: Insertable<Database["sermons"]>[] = [];
  let links: { resource: string; recordId: number; tagId: number }[] = [];
  const flush = async () => {
    const [rows, tagRows] = [sermons, links];
    sermons = [];
    links = [];
    await store.transaction(async (trx) => {
      await trx.insertInto("sermons").values(rows).execute();
      await trx.insertInto("contentTags").values(tagRows).execute();
    });
  };
  for (let i = 0; i < ROWS; i++) {
    const id = i + 1;
    const keyword = i % 100 === 7;
    const number = Math.floor(i / 12) + 1;
    const title = keyword
      ? `${KEYWORD}的比喻（${number}）`
      : `${pick(TOPICS)}（${number}）`;
    const base = title.replace(/（\d+）$/, "");
    if (!keys.has(base)) keys.set(base, await pinyinSortKey(base));
    const tags = TAGS.flatMap(([, , share], t) =>
      random() < share ? [tagIds[t]!] : [],
    );
    const hasTag = tags.includes(tagIds[1]!);
    if (hasTag) counts.tagged++;
    if (keyword) counts.withKeyword++;
    if (keyword && hasTag) counts.taggedWithKeyword++;
    const roll = random();
    const status =
      roll < 0.9
        ? "published"
        : roll < 0.95
          ? "draft"
          : roll < 0.98
            ? "scheduled"
            : "archived";
    const day = new Date(firstDay + Math.floor(i / 4) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const created = `${day}T10:00:00.000Z`;
    sermons.push({
      id,
      title,
      // The key the machinery writes, with the number's digits as they are.
      titlePinyin: `${keys.get(base)} ${number}`,
      preacher: pick(PREACHERS),
      series: pick(SERIES),
      serviceType: pick(SERVICES),
      preachedOn: day,
      passage: pick(PASSAGES),
      summary: pick(SENTENCES),
      body: `<p>${pick(SENTENCES)}</p><p>${pick(SENTENCES)}</p>`,
      status,
      // A scheduled sermon here has come due: it reads as published.
      publishAt: status === "scheduled" ? created : null,
      publishedAt: status === "published" ? created : null,
      tagIds: JSON.stringify(tags),
      views: Math.floor(random() * 500),
      createdAt: created,
      updatedAt: created,
    });
    for (const tagId of tags)
      links.push({ resource: "sermons", recordId: id, tagId });
    if (sermons.length === 500) await flush();
  }
  if (sermons.length > 0) await flush();
  if (store.kind === "postgres")
    await sql`select setval(pg_get_serial_sequence('sermons', 'id'), ${ROWS})`.execute(
      store.db,
    );
  const indexStart = performance.now();
  await ensureIndexBuilt(store.db, store.kind, sermonResource.search);
  const indexMs = performance.now() - indexStart;
  // What autovacuum soon does on PostgreSQL; the server never runs ANALYZE on SQLite.
  if (store.kind === "postgres") await sql`VACUUM ANALYZE`.execute(store.db);
  return {
    ms: performance.now() - started,
    indexMs,
    tagId: tagIds[1]!,
    ...counts,
  };
}

/** What a store kept by SERMON_KEEP holds (SERMON_STORE runs on it again). */
async function countSeeded(store: Store): Promise<Seeded> {
  const count = async (query: RawBuilder<{ n: number }>) =>
    Number((await query.execute(store.db)).rows[0]!.n);
  const tagId = await count(
    sql`select id as n from tags where name = ${FILTERED_TAG}`,
  );
  const tagged = sql`id in (select record_id from content_tags where resource = 'sermons' and tag_id = ${tagId})`;
  const like = `%${KEYWORD}%`;
  return {
    ms: 0,
    indexMs: 0,
    tagId,
    tagged: await count(sql`select count(*) as n from sermons where ${tagged}`),
    taggedWithKeyword: await count(
      sql`select count(*) as n from sermons where ${tagged} and title like ${like}`,
    ),
    withKeyword: await count(
      sql`select count(*) as n from sermons where title like ${like}`,
    ),
  };
}

async function getJson(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  const body = (await response.json()) as {
    code: number;
    data: { list: { id: number }[]; total: number; highlights?: unknown };
  };
  if (response.status !== 200 || body.code !== 0)
    throw new Error(
      `${url} answered ${response.status}: ${JSON.stringify(body)}`,
    );
  return body.data;
}

const fmt = (value: number, digits = 0) => value.toFixed(digits);

async function main(): Promise<number> {
  ensureServerBuilt();
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), "lampstand-sermons-"));
  const dataDir = REUSE ?? path.join(temp, "data");
  let databaseUrl: string | undefined;
  let pgName: string | undefined;
  const admin = PG_URL
    ? new pg.Client({ connectionString: PG_URL })
    : undefined;
  try {
    if (admin) {
      await admin.connect();
      pgName = `lampstand_sermon_bench_${process.pid}`;
      await admin.query(`CREATE DATABASE "${pgName}"`);
      const url = new URL(PG_URL!);
      url.pathname = `/${pgName}`;
      databaseUrl = url.toString();
    }
    const store = await openStore({ dataDir, databaseUrl });
    let seeded: Seeded;
    let likeCount: number;
    try {
      await migrateToLatest(store.db, store.kind);
      if (REUSE) seeded = await countSeeded(store);
      else {
        await seedDatabase(store, {
          adminLogin: ADMIN_LOGIN,
          adminPassword: ADMIN_PASSWORD,
          announce: () => {},
        });
        seeded = await seed(store);
      }
      likeCount = Number(
        (
          await sql<{
            n: number;
          }>`select count(*) as n from sermons where title like ${`%${KEYWORD}%`}`.execute(
            store.db,
          )
        ).rows[0]!.n,
      );
    } finally {
      await store.close();
    }
    const kind = databaseUrl ? "postgres" : "sqlite";
    console.log(
      `sermon bench (${kind}): ${ROWS} sermons seeded in ${fmt(seeded.ms / 1000, 1)} s ` +
        `(word index ${fmt(seeded.indexMs / 1000, 1)} s); tag ${FILTERED_TAG} on ${seeded.tagged} ` +
        `(${fmt((100 * seeded.tagged) / ROWS, 1)}%), "${KEYWORD}" in ${seeded.withKeyword} ` +
        `(${fmt((100 * seeded.withKeyword) / ROWS, 1)}%), both ${seeded.taggedWithKeyword}`,
    );
    if (likeCount !== seeded.withKeyword)
      throw new Error(
        `"${KEYWORD}" is in ${likeCount} titles, not the ${seeded.withKeyword} planted`,
      );

    const { base, server } = await startServer({
      dataDir,
      databaseUrl,
      admin: ADMIN,
      noWeb: path.join(temp, "no-web"),
    });
    const rawPort = await freePort();
    const rawBase = `http://127.0.0.1:${rawPort}`;
    const raw = startProcess(
      ["--import", "tsx", path.join(ROOT, "bench/raw-sermons.ts")],
      {
        PORT: String(rawPort),
        DB_PATH: databaseUrl ? "" : path.join(dataDir, "lampstand.db"),
        DATABASE_URL: databaseUrl ?? "",
      },
    );
    await waitReady(`${rawBase}/hello`, raw, performance.now());
    const headers = await sessionHeaders(base, ADMIN);

    // A deeper page: about half-way through the tagged sermons (page 41 at 100,000).
    const deep =
      Math.min(1000, Math.floor(seeded.tagged / 2 / PAGE) * PAGE) || PAGE;
    const machinery = (offset: number, q?: string) =>
      `${base}/tjc/sermons?${new URLSearchParams({
        filter: JSON.stringify(
          q ? { tagId: seeded.tagId, q } : { tagId: seeded.tagId },
        ),
        sort: JSON.stringify(["preachedOn", "DESC"]),
        range: JSON.stringify([offset, offset + PAGE - 1]),
      })}`;
    const yardstick = (offset: number, term?: string) =>
      `${rawBase}/raw-sermons?${new URLSearchParams({
        tag: String(seeded.tagId),
        offset: String(offset),
        limit: String(PAGE),
        ...(term ? { term } : {}),
      })}`;
    const runs: [string, string, string, number][] = [
      ["tag, page 1", machinery(0), yardstick(0), seeded.tagged],
      [
        `tag, page ${deep / PAGE + 1}`,
        machinery(deep),
        yardstick(deep),
        seeded.tagged,
      ],
      [
        `tag + "${KEYWORD}"`,
        machinery(0, KEYWORD),
        yardstick(0, KEYWORD),
        seeded.taggedWithKeyword,
      ],
    ];

    // Fairness: the same records and total from both, and the total the seed planted.
    for (const [label, ours, theirs, expected] of runs) {
      const [a, b] = [await getJson(ours, headers), await getJson(theirs)];
      delete a.highlights; // the keyword list's highlights (issue 16): not the raw route's
      if (JSON.stringify(a) !== JSON.stringify(b) || a.total !== expected)
        throw new Error(
          `${label}: answers differ (expected total ${expected})\n` +
            `server: ${JSON.stringify(a).slice(0, 300)} … total ${a.total}, ids ${a.list.map((r) => r.id).join(",")}\n` +
            `raw:    ${JSON.stringify(b).slice(0, 300)} … total ${b.total}, ids ${b.list.map((r) => r.id).join(",")}`,
        );
    }
    console.log(
      "both servers answer the same records and totals for all three lists",
    );

    const results: [LoadResult, LoadResult][] = [];
    if (process.env.SERMON_KEEP === "seed") return 0;
    for (const [label, ours, theirs] of runs) {
      const [a, b] = await alternate(
        [
          {
            label: `${label}, machinery`,
            url: ours,
            headers,
            server: server.child,
          },
          { label: `${label}, raw SQL`, url: theirs, server: raw.child },
        ],
        LOAD,
      );
      results.push([a!, b!]);
    }
    await stopProcess(raw.child);
    await stopProcess(server.child);

    const load = os.loadavg().map((n) => n.toFixed(2));
    console.log(
      `\n${ROWS} sermons, ${kind}, ${LOAD.connections} connections, ${LOAD.seconds} s per run in ${LOAD.rounds} alternating slices; load average ${load.join(" ")}`,
    );
    console.log(
      "| run | req/s | p50 ms | p99 ms | server CPU ms/req | other load (cores) |\n|---|---:|---:|---:|---:|---:|",
    );
    for (const row of results.flat())
      console.log(
        `| ${row.label} | ${fmt(row.rps)} | ${fmt(row.p50, 1)} | ${fmt(row.p99, 1)} | ` +
          `${fmt(row.cpuMsPerRequest, 3)} | ${fmt(row.otherCores, 2)} |`,
      );
    console.log("");
    const verdicts: [string, boolean][] = [];
    for (const [a, b] of results) {
      const ratio = a.rps / b.rps;
      const slices = a.slices
        .map((rps, i) => `${fmt(rps / b.slices[i]!, 2)}×`)
        .join(", ");
      // On PostgreSQL the queries run in the database's processes, which this does not see.
      const byCpu =
        kind === "postgres"
          ? "n/a on postgres"
          : `${fmt(b.cpuMsPerRequest / a.cpuMsPerRequest, 2)}×`;
      console.log(
        `${a.label} / raw: ${fmt(ratio, 2)}× (slices ${slices}; by CPU/request ${byCpu})`,
      );
      verdicts.push([
        `${a.label} ≥ 0.75× raw SQL (${fmt(ratio, 2)}×)`,
        ratio >= 0.75,
      ]);
    }
    const keyword = results[2]![0];
    verdicts.push([
      `${keyword.label} p99 < 20 ms at ${LOAD.connections} connections (${fmt(keyword.p99, 1)} ms)`,
      keyword.p99 < 20,
    ]);
    for (const [text, pass] of verdicts)
      console.log(`${pass ? "PASS" : "FAIL"}  ${text}`);
    return 0;
  } finally {
    killChildren();
    if (process.env.SERMON_KEEP || REUSE)
      console.log(`store kept in ${dataDir}`);
    else fs.rmSync(temp, { recursive: true, force: true });
    if (admin) {
      if (pgName)
        await admin.query(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`);
      await admin.end();
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      `sermon bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  },
);
