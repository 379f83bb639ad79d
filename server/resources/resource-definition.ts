import {
  type Expression,
  type Kysely,
  type RawBuilder,
  type SqlBool,
} from "kysely";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { Database } from "../db/schema.js";
import type { SearchSpec } from "../db/search.js";
import type { Language } from "../../common/codes.js";
import type { StoreKind } from "../db/store.js";
import type { SortKey } from "./sort-keys.js";
import type { PublishingWorkflow } from "./workflow.js";
import { MAX_INT32 } from "../../common/schemas/fields.js";

/** One record's change, as the write hooks see it. */
export interface WriteChange<Rec> {
  action: "create" | "update" | "delete";
  id: number;
  /** The record before the change (update, delete). */
  before?: Rec;
  /** The validated input (create, update; a batch update's fields). */
  input?: Record<string, unknown>;
  /** Part of a batch. */
  batch: boolean;
}

export interface WriteContext {
  /** The write's transaction: everything written with it lands together, or nothing. */
  trx: Kysely<Database>;
  request: FastifyRequest;
}

/** A filter field: how its value is validated and which rows it keeps. */
export interface ResourceFilter {
  schema: z.ZodType;
  /**
   * `walk` (SQLite, filters marked `lookup`): the list will walk its ORDER BY index, so the
   * condition must not be usable to look rows up by id (write `+table.id in (…)`).
   */
  where(value: never, kind: StoreKind, walk?: boolean): Expression<SqlBool>;
  /**
   * It keeps rows by id from an index of its own (`table.id in (select … )`), as the word
   * index does: on SQLite the list then chooses, from the matching total and the page, to
   * look the matches up by id and sort them, or to walk the ORDER BY index and check each
   * row against them (search.ts, keywordPlan).
   */
  lookup?: boolean;
  /**
   * The ids it keeps, as a subquery of one column (what `where` tests `table.id` against):
   * a list that looks its rows up intersects these with the keyword's postings before it
   * reads a row, instead of reading every row one side keeps to test it against the other.
   */
  ids?(value: never): RawBuilder<unknown>;
  /**
   * The rows it keeps can change without a write to the resource's table (it reads the
   * clock or another table): its totals are counted afresh, never cached.
   */
  volatile?: boolean;
}

export interface ResourceDefinition<
  Row,
  Rec,
  Create extends z.ZodObject,
  Update extends z.ZodObject,
> {
  /**
   * SQLite: what looking up and sorting one matching row costs, in index entries walked
   * (search.ts, keywordPlan; 8 when unset). Rows with long text sort slowly: more.
   */
  lookupCost?: number;
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
  /**
   * Keyword search (`q`): the declared columns (and `html` columns as text) go into the
   * word index, kept in every write's transaction (docs/search.md); `passages` adds the
   * `passage` filter and the rows to GET /tjc/passages.
   */
  search?: SearchSpec;
  /** Columns with a unique index, reported as the field of a 40900. */
  uniqueFields?: string[];
  toRecord(row: Row): Rec;
  /**
   * Adds what the row alone lacks (a user's role ids, a role's codes) to records, for
   * lists, exports, single records and the audit log's before/after.
   */
  enrich?(records: Rec[], db: Kysely<Database>): Promise<Rec[]>;
  /**
   * Turns validated input into column values; sanitising of HTML fields goes here, and
   * hashing (it may be async). Fields that are not columns are left out.
   */
  toValues(
    input: Partial<z.infer<Create>>,
  ): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Refuses a change before anything is written (throw an ApiError): deleting oneself. */
  beforeWrite?(change: WriteChange<Rec>, context: WriteContext): Promise<void>;
  /**
   * Runs in the write's transaction once the row changed, before the audit row: writes
   * related rows and checks invariants on the result (throw to roll everything back).
   */
  afterWrite?(change: WriteChange<Rec>, context: WriteContext): Promise<void>;
  /** Runs once the transaction committed: forgetting cached sessions or codes. */
  afterCommit?(
    changes: WriteChange<Rec>[],
    request: FastifyRequest,
  ): void | Promise<void>;
  /**
   * Shapes records for the caller just before they leave the server (list, export, get,
   * the answers of writes): masks what the caller may not read. Audit rows and hooks see
   * the stored values.
   */
  present?(records: Rec[], request: FastifyRequest): Rec[];
  /**
   * Checks a list's or export's filter and order for the caller before any query is run
   * (throw an ApiError: a filter or sort on a field the caller reads masked), and answers
   * the filter to run, e.g. a keyword narrowed to the fields the caller may read. The
   * audit log keeps the filter as sent.
   */
  guardQuery?(
    filter: Record<string, unknown>,
    sort: { field: string; order: "asc" | "desc" },
    request: FastifyRequest,
  ): Record<string, unknown>;
  /**
   * Leaves out input fields the caller may not change (update and batch update), before
   * toValues: fields it can only read masked.
   */
  restrictInput?(
    input: Record<string, unknown>,
    request: FastifyRequest,
  ): Record<string, unknown>;
  /** Records every export in the audit log (action "export") with its filter and rows. */
  auditExports?: boolean;
  /** Only list, export and get: records written by the server itself (logs). */
  readOnly?: boolean;
  /** The audit log's name for the resource; `path` when left out. */
  auditName?: string;
  /** The fields' names in every language (common/, shared with the admin): CSV headers. */
  fieldLabels: Record<Language, Record<string, string>>;
  /**
   * The export's columns, in order. A `time` column holds an ISO UTC time, written in the
   * export's time zone, which its header names.
   */
  csvColumns: CsvColumn<Rec>[];
  /**
   * Opts into the publishing workflow (workflow.ts): defineResource runs its checks before
   * each write and records status, who and when, and tags after it, in the same transaction.
   */
  workflow?: PublishingWorkflow;
  /**
   * Keeps every saved version (revisions.ts): each create, update and restore stores the
   * record in the write's transaction, and `/<path>/:id/revisions` lists, reads and
   * restores them.
   */
  revisions?: boolean;
}

export interface CsvColumn<Rec> {
  key: keyof Rec & string;
  time?: boolean;
  /**
   * A coded value's words in every language (`common/choice-labels.ts`, the labels the
   * screens show): the cell holds the caller's; a value without a label stays as it is.
   */
  values?: Record<Language, Record<string, string>>;
}

/** Ids and versions are 32-bit integers in both stores (common/schemas/fields.ts). */
export { MAX_INT32 };

export const idParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_INT32),
});
export const versionField = z.object({
  version: z.number().int().positive().max(MAX_INT32),
});
export const idList = z
  .array(z.number().int().positive().max(MAX_INT32))
  .min(1)
  .max(1000);

/** Envelope schema for the OpenAPI document. */
export function envelope(data: z.ZodType) {
  return z.object({ code: z.number(), message: z.string(), data });
}

/** A definition whatever its record and input types, for code that needs only its rows. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyResourceDefinition<Row> = ResourceDefinition<Row, any, any, any>;
