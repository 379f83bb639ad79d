import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { inlineParameters } from "./inline-parameters.js";

describe("inlineParameters", () => {
  it("writes each $n as a quoted literal, $10 and $1 apart", () => {
    const params = Array.from({ length: 11 }, (_, i) => i + 1);
    expect(inlineParameters("select $1, $10, $11::int, $2", params)).toBe(
      "select '1', '10', '11'::int, '2'",
    );
  });

  it("doubles quotes, and writes a backslash in an E'' string", () => {
    expect(inlineParameters("x = $1", ["it's"])).toBe("x = 'it''s'");
    expect(inlineParameters("x = $1", ["a\\'b"])).toBe("x =  E'a\\\\''b'");
  });

  it("never makes a negative number into a comment", () => {
    expect(inlineParameters("x -$1", [-1])).toBe("x -'-1'");
  });

  it("writes a list of integers as pg writes an array", () => {
    expect(inlineParameters("id = any($1)", [[3, -1, 20]])).toBe(
      "id = any('{3,-1,20}')",
    );
    expect(inlineParameters("id = any($1)", [[]])).toBe("id = any('{}')");
  });

  it("writes null and booleans as pg sends them", () => {
    expect(inlineParameters("$1, $2, $3", [null, true, false])).toBe(
      "null, 'true', 'false'",
    );
  });

  it("leaves a $n inside a string, an identifier or a comment alone", () => {
    expect(
      inlineParameters(`select '$1', "$1" /* $1 */ -- $1\n, $1`, ["v"]),
    ).toBe(`select '$1', "$1" /* $1 */ -- $1\n, 'v'`);
    expect(inlineParameters("select 'it''s $1', $1", [2])).toBe(
      "select 'it''s $1', '2'",
    );
  });

  it("refuses what it cannot write as plain text, so the caller sends parameters", () => {
    for (const value of [
      [1, 2.5],
      ["a"],
      new Date(0),
      Buffer.from("x"),
      Number.NaN,
      Number.POSITIVE_INFINITY,
      10n,
      undefined,
      { a: 1 },
      "a\0b",
    ])
      expect(
        inlineParameters("x = $1", [value]),
        String(value),
      ).toBeUndefined();
  });

  it("refuses a text it does not fully understand", () => {
    expect(inlineParameters("select $tag$ $1 $tag$", [1])).toBeUndefined();
    expect(inlineParameters("select 'open, $1", [1])).toBeUndefined();
    expect(inlineParameters("select $2", [1])).toBeUndefined();
    expect(inlineParameters("select $", [])).toBeUndefined();
    expect(inlineParameters("select /* open", [])).toBeUndefined();
  });

  it("answers a text without parameters as it is", () => {
    const text = `select "row_count" from "table_counts" where "tbl" = 'sermons'`;
    expect(inlineParameters(text, [])).toBe(text);
  });
});

// PostgreSQL reads each literal back as the value itself, typed where it stands as a
// parameter would be.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  "inlineParameters on PostgreSQL",
  () => {
    let client: pg.Client;
    beforeAll(async () => {
      client = new pg.Client({
        connectionString: process.env.TEST_DATABASE_URL,
      });
      await client.connect();
    });
    afterAll(() => client.end());

    it("reads back every string, quotes, backslashes and all, as sent with parameters", async () => {
      const values = [
        "plain",
        "it's",
        "back\\slash",
        "\\'; select 1; --",
        "$1 $$ $tag$",
        "中文 ‘引号’ 「括号」",
        "",
        "  spaced  ",
        "line\nbreak\ttab",
      ];
      for (const value of values) {
        const text = inlineParameters("select $1::text as v", [value])!;
        const [inlined, bound] = await Promise.all([
          client.query(text),
          client.query("select $1::text as v", [value]),
        ]);
        expect(inlined.rows[0].v, text).toBe(value);
        expect(inlined.rows[0].v).toBe(bound.rows[0].v);
      }
    });

    it("types a quoted number from where it stands, as a parameter is typed", async () => {
      const text = inlineParameters(
        "select g from generate_series(1, 10) g where g > $1 order by g limit $2 offset $3",
        [-3, 2, 1],
      )!;
      const { rows } = await client.query(text);
      expect(rows.map((row) => row.g)).toEqual([2, 3]);
    });

    it("types a list of ids from where it stands, as a parameter is typed", async () => {
      const sqlText =
        "select g from generate_series(1, 10) g where g = any($1) order by g";
      for (const ids of [[2, 7, 11], []]) {
        const [inlined, bound] = await Promise.all([
          client.query(inlineParameters(sqlText, [ids])!),
          client.query(sqlText, [ids]),
        ]);
        expect(inlined.rows).toEqual(bound.rows);
      }
    });
  },
);
