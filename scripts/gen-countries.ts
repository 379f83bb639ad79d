/**
 * Generates fixtures/countries.json from i18n-iso-countries@7.14.0 (zh and en), with the
 * reviewed name corrections below (docs/reference-data.md). `buildCountries()` is pure.
 *
 * Run: npm run gen:fixtures
 */
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Country } from "../common/countries.js";
import { serialiseFixture } from "./gen-regions.js";

const require = createRequire(import.meta.url);

interface LocaleFile {
  locale: string;
  countries: Record<string, string | string[]>;
}

export const COUNTRIES_FIXTURE_PATH = fileURLToPath(
  new URL("../fixtures/countries.json", import.meta.url),
);

/**
 * Names that read oddly in the source, reviewed one by one:
 * - abbreviations are written out (印尼, 波黑, 阿联酋, 中非 which also means "central Africa");
 * - EH names the territory, not the self-declared republic;
 * - SH's English name lacks the two other islands its Chinese name lists;
 * - Taiwan, Hong Kong and Macao are named as regions of China, as mainland lists do and as
 *   the region list has them (710000, 810000, 820000).
 */
export const NAME_CORRECTIONS: Readonly<
  Record<string, Partial<Omit<Country, "countryCode">>>
> = {
  AE: { countryName: "阿拉伯联合酋长国" },
  AX: { countryName: "奥兰群岛" },
  BA: { countryName: "波斯尼亚和黑塞哥维那" },
  CF: { countryName: "中非共和国" },
  EH: { countryName: "西撒哈拉" },
  GG: { countryName: "根西岛" },
  HK: { countryName: "中国香港", countryEnName: "Hong Kong, China" },
  ID: { countryName: "印度尼西亚" },
  JE: { countryName: "泽西岛" },
  MO: { countryName: "中国澳门", countryEnName: "Macao, China" },
  SH: { countryEnName: "Saint Helena, Ascension and Tristan da Cunha" },
  TW: { countryName: "中国台湾", countryEnName: "Taiwan, China" },
};

export interface CountrySources {
  zh: LocaleFile;
  en: LocaleFile;
}

export function loadCountrySources(): CountrySources {
  return {
    zh: require("i18n-iso-countries/langs/zh.json") as LocaleFile,
    en: require("i18n-iso-countries/langs/en.json") as LocaleFile,
  };
}

/** The first name of a locale entry is the official one; the rest are aliases. */
function officialName(
  entry: string | string[] | undefined,
): string | undefined {
  return Array.isArray(entry) ? entry[0] : entry;
}

export function buildCountries(
  sources: CountrySources = loadCountrySources(),
): Country[] {
  const codes = Object.keys(sources.en.countries).sort();
  return codes.map((countryCode) => {
    const countryName = officialName(sources.zh.countries[countryCode]);
    const countryEnName = officialName(sources.en.countries[countryCode]);
    if (!countryName || !countryEnName) {
      throw new Error(`country ${countryCode} lacks a Chinese or English name`);
    }
    return {
      countryCode,
      countryName,
      countryEnName,
      ...NAME_CORRECTIONS[countryCode],
    };
  });
}

function main(): void {
  const rows = buildCountries();
  writeFileSync(COUNTRIES_FIXTURE_PATH, serialiseFixture(rows));
  console.log(`fixtures/countries.json: ${rows.length} rows`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  main();
