import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { alignSortIndexes } from "./sort-indexes.js";

/**
 * PostgreSQL's sort indexes end with the row's id, as lists order by (field, id)
 * (sort-indexes.ts). Runs with TEST_DATABASE_URL; SQLite's indexes end with the rowid.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const definitionOf = async (index: string) =>
  (
    await sql<{
      indexdef: string;
    }>`select indexdef from pg_indexes where schemaname = current_schema() and indexname = ${index}`.execute(
      t.app.store.db,
    )
  ).rows[0]?.indexdef;

describe("sort indexes on PostgreSQL", () => {
  test("the migrated store's are (field, id), and a list walks one in order", async () => {
    if (t.app.store.kind !== "postgres") return;
    expect(await definitionOf("sermons_preached_on")).toMatch(
      /\(preached_on, id\)$/,
    );
    // The test's table is nearly empty, where a scan is cheapest: plan as for a full one.
    const plan = await t.app.store.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{
        "QUERY PLAN": string;
      }>`explain select * from sermons order by preached_on desc, id desc limit 20`.execute(
        trx,
      );
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toMatch(/Index Scan Backward using sermons_preached_on/);
    expect(plan).not.toMatch(/Sort/); // not even an incremental one
    expect(plan).not.toMatch(/Sort/);
  });

  test("a single-column index made later is aligned; unique and multi-column ones are not", async () => {
    if (t.app.store.kind !== "postgres") return;
    const db = t.app.store.db;
    await sql`create table sort_probe (id serial primary key, a int, b int, c int)`.execute(
      db,
    );
    try {
      await sql`create index sort_probe_a on sort_probe (a)`.execute(db);
      await sql`create unique index sort_probe_b on sort_probe (b)`.execute(db);
      await sql`create index sort_probe_bc on sort_probe (b, c)`.execute(db);
      expect(await alignSortIndexes(db)).toBe(1);
      expect(await definitionOf("sort_probe_a")).toMatch(/\(a, id\)$/);
      expect(await definitionOf("sort_probe_b")).toMatch(/\(b\)$/);
      expect(await definitionOf("sort_probe_bc")).toMatch(/\(b, c\)$/);
      // Nothing left to do the second time.
      expect(await alignSortIndexes(db)).toBe(0);
    } finally {
      await sql`drop table sort_probe`.execute(db);
    }
  });
});
