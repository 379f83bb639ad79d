import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { nowIso } from "./dialect.js";
import { knownRows } from "./store.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function addTag(name: string, nameEn: string | null = null) {
  const now = nowIso();
  return t.app.store.db
    .insertInto("tags")
    .values({ name, nameEn, sortOrder: 0, createdAt: now, updatedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
}

const tagsNamed = (prefix: string) =>
  t.app.store.db
    .selectFrom("tags")
    .select(["id", "name", "nameEn"])
    .where("name", "like", `${prefix}%`)
    .orderBy("id")
    .compile();

describe("store.read", () => {
  it("answers each query's rows with camelCase keys, in order", async () => {
    const { id } = await addTag("read-camel-1", "Camel");
    const [rows, counted] = await t.app.store.read([
      tagsNamed("read-camel-"),
      t.app.store.db
        .selectFrom("tags")
        .select((eb) => eb.fn.countAll<number>().as("total"))
        .where("name", "like", "read-camel-%")
        .compile(),
    ]);
    expect(rows).toEqual([{ id, name: "read-camel-1", nameEn: "Camel" }]);
    expect(Number(counted![0]!.total)).toBe(1);
  });

  it("sees a write as soon as it is committed", async () => {
    const [before] = await t.app.store.read([tagsNamed("read-after-")]);
    expect(before).toEqual([]);
    await addTag("read-after-1");
    const [after] = await t.app.store.read([tagsNamed("read-after-")]);
    expect(after!.map((row) => row.name)).toEqual(["read-after-1"]);
  });

  it("never sees a transaction that is still open, nor one rolled back", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedInside = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = t.app.store
      .transaction(async (trx) => {
        const now = nowIso();
        await trx
          .insertInto("tags")
          .values({
            name: "read-open-1",
            sortOrder: 0,
            createdAt: now,
            updatedAt: now,
          })
          .execute();
        inserted();
        await held;
        throw new Error("roll back");
      })
      .catch((error: Error) => error.message);

    await insertedInside;
    // The read answers while the transaction is still open, without waiting for it.
    const [during] = await t.app.store.read([tagsNamed("read-open-")]);
    expect(during).toEqual([]);
    release();
    expect(await transaction).toBe("roll back");
    const [after] = await t.app.store.read([tagsNamed("read-open-")]);
    expect(after).toEqual([]);
  });

  it("refuses a write", async () => {
    const write = sql`DELETE FROM tags`.compile(t.app.store.db);
    await expect(t.app.store.read([write])).rejects.toThrow();
    const [rows] = await t.app.store.read([
      t.app.store.db
        .selectFrom("tags")
        .select((eb) => eb.fn.countAll<number>().as("total"))
        .compile(),
    ]);
    expect(Number(rows![0]!.total)).toBeGreaterThan(0);
  });

  it("answers a first statement without parameters like any other", async () => {
    const { id } = await addTag("read-literal-1");
    const [literal, rows] = await t.app.store.read([
      sql`select count(*) as tag_total from tags where name = 'read-literal-1'`.compile(
        t.app.store.db,
      ),
      tagsNamed("read-literal-"),
    ]);
    expect(literal!.map((row) => Number(row.tagTotal))).toEqual([1]);
    expect(rows!.map((row) => row.id)).toEqual([id]);
  });

  it("answers known rows without a statement, and hands them to the next step", async () => {
    const { id } = await addTag("read-known-1");
    const [known, rows] = await t.app.store.read([
      knownRows([{ total: 7 }]),
      (previous) =>
        Number(previous[0]![0]!.total) === 7
          ? tagsNamed("read-known-")
          : knownRows([]),
    ]);
    expect(known).toEqual([{ total: 7 }]);
    expect(rows).toEqual([{ id, name: "read-known-1", nameEn: null }]);
  });

  it("answers the same rows for a statement first, in the middle and last (PostgreSQL writes the parameters of the first and last in)", async () => {
    const name = `read-inline-'quote' \\back $1 -- 中文`;
    const { id } = await addTag(name, "it's");
    const exact = t.app.store.db
      .selectFrom("tags")
      .select(["id", "name", "nameEn"])
      .where("name", "=", name)
      .where("id", ">", -1)
      .limit(5)
      .compile();
    const [first, middle, last] = await t.app.store.read([exact, exact, exact]);
    const expected = [{ id, name, nameEn: "it's" }];
    expect(first).toEqual(expected);
    expect(middle).toEqual(expected);
    expect(last).toEqual(expected);
  });

  it("keeps working after a read that failed part-way", async () => {
    const broken = sql`select * from no_such_table`.compile(t.app.store.db);
    // First or later, with parameters or without (PostgreSQL sends a first statement
    // without parameters together with BEGIN): the read rolls back and frees its client.
    for (let i = 0; i < 12; i++) {
      await expect(
        t.app.store.read([tagsNamed("read-fail-"), broken]),
      ).rejects.toThrow();
      await expect(
        t.app.store.read([broken, tagsNamed("read-fail-")]),
      ).rejects.toThrow();
    }
    const { id } = await addTag("read-fail-1");
    const [rows] = await t.app.store.read([tagsNamed("read-fail-")]);
    expect(rows!.map((row) => row.id)).toEqual([id]);
  });
});

describe("SQLite's page cache", () => {
  it("is bounded on both connections, the writer's and the reader's", async () => {
    if (t.app.store.kind !== "sqlite") return;
    const size = (rows: readonly unknown[]) =>
      Number(Object.values(rows[0] as object)[0]);
    const written = await sql`pragma cache_size`.execute(t.app.store.db);
    const [read] = await t.app.store.read([
      sql`pragma cache_size`.compile(t.app.store.db),
    ]);
    // Negative: KiB, as store.ts sets it (SQLite's and better-sqlite3's are other sizes).
    expect(size(written.rows)).toBe(-4096);
    expect(size(read!)).toBe(-4096);
  });
});
