/**
 * Countries and regions of the world (spec.md section 3): the row type, validation and the
 * name matching the country picker uses. Like `regions.ts`, the list itself is passed in.
 */
import { z } from "zod";
import { COUNTRY_CODE_ERRORS } from "./reference-messages.js";

export interface Country {
  /** ISO 3166-1 alpha-2 (XK for Kosovo); the spec allows a few three-letter codes. */
  countryCode: string;
  /** Chinese name. */
  countryName: string;
  /** English name. */
  countryEnName: string;
}

export const COUNTRY_CODE_PATTERN = /^[A-Z]{2,3}$/;

export { COUNTRY_CODE_ERRORS } from "./reference-messages.js";

export const countryCodeShapeSchema = z.string().regex(COUNTRY_CODE_PATTERN, {
  message: COUNTRY_CODE_ERRORS.format,
  abort: true,
});

export function createCountryCodeSchema(known: { has(code: string): boolean }) {
  return countryCodeShapeSchema.refine((code) => known.has(code), {
    message: COUNTRY_CODE_ERRORS.unknown,
  });
}

let installedCodes: { has(code: string): boolean } | undefined;

/** See `installRegionIndex`: the server installs the list; the admin checks the shape. */
export function installCountryCodes(
  known: { has(code: string): boolean } | undefined,
): void {
  installedCodes = known;
}

/** The country code field for any resource schema. */
export const countryCodeSchema = countryCodeShapeSchema.refine(
  (code) => installedCodes === undefined || installedCodes.has(code),
  { message: COUNTRY_CODE_ERRORS.unknown },
);

export const countrySchema = z.object({
  countryCode: countryCodeShapeSchema,
  countryName: z.string().min(1),
  countryEnName: z.string().min(1),
});

/** Lower case, accents removed, so "cote" finds "Côte d'Ivoire" and "aland" finds "Åland". */
export function normaliseSearchText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();
}

/**
 * Whether a country matches what was typed: its code exactly, or a part of its Chinese or
 * English name. An empty query matches everything.
 */
export function countryMatches(country: Country, query: string): boolean {
  const needle = normaliseSearchText(query);
  if (!needle) return true;
  if (country.countryCode.toLowerCase() === needle) return true;
  return (
    country.countryName.includes(needle) ||
    normaliseSearchText(country.countryEnName).includes(needle)
  );
}
