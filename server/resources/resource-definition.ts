import { type Expression, type SqlBool } from "kysely";
import { z } from "zod";
import type { SearchSpec } from "../db/search.js";
import type { Language } from "../../common/codes.js";
import type { StoreKind } from "../db/store.js";
import type { SortKey } from "./sort-keys.js";
import type { PublishingWorkflow, WriteContext } from "./workflow.js";

/** A filter field: how its value is validated and which rows it keeps. */
export interface ResourceFilter {
  schema: z.ZodType;
  where(value: never, kind: StoreKind): Expression<SqlBool>;
}

export interface ResourceDefinition<
  Row,
  Rec,
  Create extends z.ZodObject,
  Update extends z.ZodObject,
> {
  /** URL segment under /tjc, e.g. "tags". */
  path: string;
  /** Table in the database (Kysely's name). */
  table: string;
  /** Permission module: routes need `<module>:read|create|update|delete|export`. */
  module: string;
  /** OpenAPI tag and the records' JSON shape. */
  recordSchema: z.ZodType<Rec>;
  createSchema: Create;
  updateSchema: Update;
  sortable: readonly string[];
  /**
   * Sortable fields that sort by a key column written next to them, e.g. a Chinese name by
   * its pinyin: `{ name: pinyinKey("namePinyin") }`. The machinery fills the key on every
   * write; the key column needs an index like any sort column.
   */
  sortKeys?: Record<string, SortKey>;
  defaultSort: [string, "ASC" | "DESC"];
  /** Filters beyond the built-in `id` (getMany) and `q` (keyword, when `search` is set). */
  filters?: Record<string, ResourceFilter>;
  search?: SearchSpec;
  /** Columns with a unique index, reported as the field of a 40900. */
  uniqueFields?: string[];
  toRecord(row: Row): Rec;
  /** Turns validated input into column values; sanitising of HTML fields goes here. */
  toValues(input: Partial<z.infer<Create>>): Record<string, unknown>;
  /** The fields' names in every language (common/, shared with the admin): CSV headers. */
  fieldLabels: Record<Language, Record<string, string>>;
  /**
   * The export's columns, in order. A `time` column holds an ISO UTC time, written in the
   * export's time zone, which its header names.
   */
  csvColumns: CsvColumn<Rec>[];
  /**
   * Opts into the publishing workflow (workflow.ts): its writes then check status moves
   * and record who and when, all in one transaction with the steps below.
   */
  workflow?: PublishingWorkflow;
  /** Runs after a row is created or updated, in the write's transaction (file usages…). */
  afterWrite?(ctx: WriteContext, row: Row): Promise<void>;
  /** Runs before rows are deleted, in the same transaction. */
  beforeDelete?(ctx: WriteContext, ids: number[]): Promise<void>;
}

export interface CsvColumn<Rec> {
  key: keyof Rec & string;
  time?: boolean;
}

export const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
/** Ids and versions are 32-bit integers in both stores; larger numbers are refused (40000). */
export const MAX_INT32 = 2 ** 31 - 1;
export const versionField = z.object({
  version: z.number().int().positive().max(MAX_INT32),
});
export const idList = z
  .array(
    z
      .number()
      .int()
      .positive()
      .max(2 ** 31 - 1),
  )
  .min(1)
  .max(1000);

/** Envelope schema for the OpenAPI document. */
export function envelope(data: z.ZodType) {
  return z.object({ code: z.number(), message: z.string(), data });
}

/** A definition whatever its record and input types, for code that needs only its rows. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyResourceDefinition<Row> = ResourceDefinition<Row, any, any, any>;
