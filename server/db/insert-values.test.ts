import { afterAll, beforeAll, expect, test } from "vitest";
import { sql } from "kysely";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { insertValues } from "./word-index.js";

/**
 * insertValues sends a large insert on PostgreSQL as one array literal per column, which
 * it writes itself: text with quotes, backslashes, braces and commas, and numbers, come
 * back as they went in. On SQLite (the default) it is multi-row VALUES; both run here.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await sql`create table insert_values_probe (n integer not null, s text not null)`.execute(
    t.app.store.db,
  );
});
afterAll(async () => {
  await sql`drop table insert_values_probe`.execute(t.app.store.db);
  await t.close();
});

test("large inserts keep every value as it was", async () => {
  const texts = [
    'a "quoted" word',
    'back\\slash \\\\ and \\"',
    "{braces},commas, and spaces ",
    "NULL",
    "",
    "[[1,2],[3,4]]",
    "约翰福音 3:16，神爱世人",
  ];
  const values: unknown[] = [];
  for (let i = 0; i < 250; i++) values.push(i - 100, texts[i % texts.length]);
  await insertValues(
    t.app.store.db,
    t.app.store.kind,
    "insert_values_probe",
    ["n", "s"],
    values,
    "",
    ["int", "text"],
  );
  const rows = (
    await sql<{
      n: number;
      s: string;
    }>`select n, s from insert_values_probe order by n`.execute(t.app.store.db)
  ).rows;
  expect(rows.map((row) => [Number(row.n), row.s])).toEqual(
    Array.from({ length: 250 }, (_, i) => [i - 100, texts[i % texts.length]]),
  );
});
