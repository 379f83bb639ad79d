import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { TAG_SORT_FIELDS } from "../../common/schemas/tag.js";
import { keywordCondition, keywordPlan, walkWithList } from "../db/search.js";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { nowIso } from "../db/dialect.js";
import { tagResource } from "../routes/tags/index.js";
import { endsWithPaging, resourceQueries } from "./resource-queries.js";
import { sortColumn } from "./sort-keys.js";

let t: TestApp;
let queries: ReturnType<typeof resourceQueries>;
beforeAll(async () => {
  t = await buildTestApp();
  queries = resourceQueries(t.app, {
    table: "tags",
    search: { table: "tags", columns: ["name", "name_en"] },
  } as never);
  const now = nowIso();
  await t.app.store.db
    .insertInto("tags")
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        name: `paging-${String(i).padStart(2, "0")}`,
        nameEn: i % 3 === 0 ? "third" : null,
        sortOrder: i,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
});
afterAll(() => t.close());

const names = (rows: unknown[]) =>
  rows.map((row) => (row as { name: string }).name);

describe("compiled list queries", () => {
  it("recognises LIMIT and OFFSET at the end of this store's page SQL", () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = t.app.store.db as unknown as Kysely<any>;
    const query = db
      .selectFrom("tags")
      .selectAll()
      .where("name", "like", "x%")
      .orderBy("name")
      .limit(7)
      .offset(7)
      .compile();
    expect(endsWithPaging(query, 7, 7)).toBe(true);
    expect(endsWithPaging(query, 7, 8)).toBe(false);
    const noOffset = db.selectFrom("tags").selectAll().limit(7).compile();
    expect(endsWithPaging(noOffset, 7, 0)).toBe(false);
    // A deep page: the paging ends the ids' subquery, and nothing after it is a parameter.
    const ids = db
      .selectFrom("tags")
      .select("id")
      .orderBy("name")
      .limit(7)
      .offset(140);
    const deep = db
      .selectFrom("tags")
      .selectAll()
      .where("id", "in", ids)
      .orderBy("name")
      .compile();
    expect(endsWithPaging(deep, 7, 140)).toBe(true);
    const parameterAfter = db
      .selectFrom("tags")
      .selectAll()
      .where("id", "in", ids)
      .where("name", "!=", "x")
      .compile();
    expect(endsWithPaging(parameterAfter, 7, 140)).toBe(false);
  });

  it("answers each page's own rows when the same filter and order come again", async () => {
    const filter = { q: "paging-" };
    const sort = { field: "name", order: "asc" as const };
    const first = await queries.pageWithTotal(filter, sort, 0, 5);
    const second = await queries.pageWithTotal(filter, sort, 5, 5);
    const last = await queries.pageWithTotal(filter, sort, 10, 5);
    expect(names(first.rows)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `paging-0${i}`),
    );
    expect(names(second.rows)).toEqual(
      ["05", "06", "07", "08", "09"].map((i) => `paging-${i}`),
    );
    expect(names(last.rows)).toEqual(["paging-10", "paging-11"]);
    expect([first.total, second.total, last.total]).toEqual([12, 12, 12]);
    // A different filter value is a different query, not the cached one.
    const thirds = await queries.pageWithTotal({ q: "third" }, sort, 0, 5);
    expect(names(thirds.rows)).toEqual(
      ["00", "03", "06", "09"].map((i) => `paging-${i}`),
    );
    expect(thirds.total).toBe(4);
    const descending = await queries.pageWithTotal(
      filter,
      { field: "name", order: "desc" },
      0,
      2,
    );
    expect(names(descending.rows)).toEqual(["paging-11", "paging-10"]);
  });
});

