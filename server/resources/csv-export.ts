import type { Language } from "../../common/codes.js";
import { validationError } from "../http/errors.js";
import {
  canonicalTimeZone,
  DEFAULT_EXPORT_TIME_ZONE,
  timeZoneLabel,
  zoneTimeFormatter,
} from "./csv-times.js";
import type { CsvColumn } from "./resource-definition.js";

const UNKNOWN_TIME_ZONE: Record<Language, string> = {
  "zh-CN": "未知的时区，应为 IANA 时区名，如 Asia/Shanghai",
  "en-US": "Unknown time zone; use an IANA name such as Asia/Shanghai",
};

/** The export's time zone from the `tz` parameter: UTC when absent, 40000 when unknown. */
export function exportTimeZone(
  tz: string | undefined,
  language: Language,
): string {
  if (tz === undefined || tz === "") return DEFAULT_EXPORT_TIME_ZONE;
  const zone = canonicalTimeZone(tz);
  if (!zone) throw validationError({ tz: UNKNOWN_TIME_ZONE[language] });
  return zone;
}

/**
 * Fails at start when a column has no header in some language, as a route without a
 * permission does: every export must read well in both languages.
 */
export function checkCsvLabels<Rec>(
  path: string,
  columns: CsvColumn<Rec>[],
  labels: Record<Language, Record<string, string>>,
): void {
  for (const [language, names] of Object.entries(labels)) {
    for (const { key } of columns) {
      if (!names[key])
        throw new Error(
          `${path}: CSV column "${key}" has no ${language} label`,
        );
    }
  }
}

/**
 * The headers and the cell formatting of one export: each header is the field's name in
 * the caller's language, a time column's header names the zone its cells are in,
 * e.g. `更新时间 (Asia/Shanghai, UTC+08:00)`, and a coded value (`draft`, `female`, `true`)
 * is written in the caller's language.
 */
export function csvLayout<Rec>(
  columns: CsvColumn<Rec>[],
  labels: Record<Language, Record<string, string>>,
  language: Language,
  timeZone: string,
): {
  headers: string[];
  cells(record: Record<string, unknown>): unknown[];
} {
  const zone = timeZoneLabel(timeZone);
  const formatTime = zoneTimeFormatter(timeZone);
  const headers = columns.map(({ key, time }) => {
    const label = labels[language][key]!;
    return time ? `${label} (${zone})` : label;
  });
  return {
    headers,
    cells: (record) =>
      columns.map(({ key, time, values }) => {
        const value = record[key];
        if (time) return formatTime(value);
        if (values && value !== null && value !== undefined)
          return values[language][String(value)] ?? value;
        return value;
      }),
  };
}
