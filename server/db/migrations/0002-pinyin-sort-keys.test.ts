import { afterAll, beforeAll, expect, test } from "vitest";
import { sql } from "kysely";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { nowIso } from "../dialect.js";
import { up } from "./0002-pinyin-sort-keys.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

test("adds the pinyin key to tags written before it, and indexes it", async () => {
  const db = t.app.store.db;
  // Back to the schema of 0001, with tags written then.
  await sql`drop index tags_name_pinyin`.execute(db);
  await sql`alter table tags drop column name_pinyin`.execute(db);
  const now = nowIso();
  for (const name of ["团契", "查经", "祷告", "福音", "赞美"]) {
    await sql`insert into tags (name, sort_order, created_at, updated_at, version)
      values (${name}, 0, ${now}, ${now}, 1)`.execute(db);
  }

  await up(db as never, t.app.store.kind);

  const rows = await db
    .selectFrom("tags")
    .select(["name", "namePinyin"])
    .orderBy("namePinyin")
    .execute();
  expect(rows).toEqual([
    { name: "查经", namePinyin: "cha2 jing1" },
    { name: "祷告", namePinyin: "dao3 gao4" },
    { name: "福音", namePinyin: "fu2 yin1" },
    { name: "团契", namePinyin: "tuan2 qi4" },
    { name: "赞美", namePinyin: "zan4 mei3" },
  ]);
  // The index exists again: dropping it succeeds.
  await sql`drop index tags_name_pinyin`.execute(db);
  await sql`create index tags_name_pinyin on tags (name_pinyin)`.execute(db);
});
