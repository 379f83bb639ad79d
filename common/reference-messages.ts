/**
 * The reference-data validation keys and their messages in every supported language. The
 * server uses them for the envelope's field errors; the admin merges the same texts into
 * its catalogue. This module imports no zod, so the admin's catalogue stays light.
 */
import type { Language } from "./codes.js";

/** Issue messages of the region code schemas: translation keys, never sentences. */
export const REGION_CODE_ERRORS = {
  format: "reference.region.validation.format",
  level: "reference.region.validation.level",
  unknown: "reference.region.validation.unknown",
} as const;

/** Issue messages of the country code schemas. */
export const COUNTRY_CODE_ERRORS = {
  format: "reference.country.validation.format",
  unknown: "reference.country.validation.unknown",
} as const;

export const REFERENCE_VALIDATION_MESSAGES: Record<
  Language,
  Record<string, string>
> = {
  "zh-CN": {
    [REGION_CODE_ERRORS.format]: "地区代码应为 6 位数字",
    [REGION_CODE_ERRORS.level]: "地区代码的级别应为 1 至 3 级",
    [REGION_CODE_ERRORS.unknown]: "没有这个地区代码",
    [COUNTRY_CODE_ERRORS.format]: "国家或地区代码应为 2 至 3 个大写字母",
    [COUNTRY_CODE_ERRORS.unknown]: "没有这个国家或地区代码",
  },
  "en-US": {
    [REGION_CODE_ERRORS.format]: "A region code has six digits",
    [REGION_CODE_ERRORS.level]: "A region code must be of level 1 to 3",
    [REGION_CODE_ERRORS.unknown]: "No region has this code",
    [COUNTRY_CODE_ERRORS.format]:
      "A country code has two or three capital letters",
    [COUNTRY_CODE_ERRORS.unknown]: "No country or region has this code",
  },
};

/** The message of a reference-data key, or the text itself when it is no such key. */
export function referenceValidationMessage(
  key: string,
  language: Language,
): string {
  return REFERENCE_VALIDATION_MESSAGES[language][key] ?? key;
}
