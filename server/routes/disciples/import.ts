/**
 * The believers' CSV import (issue 12 item 1): decoding (UTF-8 with or without BOM, or
 * GB18030 as Chinese Excel saves it), parsing with csv-parse, mapping columns to fields,
 * validating every row with the same schema as the form, and finding duplicates (same name
 * and phone, in the file and among stored believers). Preview and commit run the same
 * steps on the same bytes; the commit writes in one transaction.
 */
import { parse } from "csv-parse/sync";
import { createRequire } from "node:module";
import type iconvLite from "iconv-lite";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Language } from "../../../common/codes.js";
import { DISCIPLE_ERRORS } from "../../../common/disciple-messages.js";
import {
  DISCIPLE_IMPORT_FIELDS,
  IMPORT_MAX_ROWS,
  discipleInputSchema,
  type DiscipleImportField,
  type ImportRow,
} from "../../../common/schemas/disciple.js";
import {
  DISCIPLE_CHOICE_LABELS,
  DISCIPLE_FIELD_LABELS,
} from "../../../common/schemas/disciple-labels.js";
import type { Database } from "../../db/schema.js";
import { validationError } from "../../http/errors.js";
import { localizeIssue, localizeText } from "../../http/validation-messages.js";

export type ImportEncoding = "utf-8" | "gb18030";

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * iconv-lite (~0.5 MB of source, held in memory once loaded) is required on the first
 * GB18030 file, not at start; the server bundle keeps it external
 * (scripts/build-server.mjs).
 */
function gb18030(bytes: Buffer): string {
  const iconv = createRequire(import.meta.url)(
    "iconv-lite",
  ) as typeof iconvLite;
  return iconv.decode(bytes, "gb18030");
}

/** The file's text and the encoding it was read in. */
export function decodeCsv(
  bytes: Buffer,
  requested: "auto" | ImportEncoding,
  language: Language,
): { text: string; encoding: ImportEncoding } {
  if (bytes.subarray(0, 3).equals(UTF8_BOM))
    return { text: bytes.subarray(3).toString("utf8"), encoding: "utf-8" };
  if (requested === "gb18030")
    return { text: gb18030(bytes), encoding: "gb18030" };
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return { text, encoding: "utf-8" };
  } catch {
    if (requested === "utf-8")
      throw validationError({
        file: localizeText(DISCIPLE_ERRORS.notUtf8, language),
      });
    // Not UTF-8: what Chinese Excel writes ("CSV (逗号分隔)") is GB18030 (GBK's superset).
    return { text: gb18030(bytes), encoding: "gb18030" };
  }
}