describe("pages deep in a list", () => {
  // From offset 100 a page reads the skipped rows' ids first (DEFERRED_FROM_OFFSET).
  it("answers the same rows around and past the offset where ids are read first", async () => {
    const now = nowIso();
    await t.app.store.db
      .insertInto("tags")
      .values(
        Array.from({ length: 150 }, (_, i) => ({
          name: `deep-${String(i).padStart(3, "0")}`,
          nameEn: i % 2 === 0 ? "even" : null,
          // Ties on purpose: the id must break them the same way in both reads.
          sortOrder: Math.floor(i / 4),
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    const all = Array.from(
      { length: 150 },
      (_, i) => `deep-${String(i).padStart(3, "0")}`,
    );
    const byName = { field: "name", order: "asc" as const };
    for (const offset of [95, 99, 100, 101, 125, 140, 150]) {
      const page = await queries.pageWithTotal(
        { q: "deep-" },
        byName,
        offset,
        10,
      );
      expect(names(page.rows)).toEqual(all.slice(offset, offset + 10));
      expect(page.total).toBe(150);
    }
    const descending = await queries.pageWithTotal(
      { q: "deep-" },
      { field: "name", order: "desc" },
      120,
      5,
    );
    expect(names(descending.rows)).toEqual([...all].reverse().slice(120, 125));
    // Ties on the sort column, broken by the id, in both directions.
    const bySortOrder = (order: "asc" | "desc") =>
      queries.pageWithTotal(
        { q: "deep-" },
        { field: "sortOrder", order },
        100,
        8,
      );
    expect(names((await bySortOrder("asc")).rows)).toEqual(all.slice(100, 108));
    expect(names((await bySortOrder("desc")).rows)).toEqual(
      [...all].reverse().slice(100, 108),
    );
    // Without a filter: a deep page is the same slice of one shallow read of everything.
    const everything = await queries.pageWithTotal({}, byName, 0, 1000);
    const deep = await queries.pageWithTotal({}, byName, 100, 60);
    expect(everything.rows.length).toBeGreaterThan(160);
    expect(names(deep.rows)).toEqual(names(everything.rows).slice(100, 160));
  });
});

describe("keyword plans", () => {
  it("walks the sort index only when matches are dense enough", () => {
    // 100,000 rows: a 1% word's first page walks, its fiftieth looks rows up.
    expect(keywordPlan(1000, 100_000, 25)).toBe("walk");
    expect(keywordPlan(1000, 100_000, 1250)).toBe("lookup");
    expect(keywordPlan(40_000, 100_000, 1250)).toBe("walk");
    expect(keywordPlan(1, 100_000, 25)).toBe("lookup");
    expect(keywordPlan(0, 0, 25)).toBe("lookup");
    // Wide rows (sermons) cost more to look up and sort: a tag on 2% walks, even deep.
    expect(keywordPlan(1951, 100_000, 1000)).toBe("lookup");
    expect(keywordPlan(1951, 100_000, 1000, 64)).toBe("walk");
    expect(keywordPlan(50, 100_000, 25, 64)).toBe("lookup");
  });

  it("walks a rare term's postings as a list, a common one's by lookup per row", () => {
    // 100,000 rows, page 1: a term in 1% of them is gathered once; one in 40% is not.
    expect(walkWithList(1000, 1000, 100_000, 25)).toBe(true);
    expect(walkWithList(40_000, 40_000, 100_000, 25)).toBe(false);
    // Two terms in 1% each, matching together in 0.1%: the walk is long, both listed.
    expect(walkWithList(1000, 100, 100_000, 25)).toBe(true);
    expect(walkWithList(10, 0, 100, 25)).toBe(false);
  });

  it("answers the same rows either way", async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = t.app.store.db as unknown as Kysely<any>;
    const spec = { table: "tags", columns: ["name", "name_en"] };
    const pageBy = (plan: "lookup" | "walk", offset: number) =>
      db
        .selectFrom("tags")
        .selectAll()
        .where(keywordCondition(t.app.store.kind, spec, "aging third", plan))
        .orderBy("name", "desc")
        .orderBy("id", "desc")
        .limit(3)
        .offset(offset)
        .compile();
    for (const offset of [0, 3]) {
      const [lookup, walk] = await t.app.store.read([
        pageBy("lookup", offset),
        pageBy("walk", offset),
      ]);
      expect(walk).toEqual(lookup);
    }
    const [firstPage] = await t.app.store.read([pageBy("walk", 0)]);
    expect(names(firstPage!)).toEqual(["paging-09", "paging-06", "paging-03"]);
  });

  it.runIf(process.env.TEST_DATABASE_URL === undefined)(
    "walks an index on SQLite, for every sortable field of tags (a key column's for a field with one)",
    async () => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const db = t.app.store.db as unknown as Kysely<any>;
      const spec = { table: "tags", columns: ["name", "name_en"] };
      for (const field of TAG_SORT_FIELDS) {
        const query = db
          .selectFrom("tags")
          .selectAll()
          .where(keywordCondition("sqlite", spec, "paging", "walk"))
          .orderBy(sortColumn(tagResource.sortKeys, field), "asc")
          .orderBy("id", "asc")
          .limit(25)
          .compile();
        const [steps] = await t.app.store.read([
          { ...query, sql: `EXPLAIN QUERY PLAN ${query.sql}` },
        ]);
        const details = steps!.map((step) => String(step.detail));
        expect(details.join(" | "), field).not.toContain("TEMP B-TREE");
      }
    },
  );
});
