import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  buildRegionIndex,
  createRegionCodeSchema,
  installRegionIndex,
  isPlaceholderRegion,
  levelOfCode,
  parentOfCode,
  REGION_CODE_ERRORS,
  regionCodeSchema,
  regionCodeShapeSchema,
  type Region,
} from "./regions";

const sample: Region[] = [
  { regionCode: "810000", regionName: "香港特别行政区", regionLevel: "1" },
  { regionCode: "441900", regionName: "东莞市", regionLevel: "2" },
  { regionCode: "440000", regionName: "广东省", regionLevel: "1" },
  { regionCode: "440100", regionName: "广州市", regionLevel: "2" },
  { regionCode: "440106", regionName: "天河区", regionLevel: "3" },
  { regionCode: "440103", regionName: "荔湾区", regionLevel: "3" },
  { regionCode: "110000", regionName: "北京市", regionLevel: "1" },
  { regionCode: "110100", regionName: "市辖区", regionLevel: "2" },
  { regionCode: "110101", regionName: "东城区", regionLevel: "3" },
  { regionCode: "410000", regionName: "河南省", regionLevel: "1" },
  { regionCode: "419000", regionName: "省直辖县级行政区划", regionLevel: "2" },
  { regionCode: "419001", regionName: "济源市", regionLevel: "3" },
];
const index = buildRegionIndex(sample);

describe("levelOfCode", () => {
  it.each([
    ["440000", "1"],
    ["810000", "1"],
    ["441900", "2"],
    ["110100", "2"],
    ["440106", "3"],
    ["419001", "3"],
  ])("%s is level %s", (code, level) => {
    expect(levelOfCode(code)).toBe(level);
  });

  it.each([
    "",
    "44",
    "4400000",
    "44010a",
    " 440000",
    "440000 ",
    "000000",
    "000101",
  ])("rejects %j", (code) => {
    expect(levelOfCode(code)).toBeUndefined();
  });

  it("rejects a district code with no city part (440001)", () => {
    expect(levelOfCode("440001")).toBeUndefined();
  });
});

describe("parentOfCode", () => {
  it("goes district → city → province → none", () => {
    expect(parentOfCode("440106")).toBe("440100");
    expect(parentOfCode("440100")).toBe("440000");
    expect(parentOfCode("440000")).toBeUndefined();
    expect(parentOfCode("bad")).toBeUndefined();
  });
});

describe("buildRegionIndex", () => {
  it("orders every row by code whatever the input order", () => {
    expect(index.all.map((r) => r.regionCode)).toEqual(
      [...sample.map((r) => r.regionCode)].sort(),
    );
  });

  it("lists provinces and children in code order", () => {
    expect(index.provinces().map((r) => r.regionCode)).toEqual([
      "110000",
      "410000",
      "440000",
      "810000",
    ]);
    expect(index.children("440000").map((r) => r.regionName)).toEqual([
      "广州市",
      "东莞市",
    ]);
    expect(index.children("440100").map((r) => r.regionName)).toEqual([
      "荔湾区",
      "天河区",
    ]);
  });

  it("gives no children for a childless province, a childless city, a leaf or an unknown code", () => {
    expect(index.children("810000")).toEqual([]);
    expect(index.children("441900")).toEqual([]);
    expect(index.children("440106")).toEqual([]);
    expect(index.children("999999")).toEqual([]);
  });

  it("looks codes up", () => {
    expect(index.get("441900")?.regionName).toBe("东莞市");
    expect(index.has("441900")).toBe(true);
    expect(index.has("441901")).toBe(false);
  });

  it("builds the path province first", () => {
    expect(index.path("440106").map((r) => r.regionName)).toEqual([
      "广东省",
      "广州市",
      "天河区",
    ]);
    expect(index.path("810000").map((r) => r.regionName)).toEqual([
      "香港特别行政区",
    ]);
    expect(index.path("440199")).toEqual([]);
  });

  it("reads full names, skipping grouping placeholders", () => {
    expect(index.fullName("441900")).toBe("广东省 / 东莞市");
    expect(index.fullName("440106")).toBe("广东省 / 广州市 / 天河区");
    expect(index.fullName("810000")).toBe("香港特别行政区");
    expect(index.fullName("110101")).toBe("北京市 / 东城区");
    expect(index.fullName("419001")).toBe("河南省 / 济源市");
    expect(index.fullName("110100")).toBe("北京市 / 市辖区");
    expect(index.fullName("440106", "")).toBe("广东省广州市天河区");
    expect(index.fullName("123456")).toBeUndefined();
  });

  it("knows the placeholders", () => {
    expect(isPlaceholderRegion(index.get("110100")!)).toBe(true);
    expect(isPlaceholderRegion(index.get("419000")!)).toBe(true);
    expect(isPlaceholderRegion(index.get("440100")!)).toBe(false);
  });
});

function firstMessage(result: {
  success: boolean;
  error?: z.ZodError;
}): string | undefined {
  return result.error?.issues[0]?.message;
}

describe("region code validation", () => {
  afterEach(() => installRegionIndex(undefined));

  it("checks the shape without any list", () => {
    expect(regionCodeShapeSchema.safeParse("440106").success).toBe(true);
    expect(firstMessage(regionCodeShapeSchema.safeParse("4401"))).toBe(
      REGION_CODE_ERRORS.format,
    );
    expect(firstMessage(regionCodeShapeSchema.safeParse("000000"))).toBe(
      REGION_CODE_ERRORS.level,
    );
    expect(regionCodeShapeSchema.safeParse(440106).success).toBe(false);
  });

  it("reports one issue for a malformed code, not a cascade", () => {
    const result = createRegionCodeSchema(index).safeParse("abc");
    expect(result.error?.issues).toHaveLength(1);
    expect(firstMessage(result)).toBe(REGION_CODE_ERRORS.format);
  });

  it("rejects unknown codes against a list", () => {
    const schema = createRegionCodeSchema(index);
    expect(schema.safeParse("441900").success).toBe(true);
    expect(firstMessage(schema.safeParse("441901"))).toBe(
      REGION_CODE_ERRORS.unknown,
    );
  });

  it("regionCodeSchema checks known codes once a list is installed", () => {
    const resource = z.object({ regionCode: regionCodeSchema.optional() });
    expect(resource.safeParse({ regionCode: "441901" }).success).toBe(true);
    installRegionIndex(index);
    expect(resource.safeParse({ regionCode: "441900" }).success).toBe(true);
    expect(firstMessage(resource.safeParse({ regionCode: "441901" }))).toBe(
      REGION_CODE_ERRORS.unknown,
    );
    expect(firstMessage(resource.safeParse({ regionCode: "44190" }))).toBe(
      REGION_CODE_ERRORS.format,
    );
    expect(resource.safeParse({}).success).toBe(true);
  });
});
