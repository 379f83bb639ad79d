import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { nowIso } from "../dialect.js";
import { createSearchIndex, keywordCondition } from "../search.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = () => t.app.store.db as unknown as Kysely<any>;

describe("migration 0037: one search structure per table", () => {
  test("leaves no second search structure beside the word index", async () => {
    if (t.app.store.kind === "sqlite") {
      const { rows } = await sql<{ type: string; name: string }>`
        select type, name from sqlite_master
        where name like '%fts%' or sql like '%fts5%'`.execute(db());
      expect(rows).toEqual([]);
      // The word index's own triggers stay.
      const { rows: wordIndex } = await sql<{ name: string }>`
        select name from sqlite_master
        where type = 'trigger' and name = 'sermons_search_ad'`.execute(db());
      expect(wordIndex).toHaveLength(1);
    } else {
      const { rows } = await sql<{ name: string }>`
        select indexname as name from pg_indexes
        where schemaname = current_schema() and indexdef like '%gin_trgm_ops%'
        order by indexname`.execute(db());
      // Only the believers' name filter keeps its trigram index.
      expect(rows.map((row) => row.name)).toEqual(["disciples_name_trgm"]);
    }
  });

  test("writes still work and the substring search scans for them", async () => {
    const now = nowIso();
    const inserted = await db()
      .insertInto("tags")
      .values({
        name: "m0037 祷告会",
        nameEn: "Prayer MEETING m0037",
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const spec = { table: "tags", columns: ["name", "name_en"] };
    const find = async (query: string) =>
      (
        await db()
          .selectFrom("tags")
          .select("id")
          .where(keywordCondition(t.app.store.kind, spec, query))
          .execute()
      ).map((row) => row.id);
    // Case-insensitive, a substring inside a word, several words, a short Chinese word.
    expect(await find("eeting M0037")).toEqual([inserted.id]);
    expect(await find("告会")).toEqual([inserted.id]);
    await db()
      .updateTable("tags")
      .set({ nameEn: "Hymns m0037" })
      .where("id", "=", inserted.id)
      .execute();
    expect(await find("meeting m0037")).toEqual([]);
    expect(await find("hymn")).toEqual([inserted.id]);
    await db().deleteFrom("tags").where("id", "=", inserted.id).execute();
    expect(await find("m0037")).toEqual([]);
    // LIKE's wildcards in a keyword are literal.
    expect(await find("%")).toEqual([]);
  });

  test.runIf(process.env.TEST_DATABASE_URL === undefined)(
    "the scan finds the rows the FTS5 table found, on a seeded corpus",
    async () => {
      const spec = { table: "tags", columns: ["name", "name_en"] };
      // The structure 0037 dropped, rebuilt for the comparison, then dropped again.
      await createSearchIndex(db(), "sqlite", spec);
      const words = ["祷告会", "青年团契", "Grace", "PEACE", "hymn", "诗班"];
      const now = nowIso();
      await db()
        .insertInto("tags")
        .values(
          Array.from({ length: 60 }, (_, i) => ({
            name: `c37-${words[i % 6]}${words[(i * 7) % 6]}-${i}`,
            nameEn: i % 4 === 0 ? null : `${words[(i * 5) % 6]} of ${i}`,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .execute();
      // Words of three or more characters: FTS5 answered those; shorter ones were a
      // LIKE scan before 0037 too.
      for (const query of [
        "祷告会",
        "grace",
        "Peace c37",
        "ymn",
        "c37-诗班 hymn",
        "c37-青年团契祷告会",
        "absent-word",
      ]) {
        const scanned = await db()
          .selectFrom("tags")
          .select("id")
          .where(keywordCondition("sqlite", spec, query))
          .orderBy("id")
          .execute();
        const match = query
          .split(" ")
          .map((word) => `"${word}"`)
          .join(" AND ");
        const { rows: found } = await sql<{ id: number }>`
          select rowid as id from tags_fts where tags_fts match ${match}
          order by rowid`.execute(db());
        expect(
          scanned.map((row) => row.id),
          query,
        ).toEqual(found.map((row) => row.id));
      }
      for (const suffix of ["ai", "ad", "au"])
        await sql`drop trigger ${sql.id(`tags_fts_${suffix}`)}`.execute(db());
      await sql`drop table tags_fts`.execute(db());
    },
  );
});
