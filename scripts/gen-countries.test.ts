import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Country } from "../common/countries.js";
import {
  buildCountries,
  COUNTRIES_FIXTURE_PATH,
  NAME_CORRECTIONS,
} from "./gen-countries.js";
import { serialiseFixture } from "./gen-regions.js";

const committedText = readFileSync(COUNTRIES_FIXTURE_PATH, "utf8");
const committed = JSON.parse(committedText) as Country[];

describe("fixtures/countries.json", () => {
  it("is exactly what the generator produces (run `npm run gen:fixtures` after a change)", () => {
    expect(serialiseFixture(buildCountries())).toBe(committedText);
  });

  it("has about 250 entries with unique codes, ordered by code", () => {
    expect(committed.length).toBeGreaterThanOrEqual(245);
    expect(committed.length).toBeLessThanOrEqual(260);
    const codes = committed.map((c) => c.countryCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(codes);
  });

  it("gives every entry a code of 2–3 capitals, a Chinese name and an English name", () => {
    const han = /\p{Script=Han}/u;
    for (const row of committed) {
      expect(Object.keys(row).sort()).toEqual([
        "countryCode",
        "countryEnName",
        "countryName",
      ]);
      expect(row.countryCode).toMatch(/^[A-Z]{2,3}$/);
      expect({
        code: row.countryCode,
        chinese: han.test(row.countryName),
      }).toEqual({
        code: row.countryCode,
        chinese: true,
      });
      expect(row.countryEnName).toMatch(/^[\p{Script=Latin}\s,.'()-]+$/u);
    }
  });

  it("has unique Chinese and English names, so the picker never shows two alike", () => {
    expect(new Set(committed.map((c) => c.countryName)).size).toBe(
      committed.length,
    );
    expect(new Set(committed.map((c) => c.countryEnName)).size).toBe(
      committed.length,
    );
  });

  it("applies every reviewed correction", () => {
    const byCode = new Map(committed.map((c) => [c.countryCode, c]));
    for (const [code, correction] of Object.entries(NAME_CORRECTIONS)) {
      expect(byCode.get(code)).toMatchObject(correction);
    }
    expect(byCode.get("CN")).toEqual({
      countryCode: "CN",
      countryName: "中国",
      countryEnName: "People's Republic of China",
    });
    expect(byCode.get("EH")?.countryName).toBe("西撒哈拉");
  });
});
