import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "kysely";
import { buildTestApp, okData, type TestApp } from "../test/helper.js";
import { ensureIndexBuilt, type BuildSummary } from "./index-build.js";
import { isIndexReady } from "./index-ready.js";
import { sermonResource } from "../routes/sermons/index.js";
import { tagResource } from "../routes/tags/index.js";
import type { SearchSpec } from "./search.js";
import { openTermPool } from "./term-pool.js";
import { termsOfRows } from "./row-terms.js";
import { reindexRows } from "./word-index.js";
import { decodeTerms } from "./postings.js";

/**
 * Building a word index (index-build.ts): worker threads give the same index as the main
 * thread, a list during a build answers by substring and by the index after it, and
 * writes during a build are all in the index it ends with. Runs on PostgreSQL too with
 * TEST_DATABASE_URL.
 */
let t: TestApp;
let editor: string;

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.loginAs("editor");
});
afterAll(async () => {
  await t.close();
});

const db = () => t.app.store.db;
const kind = () => t.app.store.kind;

/**
 * The table's whole index by term text (term ids differ between builds, and a row's
 * terms are kept in id order): postings, each row's terms in order, the terms' row
 * counts, and the verse ranges.
 */
async function snapshot(table: string) {
  const terms = new Map<number, string>();
  const counts: string[] = [];
  for (const row of (
    await sql<{
      id: number;
      term: string;
      docCount: number;
    }>`select id, term, doc_count from search_terms where tbl = ${table}`.execute(
      db(),
    )
  ).rows) {
    terms.set(Number(row.id), row.term);
    // A term no row holds any more may stay behind with 0 rows: not part of the answer.
    if (Number(row.docCount) > 0)
      counts.push(`${row.term}:${Number(row.docCount)}`);
  }
  // Each row's terms and their tfs. SQLite keeps a row's term ids in search_docs and the
  // tfs in its postings table, which must hold exactly those (term, row) pairs;
  // PostgreSQL keeps both in search_docs, whose GIN index is its postings.
  const docRows = (
    await sql<
      Record<string, unknown>
    >`select * from search_docs where tbl = ${table}`.execute(db())
  ).rows;
  const pairs = new Map<string, number>(); // "term|row" → tf
  if (kind() === "sqlite") {
    for (const row of (
      await sql<{
        key: number;
        tf: number;
      }>`select p.key, p.tf from search_terms t, search_postings p where t.tbl = ${table} and p.key >= (t.id << 24) and p.key < ((t.id + 1) << 24)`.execute(
        db(),
      )
    ).rows) {
      const docId = Number(row.key) % 2 ** 24;
      const termId = (Number(row.key) - docId) / 2 ** 24;
      pairs.set(`${terms.get(termId)}|${docId}`, Number(row.tf));
    }
    const held = docRows.flatMap((row) =>
      decodeTerms(row.terms as Uint8Array).map(
        (id) => `${terms.get(id)}|${Number(row.docId)}`,
      ),
    );
    expect(held.sort()).toEqual([...pairs.keys()].sort());
  } else
    for (const row of docRows) {
      const tfs = row.tfs as number[];
      (row.termIds as number[]).forEach((id, i) =>
        pairs.set(`${terms.get(id)}|${Number(row.docId)}`, tfs[i]!),
      );
    }
  const postings = [...pairs].map(([pair, tf]) => `${pair}|${tf}`);
  const docs = docRows.map((row) => {
    const docId = Number(row.docId);
    const held = [...pairs].filter(([pair]) => pair.endsWith(`|${docId}`));
    return `${docId}:${held
      .map(([pair, tf]) => `${pair.slice(0, pair.lastIndexOf("|"))}*${tf}`)
      .sort()
      .join(" ")}`;
  });
  const refs = (
    await sql<{
      docId: number;
      startKey: number;
      endKey: number;
    }>`select doc_id, start_key, end_key from passage_refs where tbl = ${table}`.execute(
      db(),
    )
  ).rows.map(
    (row) =>
      `${Number(row.docId)}:${Number(row.startKey)}-${Number(row.endKey)}`,
  );
  return {
    counts: counts.sort(),
    postings: postings.sort(),
    docs: docs.sort(),
    refs: refs.sort(),
  };
}

/** Forgets that `table` was built, as a new TERMS_VERSION or new fields would. */
async function outdate(table: string) {
  await sql`delete from search_state where tbl = ${table}`.execute(db());
}

const BODIES = [
  "<p>我们要常常喜乐，不住地祷告，凡事谢恩。</p><p>正如约翰福音3章16节所说，神爱世人。</p>",
  "<p>Romans 8:28 says that all things work together for good.</p>",
  "<p>弟兄姊妹在安息日聚会，一同敬拜赞美，查考圣经。罗马书8章28节</p>",
  "<p>Grace and peace to you from God our Father. 诗篇23篇</p>",
  "<p>應當一無掛慮，只要凡事藉著禱告、祈求和感謝。</p>",
];

