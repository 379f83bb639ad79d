/**
 * The region and country lists, loaded once from the committed fixtures and kept in
 * memory. Loading also installs them into `common/`'s `regionCodeSchema` and
 * `countryCodeSchema`, so every resource schema that accepts a region or a country
 * rejects unknown codes on the server.
 */
import { createHash } from "node:crypto";
import regionRows from "../../../fixtures/regions.json" with { type: "json" };
import countryRows from "../../../fixtures/countries.json" with { type: "json" };
import {
  installCountryCodes,
  type Country,
} from "../../../common/countries.js";
import {
  buildRegionIndex,
  installRegionIndex,
  type Region,
  type RegionIndex,
} from "../../../common/regions.js";

export interface ReferenceData {
  regions: RegionIndex;
  countries: readonly Country[];
  countryCodes: ReadonlySet<string>;
  /** Changes whenever a fixture changes; part of every ETag. */
  regionsVersion: string;
  countriesVersion: string;
}

let loaded: ReferenceData | undefined;

function versionOf(rows: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(rows))
    .digest("base64url")
    .slice(0, 16);
}

export function loadReferenceData(): ReferenceData {
  if (loaded) return loaded;
  const regions = buildRegionIndex(regionRows as Region[]);
  const countries: readonly Country[] = countryRows;
  const countryCodes = new Set(countries.map((country) => country.countryCode));
  installRegionIndex(regions);
  installCountryCodes(countryCodes);
  loaded = {
    regions,
    countries,
    countryCodes,
    regionsVersion: versionOf(regionRows),
    countriesVersion: versionOf(countryRows),
  };
  return loaded;
}
