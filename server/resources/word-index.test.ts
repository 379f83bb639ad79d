import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  test,
} from "vitest";
import { sql } from "kysely";
import { buildTestApp, okData, type TestApp } from "../test/helper.js";
import { ensureIndexBuilt } from "../db/index-build.js";
import { forgetUnindexable, isIndexReady } from "../db/index-ready.js";
import { MAX_DOC_ID } from "../db/postings.js";
import { tagResource } from "../routes/tags/index.js";

/**
 * The word index behind every list's `q` (issue 16): exact totals after every kind of
 * write, the substring fallback, highlights, relevance, passages, and a property test
 * against a plain substring scan. Runs on PostgreSQL too with TEST_DATABASE_URL.
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
beforeEach(async () => {
  await t.app.store.db.deleteFrom("tags").execute();
});

const call = (method: string, url: string, payload?: object) =>
  okData(t, editor, method, url, payload);
const createTag = (name: string, nameEn?: string) =>
  call("POST", "/tjc/tags", { name, nameEn });
async function listTags(
  filter: object,
  sort?: [string, string],
  range = [0, 99],
) {
  const params = new URLSearchParams({
    filter: JSON.stringify(filter),
    range: JSON.stringify(range),
  });
  if (sort) params.set("sort", JSON.stringify(sort));
  return call("GET", `/tjc/tags?${params}`) as Promise<{
    list: {
      id: number;
      name: string;
      nameEn: string | null;
      version: number;
    }[];
    total: number;
    highlights?: Record<string, Record<string, { text: string; hit?: true }[]>>;
  }>;
}

describe("exact totals", () => {
  test("after inserts, updates, deletes and batch deletes, filtered or not", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++)
      ids.push(
        (await createTag(`祷告会${i}`, i % 2 ? "prayer meeting" : "grace")).id,
      );
    expect((await listTags({})).total).toBe(12);
    expect((await listTags({ q: "祷告" })).total).toBe(12);
    expect((await listTags({ q: "grace" })).total).toBe(6);
    expect((await listTags({ q: "prayer" })).total).toBe(6);
    expect((await listTags({ q: "prayer", id: ids.slice(0, 4) })).total).toBe(
      2,
    );

    // An update moves a row from one word to another.
    const first = (await listTags({ id: ids[0] })).list[0]!;
    await call("PUT", `/tjc/tags/${ids[0]}`, {
      name: "赞美",
      nameEn: "prayer",
      version: first.version,
    });
    expect((await listTags({ q: "祷告" })).total).toBe(11);
    expect((await listTags({ q: "grace" })).total).toBe(5);
    expect((await listTags({ q: "prayer" })).total).toBe(7);
    expect((await listTags({ q: "prayer", id: ids.slice(0, 4) })).total).toBe(
      3,
    );

    await call("DELETE", `/tjc/tags/${ids[1]}`);
    expect((await listTags({})).total).toBe(11);
    expect((await listTags({ q: "prayer" })).total).toBe(6);
    expect((await listTags({ q: "prayer", id: ids.slice(0, 4) })).total).toBe(
      2,
    );

    await call("POST", "/tjc/tags/batch", {
      action: "delete",
      ids: ids.slice(2, 8),
    });
    expect((await listTags({})).total).toBe(5);
    expect((await listTags({ q: "祷告" })).total).toBe(4);
    expect((await listTags({ q: "prayer" })).total).toBe(3);
    expect((await listTags({ q: "prayer grace" })).total).toBe(0);
    expect((await listTags({ q: "prayer", id: ids.slice(0, 4) })).total).toBe(
      1,
    );

    // A delete that bypasses the routes (a job, a cleanup) keeps the totals too.
    await t.app.store.db.deleteFrom("tags").where("id", "=", ids[8]!).execute();
    expect((await listTags({})).total).toBe(4);
    expect((await listTags({ q: "祷告" })).total).toBe(3);
    const rows = await t.app.store.db
      .selectFrom("tags")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(4);
  });
});

describe("finding", () => {
  test("English is stemmed, Chinese words and characters are found", async () => {
    await createTag("恩典", "Graces");
    await createTag("福音书", "Gospels");
    await createTag("福音", "Good news");
    const names = async (q: string) =>
      (await listTags({ q }, ["name", "ASC"])).list
        .map((tag) => tag.name)
        .sort();
    expect(await names("grace")).toEqual(["恩典"]);
    expect(await names("GOSPEL")).toEqual(["福音书"]);
    expect(await names("福音")).toEqual(["福音", "福音书"]);
    expect(await names("音")).toEqual(["福音", "福音书"]);
  });

  test("a word that is no term falls back to the substring search", async () => {
    await createTag("诗篇", "Psalms");
    await createTag("箴言", "Proverbs");
    // "salm" and "ver" are inside words, never terms of their own.
    expect((await listTags({ q: "salm" })).list.map((tag) => tag.name)).toEqual(
      ["诗篇"],
    );
    expect((await listTags({ q: "ver" })).total).toBe(1);
    expect((await listTags({ q: "zzz" })).total).toBe(0);
  });

  test("orders by relevance on request", async () => {
    await createTag("祷告", "prayer");
    await createTag("祷告祷告", "prayer prayer prayer");
    const { list } = await listTags({ q: "prayer" }, ["relevance", "DESC"]);
    expect(list.map((tag) => tag.name)).toEqual(["祷告祷告", "祷告"]);
  });

  test("a word written more than 32,767 times counts as 32,767 (PostgreSQL keeps int2)", async () => {
    const sermon = (body: string) =>
      call("POST", "/tjc/sermons", {
        title: "恩典",
        preachedOn: "2026-11-22",
        body,
      }) as Promise<{ id: number }>;
    // 40,000 times: past what a tf may hold, and within the body's 500,000 characters.
    const many = await sermon("grace ".repeat(40_000));
    const few = await sermon("grace grace");
    const params = new URLSearchParams({
      filter: JSON.stringify({ q: "grace" }),
      sort: JSON.stringify(["relevance", "DESC"]),
    });
    const found = (await call("GET", `/tjc/sermons?${params}`)) as {
      list: { id: number }[];
      total: number;
    };
    expect(found.total).toBe(2);
    expect(found.list.map((row) => row.id)).toEqual([many.id, few.id]);
    await t.app.store.db.deleteFrom("sermons").execute();
  });

  test("highlights the matched words", async () => {
    const tag = await createTag("周三祷告会", "Wednesday prayers");
    const { highlights } = await listTags({ q: "祷告 prayer" });
    expect(highlights![String(tag.id)]).toEqual({
      name: [{ text: "周三" }, { text: "祷告", hit: true }, { text: "会" }],
      nameEn: [{ text: "Wednesday " }, { text: "prayers", hit: true }],
    });
    expect((await listTags({})).highlights).toBeUndefined();
  });
});

describe("row ids past what SQLite's postings key (2^24 - 1)", () => {
  test("the table is searched by substring instead, and a build refuses it", async () => {
    if (t.app.store.kind !== "sqlite") return;
    const db = t.app.store.db;
    const spec = tagResource.search!;
    await createTag("祷告会", "prayer");
    // The next tag's id is past the postings' 24 bits.
    await sql`update sqlite_sequence set seq = ${MAX_DOC_ID} where name = 'tags'`.execute(
      db,
    );
    try {
      const big = await createTag("周三祷告", "Wednesday prayer");
      expect(big.id).toBe(MAX_DOC_ID + 1);
      expect(isIndexReady(db, "tags")).toBe(false);
      // Both rows, found by the substring search: none is left out.
      const found = await listTags({ q: "祷告" });
      expect(found.total).toBe(2);
      expect(found.list.map((tag) => tag.id)).toContain(big.id);
      await expect(ensureIndexBuilt(db, "sqlite", spec)).rejects.toThrow(
        /past 16777215/,
      );
    } finally {
      await db.deleteFrom("tags").execute();
      await sql`update sqlite_sequence set seq = 0 where name = 'tags'`.execute(
        db,
      );
      forgetUnindexable();
      await ensureIndexBuilt(db, "sqlite", spec);
    }
    expect(isIndexReady(db, "tags")).toBe(true);
    await createTag("祷告", "prayer");
    expect((await listTags({ q: "祷告" })).total).toBe(1);
  });
});

describe("traditional and simplified Chinese", () => {
  test("a query in either script finds text in the other, and highlights it as written", async () => {
    const simplified = await createTag("周三祷告会");
    const traditional = await createTag("週三禱告會");
    await createTag("恩典");
    const ids = async (q: string) =>
      (await listTags({ q })).list.map((tag) => tag.id).sort((a, b) => a - b);
    const both = [simplified.id, traditional.id].sort((a, b) => a - b);
    expect(await ids("禱告")).toEqual(both);
    expect(await ids("祷告")).toEqual(both);
    expect(await ids("祷告会")).toEqual(both);
    expect((await listTags({ q: "禱告" })).total).toBe(2);
    const { highlights } = await listTags({ q: "禱告" });
    expect(highlights![String(simplified.id)]!.name).toEqual([
      { text: "周三" },
      { text: "祷告", hit: true },
      { text: "会" },
    ]);
    expect(highlights![String(traditional.id)]!.name).toEqual([
      { text: "週三" },
      { text: "禱告", hit: true },
      { text: "會" },
    ]);
  });
});

describe("property: the index answers what a substring scan answers", () => {
  // Words no one of which holds another, so word and substring meaning agree.
  const vocabulary = [
    "祷告",
    "恩典",
    "平安",
    "喜乐",
    "盼望",
    "grace",
    "mercy",
    "hope",
    "light",
    "faith",
  ];
  const characters = ["祷", "恩", "平", "喜", "盼"];
  test("on random data", async () => {
    let seed = 16;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const rows: string[] = [];
    for (let i = 0; i < 40; i++) {
      const words = Array.from(
        { length: 1 + random(4) },
        () => vocabulary[random(vocabulary.length)]!,
      );
      const name = `${words.join("，")}-${i}`;
      rows.push(name);
      await createTag(name);
    }
    for (const query of [
      ...vocabulary,
      ...characters,
      "grace 平安",
      "恩典 hope",
    ]) {
      const words = query.split(" ");
      const expected = rows.filter((row) =>
        words.every((word) => row.includes(word)),
      ).length;
      const { total, list } = await listTags({ q: query }, undefined, [0, 99]);
      expect(total, query).toBe(expected);
      expect(list.length, query).toBe(expected);
      for (const tag of list)
        for (const word of words) expect(tag.name).toContain(word);
      // Short pages walk the name index (SQLite), checking each term against its postings
      // gathered once (pages of 3) or by a lookup per row (pages of 1): the same rows.
      const sort: [string, string] = ["name", "ASC"];
      const all = await listTags({ q: query }, sort, [0, 99]);
      for (const size of [1, 3]) {
        const paged: number[] = [];
        for (let from = 0; from < Math.min(expected, 6); from += size) {
          const page = await listTags({ q: query }, sort, [
            from,
            from + size - 1,
          ]);
          expect(page.total, query).toBe(expected);
          paged.push(...page.list.map((tag) => tag.id));
        }
        expect(paged, `${query} in pages of ${size}`).toEqual(
          all.list.slice(0, paged.length).map((tag) => tag.id),
        );
      }
    }
  });
});

describe("passages", () => {
  test("a sermon's passage filters the list; a bad reference is 40000", async () => {
    const sermon = (title: string, passage: string) =>
      call("POST", "/tjc/sermons", { title, passage });
    await sermon("重生", "约翰福音3:1-21");
    await sermon("爱", "John 3:16");
    await sermon("万事互相效力", "罗马书8章28节");
    const titles = async (passage: string) => {
      const params = new URLSearchParams({
        filter: JSON.stringify({ passage }),
      });
      const data = await call("GET", `/tjc/sermons?${params}`);
      return (data.list as { title: string }[]).map((s) => s.title).sort();
    };
    expect(await titles("約3:16")).toEqual(["爱", "重生"]);
    expect(await titles("John 3:20")).toEqual(["重生"]);
    expect(await titles("Rom 8")).toEqual(["万事互相效力"]);
    const bad = await t.request({
      method: "GET",
      url: `/tjc/sermons?filter=${encodeURIComponent(JSON.stringify({ passage: "天气很好" }))}`,
      token: editor,
    });
    expect(bad.json().code).toBe(40000);
  });
});