/** Inserts `count` published sermons straight into the table (no index written). */
async function insertSermons(
  count: number,
  fields: (i: number) => {
    title: string;
    preacher: string;
    passage: string | null;
    body: string;
  },
) {
  const now = new Date().toISOString();
  await db()
    .insertInto("sermons")
    .values(
      Array.from({ length: count }, (_, i) => ({
        ...fields(i),
        titlePinyin: `sermon ${i + 1}`,
        preachedOn: "2026-01-01",
        status: "published",
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
}

describe("worker threads", () => {
  test("cut rows as the main thread does, in the rows' order", async () => {
    const spec = sermonResource.search as SearchSpec;
    const rows = BODIES.map((body, i) => ({
      id: i + 1,
      title: `讲道 ${i}`,
      body,
      passage: "罗马书8章28节",
    }));
    const pool = openTermPool(2);
    try {
      const runs = await pool.termsOf(spec, rows);
      expect(pool.threaded).toBe(true);
      expect(runs).toHaveLength(2);
      const inline = await termsOfRows(spec, rows);
      // The runs, each with its own terms, name the same terms per row as one run.
      const named = (run: typeof inline) =>
        run.rows.map((row) => ({
          id: row.id,
          terms: [...row.pairs].flatMap((value, i) =>
            i % 2 === 0 ? [`${run.terms[value]}*${row.pairs[i + 1]}`] : [],
          ),
          ranges: [...row.ranges],
        }));
      expect(runs.flatMap(named)).toEqual(named(inline));
      expect(named(inline)[0]!.ranges.length).toBeGreaterThan(0);
    } finally {
      await pool.close();
    }
  });

  test("build the same index as the main thread, in batches", async () => {
    await insertSermons(60, (i) => ({
      title: `讲道 ${i + 1} ${i % 3 ? "grace" : "祷告会"}`,
      preacher: `传道 ${i % 4}`,
      passage: i % 5 === 0 ? "约翰福音 3:16" : null,
      body: BODIES[i % BODIES.length]! + BODIES[(i * 7) % BODIES.length]!,
    }));
    const spec = sermonResource.search as SearchSpec;

    await outdate("sermons");
    expect(
      await ensureIndexBuilt(db(), kind(), spec, { workers: 0, batchSize: 7 }),
    ).toBe(60);
    const single = await snapshot("sermons");
    await outdate("sermons");
    let summary: BuildSummary | undefined;
    let refsDuring: number | undefined;
    expect(
      await ensureIndexBuilt(db(), kind(), spec, {
        workers: 2,
        batchSize: 7,
        onBuilt: (built) => (summary = built),
        // Before the first batch is written: the old verse ranges still answer.
        beforeBatch: async () => {
          refsDuring ??= (
            await sql<{
              n: number;
            }>`select count(*) as n from passage_refs where tbl = 'sermons'`.execute(
              db(),
            )
          ).rows.map((row) => Number(row.n))[0];
        },
      }),
    ).toBe(60);
    expect(refsDuring).toBe(single.refs.length);
    // Every batch was cut by the workers, not by the fallback on this thread.
    expect(summary?.batches).toBe(9);
    expect(summary?.threadedBatches).toBe(9);
    const threaded = await snapshot("sermons");

    expect(single.postings.length).toBeGreaterThan(1000);
    expect(single.refs.length).toBeGreaterThan(10);
    expect(threaded).toEqual(single);
    expect(isIndexReady(db(), "sermons")).toBe(true);
  });
});

describe("a build's batch", () => {
  test("writes the index the writes write, whatever way it is sent", async () => {
    // One batch of 150 rows: on PostgreSQL its postings, documents and verse ranges
    // each go as one statement of arrays (unnest), where a write sends VALUES.
    await db().deleteFrom("sermons").execute();
    await insertSermons(150, (i) => ({
      title: `批次 ${i + 1} ${i % 2 ? "grace" : "祷告"}`,
      preacher: `传道 ${i % 3}`,
      passage: i % 2 ? "约翰福音 3:16" : "诗篇23篇",
      body: BODIES[i % BODIES.length]!,
    }));
    const spec = sermonResource.search as SearchSpec;
    await outdate("sermons");
    expect(await ensureIndexBuilt(db(), kind(), spec, { workers: 0 })).toBe(
      150,
    );
    const built = await snapshot("sermons");
    expect(built.docs).toHaveLength(150);
    expect(built.refs.length).toBeGreaterThanOrEqual(150);

    // The same rows indexed as writes index them, from an empty index.
    if (kind() === "sqlite")
      await sql`delete from search_postings where key in (select p.key from search_terms t, search_postings p where t.tbl = 'sermons' and p.key >= (t.id << 24) and p.key < ((t.id + 1) << 24))`.execute(
        db(),
      );
    await sql`delete from search_terms where tbl = 'sermons'`.execute(db());
    await sql`delete from search_docs where tbl = 'sermons'`.execute(db());
    await sql`delete from passage_refs where tbl = 'sermons'`.execute(db());
    const stored = await db().selectFrom("sermons").selectAll().execute();
    await db()
      .transaction()
      .execute((trx) =>
        reindexRows(
          trx,
          kind(),
          spec,
          stored.map((row) => ({ id: Number(row.id), row })),
        ),
      );
    expect(await snapshot("sermons")).toEqual(built);
  });
});

const call = (method: string, url: string, payload?: object) =>
  okData(t, editor, method, url, payload);
const listTags = async (q: string) =>
  (await call(
    "GET",
    `/tjc/tags?${new URLSearchParams({ filter: JSON.stringify({ q }), range: "[0,99]" })}`,
  )) as { list: { id: number; nameEn: string }[]; total: number };

/**
 * Replaces every tag with `count` made through the API, named `prefix` and a number; one
 * in `gracesEvery` is "graces" in English, the others "grace". Answers their ids.
 */
async function freshTags(prefix: string, count: number, gracesEvery: number) {
  await db().deleteFrom("tags").execute();
  const ids: number[] = [];
  for (let i = 0; i < count; i++)
    ids.push(
      (
        await call("POST", "/tjc/tags", {
          name: `${prefix}${i}`,
          nameEn: i % gracesEvery === 0 ? "graces" : "grace",
        })
      ).id,
    );
  return ids;
}

/**
 * Outdates the tags' index and starts its rebuild, held before its first batch is written
 * until `release()`; answers once the build is under way.
 */
async function holdTagsBuild() {
  await outdate("tags");
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let batches = 0;
  const build = ensureIndexBuilt(db(), kind(), tagResource.search!, {
    batchSize: 2,
    beforeBatch: async () => {
      batches += 1;
      await held;
    },
  });
  while (batches === 0) await new Promise((r) => setTimeout(r, 5));
  return { build, release };
}

describe("a build in the background", () => {
  test("lists search by substring meanwhile, writes are kept, the index answers after", async () => {
    const ids = await freshTags("标签", 9, 3);
    // The index stems `graces` to `grace`: it finds all 9, the substring search 3.
    expect((await listTags("graces")).total).toBe(9);

    const { build, release } = await holdTagsBuild();
    expect(isIndexReady(db(), "tags")).toBe(false);

    // During the build: the substring search answers, exactly.
    const during = await listTags("graces");
    expect(during.total).toBe(3);
    expect(during.list.every((tag) => tag.nameEn === "graces")).toBe(true);

    // Writes during the build: to rows the build has read, and to rows it has not.
    await call("DELETE", `/tjc/tags/${ids[0]}`); // in the batch being written
    const first = (await call("GET", `/tjc/tags/${ids[1]}`)) as {
      version: number;
    };
    await call("PUT", `/tjc/tags/${ids[1]}`, {
      name: "标签1",
      nameEn: "mercy",
      version: first.version,
    });
    const last = (await call("GET", `/tjc/tags/${ids[8]}`)) as {
      version: number;
    };
    await call("PUT", `/tjc/tags/${ids[8]}`, {
      name: "标签8",
      nameEn: "graces abound",
      version: last.version,
    });
    await call("DELETE", `/tjc/tags/${ids[5]}`);
    const added = (
      await call("POST", "/tjc/tags", { name: "新标签", nameEn: "charity" })
    ).id as number;

    release();
    // 9 rows less 2 deleted, less 2 updated (each indexed by its write) and 1 added.
    expect(await build).toBe(5);
    expect(isIndexReady(db(), "tags")).toBe(true);

    // After: the index answers, with every write in it.
    const after = await listTags("graces");
    const expected = [2, 3, 4, 6, 7, 8].map((i) => ids[i]);
    expect(after.list.map((tag) => tag.id).sort((a, b) => a - b)).toEqual(
      expected,
    );
    expect(after.total).toBe(6);
    expect((await listTags("mercy")).total).toBe(1);
    expect((await listTags("charity")).list.map((tag) => tag.id)).toEqual([
      added,
    ]);

    // The index a build with writes meanwhile ends with is the one a quiet build makes.
    const kept = await snapshot("tags");
    await outdate("tags");
    await ensureIndexBuilt(db(), kind(), tagResource.search!);
    expect(await snapshot("tags")).toEqual(kept);
  });

  test("a total counted by substring during a build is not reused once the index answers", async () => {
    const ids = await freshTags("总数", 6, 2);
    // With a second filter, the total is counted and kept under the write version.
    const totalOf = async () =>
      (
        (await call(
          "GET",
          `/tjc/tags?${new URLSearchParams({ filter: JSON.stringify({ q: "graces", id: ids }), range: "[0,99]" })}`,
        )) as { total: number }
      ).total;
    expect(await totalOf()).toBe(6);

    const { build, release } = await holdTagsBuild();
    expect(await totalOf()).toBe(3); // the substring search: `graces` only
    release();
    await build;
    expect(await totalOf()).toBe(6); // the index again: `grace` stems the same
  });
});
