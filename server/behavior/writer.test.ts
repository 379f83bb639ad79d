import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  test,
} from "vitest";
import { sql } from "kysely";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { insertSizes, MAX_QUEUED_ROWS, type BehaviorRow } from "./writer.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.app.behavior.flush();
  await t.app.store.db.deleteFrom("behaviorEvents").execute();
});

/** Row i: its path, session, time and duration all carry i, so a shifted column shows. */
function row(i: number): BehaviorRow {
  return {
    day: "2026-11-24",
    // Across seconds and milliseconds: the time is formatted as it is written.
    at: Date.UTC(2026, 10, 24, 8, 0, 0, 0) + i * 1001,
    type: i % 3 === 0 ? "leave" : "pageview",
    app: "public",
    visitorId: `visitor-${i % 7}`,
    sessionId: `session-${i}`,
    path: `/p/${i}`,
    name: null,
    durationMs: i,
    referrerDomain: i % 2 ? `ref${i}.example` : null,
    device: "desktop",
    ipPrefix: "203.0.113.0/24",
  };
}

describe("insertSizes", () => {
  test("splits a chunk into a whole 500 or powers of two, in order, covering every row", () => {
    for (const rows of [1, 2, 3, 255, 256, 257, 499, 500]) {
      const sizes = insertSizes(rows);
      let next = 0;
      for (const [from, count] of sizes) {
        expect(from).toBe(next);
        expect(count === 500 || (count & (count - 1)) === 0).toBe(true);
        next += count;
      }
      expect(next).toBe(rows);
    }
    expect(insertSizes(500)).toEqual([[0, 500]]);
    expect(insertSizes(7)).toEqual([
      [0, 4],
      [4, 2],
      [6, 1],
    ]);
  });
});

describe("BehaviorWriter", () => {
  test("writes every queued row with its own values, across chunks and odd sizes", async () => {
    const writer = t.app.behavior;
    // 1,234 rows: two whole chunks of 500 and 234 (128 + 64 + 32 + 8 + 2), added in
    // uneven batches so a chunk fills in the middle of one.
    const all = Array.from({ length: 1234 }, (_, i) => row(i));
    for (let i = 0; i < all.length; i += 37) {
      expect(writer.add(all.slice(i, i + 37))).toBe(true);
    }
    await writer.flush();
    // Twice: the reused chunks and the kept strings must not leak into the next write.
    expect(
      writer.add(all.slice(0, 3).map((r) => row(r.durationMs! + 5000))),
    ).toBe(true);
    await writer.flush();
    const rows = await t.app.store.db
      .selectFrom("behaviorEvents")
      .select([
        "occurredAt",
        "path",
        "visitorId",
        "sessionId",
        "durationMs",
        "referrerDomain",
        "type",
      ])
      .orderBy("id")
      .execute();
    expect(rows).toHaveLength(1237);
    rows.forEach((stored, index) => {
      const i = index < 1234 ? index : 5000 + index - 1234;
      const expected = row(i);
      const { occurredAt, ...rest } = stored;
      expect(new Date(occurredAt as string | Date).getTime()).toBe(expected.at);
      expect(rest).toEqual({
        path: expected.path,
        visitorId: expected.visitorId,
        sessionId: expected.sessionId,
        durationMs: expected.durationMs,
        referrerDomain: expected.referrerDomain,
        type: expected.type,
      });
    });
  });

  test("refuses a batch that does not fit under the bound, all of it, and takes it once written", async () => {
    const writer = t.app.behavior;
    // No timer: nothing is written until flush() (stop() writes what is queued).
    await writer.stop();
    try {
      const refusedBefore = writer.refused;
      expect(
        writer.add(
          Array.from({ length: MAX_QUEUED_ROWS - 10 }, (_, i) => row(i)),
        ),
      ).toBe(true);
      expect(writer.add(Array.from({ length: 11 }, (_, i) => row(i)))).toBe(
        false,
      );
      expect(writer.queued).toBe(MAX_QUEUED_ROWS - 10);
      expect(writer.refused - refusedBefore).toBe(11);
      expect(writer.add(Array.from({ length: 10 }, (_, i) => row(i)))).toBe(
        true,
      );
      expect(writer.queued).toBe(MAX_QUEUED_ROWS);
      await writer.flush();
      expect(writer.queued).toBe(0);
      expect(writer.add([row(1)])).toBe(true);
      await writer.flush();
      const { count } = await t.app.store.db
        .selectFrom("behaviorEvents")
        .select(sql<number>`count(*)`.as("count"))
        .executeTakeFirstOrThrow();
      expect(Number(count)).toBe(MAX_QUEUED_ROWS + 1);
    } finally {
      writer.start();
    }
  });

  test("leaves the SQLite connection's page cache size as it was", async () => {
    if (t.app.store.kind !== "sqlite") return;
    const size = async () =>
      Number(
        Object.values(
          (await sql`pragma cache_size`.execute(t.app.store.db))
            .rows[0] as object,
        )[0],
      );
    const before = await size();
    t.app.behavior.add([row(1)]);
    await t.app.behavior.flush();
    expect(await size()).toBe(before);
  });
});
