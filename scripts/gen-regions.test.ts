import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  buildRegionIndex,
  levelOfCode,
  parentOfCode,
  type Region,
} from "../common/regions.js";
import {
  ADDED_PROVINCES,
  buildRegions,
  CITIES_WITHOUT_DISTRICTS,
  isDevelopmentZone,
  loadRegionSources,
  REGIONS_FIXTURE_PATH,
  serialiseFixture,
} from "./gen-regions.js";

const committedText = readFileSync(REGIONS_FIXTURE_PATH, "utf8");
const committed = JSON.parse(committedText) as Region[];

describe("fixtures/regions.json", () => {
  it("is exactly what the generator produces (run `npm run gen:fixtures` after a change)", () => {
    expect(serialiseFixture(buildRegions())).toBe(committedText);
  });

  it("has about 3,227 rows: 34 provinces, 342 cities, ~2,851 districts", () => {
    const count = (level: string) =>
      committed.filter((r) => r.regionLevel === level).length;
    expect(count("1")).toBe(34);
    expect(count("2")).toBe(342);
    expect(count("3")).toBeGreaterThan(2800);
    expect(count("3")).toBeLessThan(2900);
    expect(committed.length).toBe(count("1") + count("2") + count("3"));
  });

  it("holds only the three fields, with six-digit unique codes ordered by code", () => {
    const codes = committed.map((r) => r.regionCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(codes);
    for (const row of committed) {
      expect(Object.keys(row).sort()).toEqual([
        "regionCode",
        "regionLevel",
        "regionName",
      ]);
      expect(row.regionCode).toMatch(/^\d{6}$/);
      expect(row.regionName.trim()).not.toBe("");
    }
  });

  it("gives every row a level of 1 to 3 that matches its code", () => {
    for (const row of committed) {
      expect(["1", "2", "3"]).toContain(row.regionLevel);
      expect({
        code: row.regionCode,
        level: levelOfCode(row.regionCode),
      }).toEqual({
        code: row.regionCode,
        level: row.regionLevel,
      });
    }
  });

  it("has every child's parent in the list", () => {
    const codes = new Set(committed.map((r) => r.regionCode));
    const orphans = committed.filter((r) => {
      const parent = parentOfCode(r.regionCode);
      return parent !== undefined && !codes.has(parent);
    });
    expect(orphans).toEqual([]);
  });

  it("has Taiwan, Hong Kong and Macao as childless level-1 entries", () => {
    const index = buildRegionIndex(committed);
    for (const [code, name] of [
      ["710000", "台湾省"],
      ["810000", "香港特别行政区"],
      ["820000", "澳门特别行政区"],
    ]) {
      expect(index.get(code)).toEqual({
        regionCode: code,
        regionName: name,
        regionLevel: "1",
      });
      expect(index.children(code)).toEqual([]);
      expect(
        committed.filter((r) => r.regionCode.startsWith(code.slice(0, 2))),
      ).toHaveLength(1);
    }
  });

  it("has Dongguan, Zhongshan and Danzhou as cities without districts", () => {
    const index = buildRegionIndex(committed);
    expect(index.get("441900")?.regionName).toBe("东莞市");
    expect(index.get("442000")?.regionName).toBe("中山市");
    expect(index.get("460400")?.regionName).toBe("儋州市");
    for (const code of CITIES_WITHOUT_DISTRICTS) {
      expect(index.get(code)?.regionLevel).toBe("2");
      expect(
        committed.filter((r) => r.regionCode.startsWith(code.slice(0, 4))),
      ).toHaveLength(1);
    }
  });

  it("leaves out the statistical development zones", () => {
    expect(committed.filter((r) => isDevelopmentZone(r.regionCode))).toEqual(
      [],
    );
    expect(committed.find((r) => r.regionCode === "130171")).toBeUndefined();
    // and they did exist in the source, so the rule is doing work
    expect(
      loadRegionSources().areas.some((a) => isDevelopmentZone(a.code)),
    ).toBe(true);
  });

  it("keeps the placeholder level-2 entries", () => {
    const index = buildRegionIndex(committed);
    expect(index.get("110100")?.regionName).toBe("市辖区");
    expect(index.get("500200")?.regionName).toBe("县");
    for (const code of ["419000", "429000", "469000"]) {
      expect(index.get(code)?.regionName).toBe("省直辖县级行政区划");
    }
    expect(index.get("659000")?.regionName).toBe("自治区直辖县级行政区划");
  });

  it("covers the provinces the spec names", () => {
    const names = new Set(
      committed.filter((r) => r.regionLevel === "1").map((r) => r.regionName),
    );
    for (const name of [
      "北京市",
      "福建省",
      "江西省",
      "广东省",
      "重庆市",
      "西藏自治区",
      "新疆维吾尔自治区",
      ...ADDED_PROVINCES.map((p) => p.regionName),
    ]) {
      expect(names).toContain(name);
    }
  });
});

describe("buildRegions rules", () => {
  const sources = {
    provinces: [{ code: "44", name: "广东省" }],
    cities: [
      { code: "4401", name: "广州市", provinceCode: "44" },
      { code: "4419", name: "东莞市", provinceCode: "44" },
    ],
    areas: [
      { code: "440103", name: "荔湾区", cityCode: "4401", provinceCode: "44" },
      {
        code: "440171",
        name: "某开发区",
        cityCode: "4401",
        provinceCode: "44",
      },
      { code: "441900", name: "东莞市", cityCode: "4419", provinceCode: "44" },
    ],
  };

  it("pads codes, adds the three regions, skips stand-ins and development zones", () => {
    expect(
      buildRegions(sources).map(
        (r) => `${r.regionCode} ${r.regionLevel} ${r.regionName}`,
      ),
    ).toEqual([
      "440000 1 广东省",
      "440100 2 广州市",
      "440103 3 荔湾区",
      "441900 2 东莞市",
      "710000 1 台湾省",
      "810000 1 香港特别行政区",
      "820000 1 澳门特别行政区",
    ]);
  });

  it("refuses duplicate codes instead of writing them", () => {
    const duplicated = {
      ...sources,
      cities: [...sources.cities, sources.cities[0]],
    };
    expect(() => buildRegions(duplicated)).toThrow(
      /duplicate region code 440100/,
    );
  });
});
