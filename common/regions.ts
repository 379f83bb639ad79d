/**
 * Chinese administrative regions (spec.md section 3): the flat list's row type, the rules
 * that the code itself carries (level, parent), an index over a list, and validation.
 *
 * The 3,227-row list is not imported here: whoever has it (the server from
 * `fixtures/regions.json`, the admin from `/tjc/regions`) builds a `RegionIndex` from it.
 * That keeps this module out of the admin's first bundle's weight.
 */
import { z } from "zod";
import { REGION_CODE_ERRORS } from "./reference-messages.js";

export const REGION_LEVELS = ["1", "2", "3"] as const;
/** "1" province-level, "2" city or prefecture-level, "3" district, county or county-level city. */
export type RegionLevel = (typeof REGION_LEVELS)[number];

export interface Region {
  regionCode: string;
  regionName: string;
  regionLevel: RegionLevel;
}

export const REGION_CODE_PATTERN = /^\d{6}$/;

/** Separator of a full name path, as in "广东省 / 东莞市". */
export const REGION_PATH_SEPARATOR = " / ";

/**
 * Level-2 rows that group units instead of naming a city (市辖区, 县, 省直辖县级行政区划,
 * 自治区直辖县级行政区划). They stay in the list, but a full name skips them.
 */
const PLACEHOLDER_CITY_NAMES = new Set([
  "市辖区",
  "县",
  "省直辖县级行政区划",
  "自治区直辖县级行政区划",
]);

/** The level a six-digit code implies, or `undefined` when it is no region code at all. */
export function levelOfCode(code: string): RegionLevel | undefined {
  if (!REGION_CODE_PATTERN.test(code)) return undefined;
  if (code.startsWith("00")) return undefined;
  if (code.endsWith("0000")) return "1";
  if (code.slice(2, 4) === "00") return undefined; // a district under no city
  if (code.endsWith("00")) return "2";
  return "3";
}

/** The code of the parent the code implies: xx0000 for a city, xxxx00 for a district. */
export function parentOfCode(code: string): string | undefined {
  const level = levelOfCode(code);
  if (level === "2") return `${code.slice(0, 2)}0000`;
  if (level === "3") return `${code.slice(0, 4)}00`;
  return undefined;
}

export function isPlaceholderRegion(region: Region): boolean {
  return (
    region.regionLevel === "2" && PLACEHOLDER_CITY_NAMES.has(region.regionName)
  );
}

/** Lookups over one region list; build it once and keep it. */
export interface RegionIndex {
  /** Every row, ordered by code. */
  readonly all: readonly Region[];
  get(code: string): Region | undefined;
  has(code: string): boolean;
  /** The level-1 rows, ordered by code. */
  provinces(): readonly Region[];
  /** Direct children of a code, ordered by code; empty for a leaf or an unknown code. */
  children(code: string): readonly Region[];
  /** The region and its ancestors, province first; empty for an unknown code. */
  path(code: string): Region[];
  /**
   * "广东省 / 东莞市". Placeholder level-2 rows (市辖区 …) are left out unless the code
   * names the placeholder itself, so 110101 reads "北京市 / 东城区".
   */
  fullName(code: string, separator?: string): string | undefined;
}

export function buildRegionIndex(regions: readonly Region[]): RegionIndex {
  const all = [...regions].sort((a, b) =>
    compareCodes(a.regionCode, b.regionCode),
  );
  const byCode = new Map<string, Region>();
  const childrenByCode = new Map<string, Region[]>();
  const provinces: Region[] = [];
  for (const region of all) {
    byCode.set(region.regionCode, region);
    const parent = parentOfCode(region.regionCode);
    if (parent === undefined) {
      provinces.push(region);
      continue;
    }
    const siblings = childrenByCode.get(parent);
    if (siblings) siblings.push(region);
    else childrenByCode.set(parent, [region]);
  }
  const none: readonly Region[] = Object.freeze([]);

  const path = (code: string): Region[] => {
    const chain: Region[] = [];
    let current: string | undefined = code;
    while (current !== undefined) {
      const region = byCode.get(current);
      if (!region) return [];
      chain.unshift(region);
      current = parentOfCode(current);
    }
    return chain;
  };

  return {
    all,
    get: (code) => byCode.get(code),
    has: (code) => byCode.has(code),
    provinces: () => provinces,
    children: (code) => childrenByCode.get(code) ?? none,
    path,
    fullName(code, separator = REGION_PATH_SEPARATOR) {
      const chain = path(code);
      if (chain.length === 0) return undefined;
      return chain
        .filter(
          (region) =>
            region.regionCode === code || !isPlaceholderRegion(region),
        )
        .map((region) => region.regionName)
        .join(separator);
    },
  };
}

function compareCodes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Validation messages are translation keys; see `reference-messages.ts`. */
export { REGION_CODE_ERRORS } from "./reference-messages.js";

/** Six digits forming a code of level 1–3. Needs no list. */
export const regionCodeShapeSchema = z
  .string()
  .regex(REGION_CODE_PATTERN, {
    message: REGION_CODE_ERRORS.format,
    abort: true,
  })
  .refine((code) => levelOfCode(code) !== undefined, {
    message: REGION_CODE_ERRORS.level,
    abort: true,
  });

/** The full check: six digits, level 1–3, and a code of the given list. */
export function createRegionCodeSchema(index: Pick<RegionIndex, "has">) {
  return regionCodeShapeSchema.refine((code) => index.has(code), {
    message: REGION_CODE_ERRORS.unknown,
  });
}

let installedIndex: Pick<RegionIndex, "has"> | undefined;

/**
 * Makes `regionCodeSchema` reject unknown codes too. The server calls this once when it
 * loads `fixtures/regions.json`, so every resource schema of `common/` that uses
 * `regionCodeSchema` gets the full check there (the final word), while the admin, which
 * does not hold the list, checks the shape only.
 */
export function installRegionIndex(
  index: Pick<RegionIndex, "has"> | undefined,
): void {
  installedIndex = index;
}

/**
 * The region code field for any resource schema: six digits, level 1–3, and — once a list
 * is installed with `installRegionIndex` — a known code.
 */
export const regionCodeSchema = regionCodeShapeSchema.refine(
  (code) => installedIndex === undefined || installedIndex.has(code),
  { message: REGION_CODE_ERRORS.unknown },
);

/** A row of the list, as served and stored. */
export const regionSchema = z.object({
  regionCode: regionCodeShapeSchema,
  regionName: z.string().min(1),
  regionLevel: z.enum(REGION_LEVELS),
});
