import { z } from "zod";
import { regionCodeSchema } from "../regions.js";
import { countryCodeSchema } from "../countries.js";
import { nameText, optionalText } from "./text.js";
import { DISCIPLE_ERRORS } from "../disciple-messages.js";
import {
  DISCIPLE_IMPORT_FIELDS,
  type DiscipleImportField,
} from "./disciple-fields.js";
import { MAX_INT32 } from "./fields.js";

export const DISCIPLE_GENDERS = ["male", "female", "unknown"] as const;
export type DiscipleGender = (typeof DISCIPLE_GENDERS)[number];
export const DISCIPLE_STATUSES = [
  "active",
  "inactive",
  "moved",
  "deceased",
] as const;
export type DiscipleStatus = (typeof DISCIPLE_STATUSES)[number];

/** Fields only a holder of `disciple:contact` reads in full (docs/believers.md). */
export const DISCIPLE_CONTACT_FIELDS = [
  "phone",
  "email",
  "address",
  "birthDate",
] as const;
export type DiscipleContactField = (typeof DISCIPLE_CONTACT_FIELDS)[number];

/** A calendar day, YYYY-MM-DD, that exists. */
export const dayField = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((text) => {
    const time = Date.parse(`${text}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
  });
const optionalDay = dayField.nullish().or(z.literal("").transform(() => null));

/**
 * The latest day that is today somewhere (UTC+14), so a believer born today east of
 * Greenwich is not refused early in the morning.
 */
const latestToday = () =>
  new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);

/** A birth date: a real day, never after today (issue 25: 2099 was accepted). */
const birthDay = dayField
  .refine((text) => text <= latestToday(), {
    message: DISCIPLE_ERRORS.futureBirth,
  })
  .nullish()
  .or(z.literal("").transform(() => null));

/** Digits, spaces, dashes, brackets, an optional leading +; 5 to 32 characters. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{3,30}[0-9]$/;

export const discipleInputSchema = z.object({
  name: nameText(64),
  gender: z.enum(DISCIPLE_GENDERS).optional(),
  birthDate: birthDay,
  baptismDate: optionalDay,
  joinedOn: optionalDay,
  phone: z
    .string()
    .trim()
    .max(32)
    .regex(PHONE_PATTERN)
    .nullish()
    .or(z.literal("").transform(() => null)),
  email: z
    .email()
    .max(254)
    .nullish()
    .or(z.literal("").transform(() => null)),
  address: optionalText(255),
  regionCode: regionCodeSchema
    .nullish()
    .or(z.literal("").transform(() => null)),
  countryCode: countryCodeSchema
    .nullish()
    .or(z.literal("").transform(() => null)),
  congregation: optionalText(100),
  status: z.enum(DISCIPLE_STATUSES).optional(),
  tagIds: z
    .array(z.number().int().positive().max(MAX_INT32))
    .max(20)
    .optional(),
  notes: optionalText(2000),
});
export type DiscipleInput = z.input<typeof discipleInputSchema>;

export const discipleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  gender: z.enum(DISCIPLE_GENDERS),
  /** YYYY-MM-DD, or masked as YYYY-**-** without `disciple:contact`. */
  birthDate: z.string().nullable(),
  baptismDate: z.string().nullable(),
  joinedOn: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  regionCode: z.string().nullable(),
  countryCode: z.string().nullable(),
  congregation: z.string().nullable(),
  status: z.enum(DISCIPLE_STATUSES),
  tagIds: z.array(z.number().int()),
  notes: z.string().nullable(),
  /** True when the contact fields above are masked for this caller. */
  contactMasked: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Disciple = z.infer<typeof discipleSchema>;

export const DISCIPLE_SORT_FIELDS = [
  "id",
  "name",
  "gender",
  "birthDate",
  "baptismDate",
  "joinedOn",
  "congregation",
  "status",
  "createdAt",
  "updatedAt",
] as const;

export { DISCIPLE_IMPORT_FIELDS, type DiscipleImportField };

export const DUPLICATE_MODES = ["skip", "update"] as const;
export type DuplicateMode = (typeof DUPLICATE_MODES)[number];
export const IMPORT_ENCODINGS = ["auto", "utf-8", "gb18030"] as const;

/** Largest CSV an import accepts, and its most rows. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** How many problem rows (errors, duplicates) a preview lists in full. */
export const IMPORT_PREVIEW_ROWS = 200;

/** One row as the preview shows it: its line, values, errors, and the believer it repeats. */
export const importRowSchema = z.object({
  line: z.number().int(),
  values: z.record(z.string(), z.string()),
  errors: z.record(z.string(), z.string()),
  duplicateOf: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z.object({
  encoding: z.enum(["utf-8", "gb18030"]),
  headers: z.array(z.string()),
  /** Per CSV column, the field it fills (null: ignored). */
  columns: z.array(z.enum(DISCIPLE_IMPORT_FIELDS).nullable()),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  duplicates: z.number().int(),
  /** Rows with errors or duplicates (the first IMPORT_PREVIEW_ROWS), then a few valid ones. */
  rows: z.array(importRowSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  invalid: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const discipleSummarySchema = z.object({
  total: z.number().int(),
  byStatus: z.record(z.enum(DISCIPLE_STATUSES), z.number().int()),
});
export type DiscipleSummary = z.infer<typeof discipleSummarySchema>;