/** The header row and the data rows; blank lines are skipped. */
export function parseCsv(
  text: string,
  language: Language,
): { headers: string[]; rows: { line: number; cells: string[] }[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      max_record_size: 64 * 1024,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch {
    throw validationError({
      file: localizeText(DISCIPLE_ERRORS.unreadable, language),
    });
  }
  const [header, ...data] = records;
  if (!header || data.length === 0)
    throw validationError({
      file: localizeText(DISCIPLE_ERRORS.empty, language),
    });
  if (data.length > IMPORT_MAX_ROWS)
    throw validationError({
      file: localizeText(DISCIPLE_ERRORS.tooManyRows, language),
    });
  return {
    headers: header.record.map((cell) => cell.trim()),
    rows: data.map(({ record, info }) => ({
      line: info.lines,
      cells: record,
    })),
  };
}

/** Header texts each field is recognised by, besides its labels in both languages. */
const HEADER_SYNONYMS: Partial<Record<DiscipleImportField, string[]>> = {
  name: ["名字", "full name"],
  phone: [
    "手机",
    "手机号",
    "手机号码",
    "电话号码",
    "联系电话",
    "mobile",
    "tel",
  ],
  email: ["邮箱", "e-mail", "电子邮件"],
  birthDate: ["生日", "birthday", "出生年月日"],
  baptismDate: ["受洗时间", "受洗日"],
  joinedOn: ["入会时间", "加入日期", "joined"],
  regionCode: ["地区代码", "行政区划代码", "region code"],
  countryCode: ["国家", "国家代码", "country code"],
  congregation: ["所属教会", "聚会点", "church"],
  notes: ["备注信息", "note"],
};

const normalise = (text: string) =>
  text.trim().toLowerCase().replace(/\s+/g, " ");

/** The field each header names, when it names one (each field once, first column wins). */
export function guessColumns(
  headers: string[],
): (DiscipleImportField | null)[] {
  const byText = new Map<string, DiscipleImportField>();
  for (const field of DISCIPLE_IMPORT_FIELDS) {
    const texts = [
      field,
      DISCIPLE_FIELD_LABELS["zh-CN"][field],
      DISCIPLE_FIELD_LABELS["en-US"][field],
      ...(HEADER_SYNONYMS[field] ?? []),
    ];
    for (const text of texts) byText.set(normalise(text), field);
  }
  const used = new Set<DiscipleImportField>();
  return headers.map((header) => {
    const field = byText.get(normalise(header));
    if (!field || used.has(field)) return null;
    used.add(field);
    return field;
  });
}

/** A chosen mapping must fit the file: one entry a column, each field once, name mapped. */
export function checkColumns(
  columns: (DiscipleImportField | null)[],
  headers: string[],
  language: Language,
): void {
  const fail = (key: string) => {
    throw validationError({ columns: localizeText(key, language) });
  };
  if (columns.length !== headers.length) fail(DISCIPLE_ERRORS.columnsLength);
  const mapped = columns.filter((field) => field !== null);
  if (new Set(mapped).size !== mapped.length) fail(DISCIPLE_ERRORS.columnTwice);
  if (!mapped.includes("name")) fail(DISCIPLE_ERRORS.nameUnmapped);
}

/** 男 / Male / m → male; the keys and both languages' labels, case-insensitively. */
function choiceReader(kind: "gender" | "status"): Map<string, string> {
  const map = new Map<string, string>();
  for (const language of ["zh-CN", "en-US"] as const) {
    for (const [key, label] of Object.entries(
      DISCIPLE_CHOICE_LABELS[language][kind],
    )) {
      map.set(key, key);
      map.set(normalise(label), key);
    }
  }
  if (kind === "gender") {
    map.set("m", "male");
    map.set("f", "female");
  }
  return map;
}
const GENDERS = choiceReader("gender");
const STATUSES = choiceReader("status");

/** 2024/3/5, 2024.3.5 or 2024-3-5 (as spreadsheets write dates) → 2024-03-05. */
function readDay(text: string): string {
  const match = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(text);
  if (!match) return text;
  return `${match[1]}-${match[2]!.padStart(2, "0")}-${match[3]!.padStart(2, "0")}`;
}

const DAY_FIELDS = new Set(["birthDate", "baptismDate", "joinedOn"]);

/** Digits only: how a phone is compared for duplicates. */
export function phoneDigits(phone: string | null | undefined): string {
  return (phone ?? "").replace(/\D/g, "");
}

export type DiscipleValues = z.output<typeof discipleInputSchema>;

export interface CheckedRow {
  line: number;
  /** The mapped cells as written in the file. */
  values: Record<string, string>;
  errors: Record<string, string>;
  input?: DiscipleValues;
  /** The fields the file fills (empty cells clear them on update). */
  fields: DiscipleImportField[];
  duplicateOf: { id: number; name: string } | null;
}

/** Maps and validates every row; marks rows repeating an earlier row of the file. */
export function checkRows(
  rows: { line: number; cells: string[] }[],
  columns: (DiscipleImportField | null)[],
  language: Language,
): CheckedRow[] {
  const mapped = columns.flatMap((field, index) =>
    field === null ? [] : [{ field, index }],
  );
  const fields = mapped.map(({ field }) => field);
  const seen = new Map<string, number>();
  return rows.map(({ line, cells }) => {
    const values: Record<string, string> = {};
    const raw: Record<string, unknown> = {};
    const errors: Record<string, string> = {};
    for (const { field, index } of mapped) {
      const cell = (cells[index] ?? "").trim();
      values[field] = cell;
      if (cell === "") {
        // An empty cell means "none"; gender and status take their defaults.
        if (field !== "gender" && field !== "status" && field !== "name")
          raw[field] = null;
        if (field === "name") raw[field] = "";
        continue;
      }
      if (field === "gender" || field === "status") {
        const key = (field === "gender" ? GENDERS : STATUSES).get(
          normalise(cell),
        );
        if (!key)
          errors[field] = localizeText(DISCIPLE_ERRORS.choice, language);
        else raw[field] = key;
      } else if (DAY_FIELDS.has(field)) raw[field] = readDay(cell);
      else if (field === "countryCode") raw[field] = cell.toUpperCase();
      else raw[field] = cell;
    }
    const result = discipleInputSchema.safeParse(raw, { reportInput: true });
    let input: DiscipleValues | undefined;
    if (result.success) input = result.data;
    else
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? "name");
        errors[field] ??= localizeIssue(
          issue as unknown as Parameters<typeof localizeIssue>[0],
          language,
        );
      }
    if (Object.keys(errors).length > 0) input = undefined;
    if (input?.phone) {
      const key = `${input.name}\u0000${phoneDigits(input.phone)}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        errors.phone = localizeText(DISCIPLE_ERRORS.repeatedInFile, language);
        input = undefined;
      } else seen.set(key, line);
    }
    return { line, values, errors, input, fields, duplicateOf: null };
  });
}

/** Marks valid rows whose name and phone match a stored believer. */
export async function findDuplicates(
  db: Kysely<Database>,
  rows: CheckedRow[],
): Promise<void> {
  const byName = new Map<string, CheckedRow[]>();
  for (const row of rows) {
    if (!row.input?.phone) continue;
    const list = byName.get(row.input.name);
    if (list) list.push(row);
    else byName.set(row.input.name, [row]);
  }
  const names = [...byName.keys()];
  const CHUNK = 500;
  for (let start = 0; start < names.length; start += CHUNK) {
    const chunk = names.slice(start, start + CHUNK);
    const stored = await db
      .selectFrom("disciples")
      .select(["id", "name", "phoneDigits"])
      .where("name", "in", chunk)
      .where("phoneDigits", "!=", "")
      .orderBy("id")
      .execute();
    const found = new Map<string, { id: number; name: string }>();
    for (const row of stored) {
      const key = `${row.name}\u0000${row.phoneDigits}`;
      if (!found.has(key)) found.set(key, { id: row.id, name: row.name });
    }
    for (const name of chunk) {
      for (const row of byName.get(name)!) {
        const match = found.get(
          `${name}\u0000${phoneDigits(row.input!.phone)}`,
        );
        if (match) row.duplicateOf = match;
      }
    }
  }
}

/** The preview's listing: problem rows first (up to `limit`), then a few valid rows. */
export function previewRows(rows: CheckedRow[], limit: number): ImportRow[] {
  const shown = (row: CheckedRow): ImportRow => ({
    line: row.line,
    values: row.values,
    errors: row.errors,
    duplicateOf: row.duplicateOf,
  });
  const problems = rows
    .filter((row) => !row.input || row.duplicateOf)
    .slice(0, limit);
  const sample = rows
    .filter((row) => row.input && !row.duplicateOf)
    .slice(0, 20);
  return [...problems, ...sample].sort((a, b) => a.line - b.line).map(shown);
}
