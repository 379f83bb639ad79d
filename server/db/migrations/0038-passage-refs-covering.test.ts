import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { postingOnPassage } from "../word-index.js";
import { postingsSql } from "../postings.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = () => t.app.store.db as unknown as Kysely<any>;

describe("migration 0038: verse ranges checked from the index alone", () => {
  test("keeps one index per use: by row with its keys, and by range", async () => {
    const { rows } =
      t.app.store.kind === "sqlite"
        ? await sql<{ name: string }>`
            select name from sqlite_master
            where type = 'index' and tbl_name = 'passage_refs' order by name`.execute(
            db(),
          )
        : await sql<{ name: string }>`
            select indexname as name from pg_indexes
            where schemaname = current_schema() and tablename = 'passage_refs'
            order by indexname`.execute(db());
    expect(rows.map((row) => row.name)).toEqual([
      "passage_refs_doc_keys",
      "passage_refs_range",
    ]);
  });

  test("a posting's passage check reads no row of passage_refs (SQLite's plan)", async () => {
    if (t.app.store.kind !== "sqlite") return;
    const { rows } = await sql<{ detail: string }>`explain query plan
      ${postingsSql("sqlite", "sermons").rowsWith(1, (docId) => postingOnPassage(docId, "sermons", "Luke 1-24"))}`.execute(
      db(),
    );
    expect(rows.map((row) => row.detail)).toContainEqual(
      expect.stringContaining("USING COVERING INDEX passage_refs_doc_keys"),
    );
  });

  test("on PostgreSQL, a rare word's postings each seek their ranges (perPosting)", async () => {
    if (t.app.store.kind !== "postgres") return;
    // The test's tables are nearly empty, where a scan is cheapest: plan as for a full one.
    const plan = await db()
      .transaction()
      .execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const { rows } = await sql<{ "QUERY PLAN": string }>`explain
          ${postingsSql("postgres", "sermons").rowsWith(1, (docId) => postingOnPassage(docId, "sermons", "Luke 1-24", true))}`.execute(
          trx,
        );
        return rows.map((row) => row["QUERY PLAN"]).join("\n");
      });
    // A subquery run per posting, not a join that hashes every range of the book.
    expect(plan).toMatch(/SubPlan/);
    expect(plan).toMatch(/passage_refs_doc_keys/);
    expect(plan).not.toMatch(/Hash/);
  });
});
