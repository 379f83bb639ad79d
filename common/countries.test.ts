import { afterEach, describe, expect, it } from "vitest";
import {
  COUNTRY_CODE_ERRORS,
  countryCodeSchema,
  countryMatches,
  createCountryCodeSchema,
  installCountryCodes,
  normaliseSearchText,
  type Country,
} from "./countries";

const ivoryCoast: Country = {
  countryCode: "CI",
  countryName: "科特迪瓦",
  countryEnName: "Cote d'Ivoire",
};
const aland: Country = {
  countryCode: "AX",
  countryName: "奥兰群岛",
  countryEnName: "Åland Islands",
};

describe("countryMatches", () => {
  it("finds by Chinese name part", () => {
    expect(countryMatches(ivoryCoast, "科特")).toBe(true);
    expect(countryMatches(ivoryCoast, "奥兰")).toBe(false);
  });

  it("finds by English name part, ignoring case and accents", () => {
    expect(countryMatches(ivoryCoast, "IVOIRE")).toBe(true);
    expect(countryMatches(aland, "aland")).toBe(true);
    expect(countryMatches(aland, "Åland")).toBe(true);
  });

  it("finds by exact code only", () => {
    expect(countryMatches(aland, "ax")).toBe(true);
    expect(countryMatches(aland, "xa")).toBe(false);
  });

  it("matches everything for an empty query", () => {
    expect(countryMatches(aland, "  ")).toBe(true);
    expect(normaliseSearchText("  Côte ")).toBe("cote");
  });
});

describe("country code validation", () => {
  afterEach(() => installCountryCodes(undefined));

  it("checks the shape, then the list", () => {
    const schema = createCountryCodeSchema(new Set(["CN", "HK"]));
    expect(schema.safeParse("CN").success).toBe(true);
    expect(schema.safeParse("cn").error?.issues.map((i) => i.message)).toEqual([
      COUNTRY_CODE_ERRORS.format,
    ]);
    expect(schema.safeParse("ZZ").error?.issues[0].message).toBe(
      COUNTRY_CODE_ERRORS.unknown,
    );
  });

  it("countryCodeSchema uses the installed list", () => {
    expect(countryCodeSchema.safeParse("ZZ").success).toBe(true);
    installCountryCodes(new Set(["CN"]));
    expect(countryCodeSchema.safeParse("ZZ").success).toBe(false);
    expect(countryCodeSchema.safeParse("CN").success).toBe(true);
  });
});
