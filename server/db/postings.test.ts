import Database from "better-sqlite3";
import { describe, expect, test } from "vitest";
import { mulberry32 } from "../../bench/seed.js";
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  DummyDriver,
} from "kysely";
import {
  decodeTerms,
  decodeTermsSql,
  encodeTerms,
  postingKey,
  postingsSql,
} from "./postings.js";

/** Term maps of every shape: empty, one term, dense ids, ids past 2^28. */
function samples(): Map<number, number>[] {
  const next = mulberry32(27);
  const maps: Map<number, number>[] = [
    new Map(),
    new Map([[1, 1]]),
    new Map([[127, 2]]),
    new Map([[2 ** 29, 300]]),
    new Map([
      [5, 1],
      [6, 1],
      [7, 128],
    ]),
  ];
  for (let m = 0; m < 40; m++) {
    const terms = new Map<number, number>();
    const count = Math.floor(next() * 300);
    const span = [100, 100_000, 2 ** 30][m % 3]!;
    for (let i = 0; i < count; i++)
      terms.set(
        1 + Math.floor(next() * span),
        next() < 0.6 ? 1 : 1 + Math.floor(next() ** 4 * 5000),
      );
    maps.push(terms);
  }
  return maps;
}

// Compiles SQL for SQLite without a connection; better-sqlite3 runs it.
const compiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

describe("a row's terms as SQLite keeps them", () => {
  test("decode answers the ids encoded, in id order", () => {
    for (const terms of samples())
      expect(decodeTerms(encodeTerms(terms.keys()))).toEqual(
        [...terms.keys()].sort((a, b) => a - b),
      );
  });

  test("a truncated blob is an error, not a wrong answer", () => {
    const blob = encodeTerms([100_000]);
    expect(() => decodeTerms(blob.subarray(0, blob.length - 1))).toThrow(
      /truncated/,
    );
  });

  test("the delete trigger's SQL decoder reads the same term ids", () => {
    const db = new Database(":memory:");
    db.exec("create table docs (id integer primary key, terms blob)");
    const insert = db.prepare("insert into docs (id, terms) values (?, ?)");
    const maps = samples();
    maps.forEach((terms, i) => insert.run(i + 1, encodeTerms(terms.keys())));
    const query =
      sql`${decodeTermsSql(sql`(select terms from docs where id = ${sql.raw("?")})`)}`.compile(
        compiler,
      );
    const statement = db.prepare(query.sql).pluck();
    maps.forEach((terms, i) => {
      const ids = (statement.all(i + 1) as number[]).sort((a, b) => a - b);
      expect(ids).toEqual([...terms.keys()].sort((a, b) => a - b));
    });
    // A row without terms (none indexed) decodes to nothing.
    expect(statement.all(maps.length + 1)).toEqual([]);
    db.close();
  });

  test("SQLite: a term's rows, and the rows holding every term of a list", () => {
    const db = new Database(":memory:");
    db.exec("create table search_postings (key integer primary key, tf)");
    const insert = db.prepare("insert into search_postings values (?, 1)");
    const holding: Record<number, number[]> = {
      7: [1, 2, 5, 16_777_215],
      8: [2, 5, 9],
      9: [5, 16_777_215],
    };
    for (const [term, docs] of Object.entries(holding))
      for (const doc of docs) insert.run(postingKey(Number(term), doc));
    const rows = (termIds: number | number[]) => {
      const query =
        sql`${postingsSql("sqlite", "tags").rowsWith(termIds)}`.compile(
          compiler,
        );
      return (
        db
          .prepare(query.sql)
          .pluck()
          .all(...query.parameters) as number[]
      ).sort((a, b) => a - b);
    };
    expect(rows(7)).toEqual([1, 2, 5, 16_777_215]);
    expect(rows([7, 8])).toEqual([2, 5]);
    expect(rows([9, 7, 8])).toEqual([5]);
    expect(rows([10])).toEqual([]);
    db.close();
  });

  test("a posting's key keeps the row's id in its low 24 bits", () => {
    expect(postingKey(3, 7)).toBe(3 * 16_777_216 + 7);
    expect(postingKey(2 ** 28, 2 ** 24 - 1) % 2 ** 24).toBe(2 ** 24 - 1);
  });
});
