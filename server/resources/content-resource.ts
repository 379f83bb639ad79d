/**
 * One content resource (sermons, articles, audio, video, gospel documents; issue 11) from
 * what is its own: the parts every content resource shares (the publishing workflow, the
 * pinyin title sort, the record's id, workflow and time fields, the input's columns, the
 * file columns counted as used, the export's fixed columns, the suggestions route) are
 * written here once, driven by the definition.
 */
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { SearchSpec } from "../db/search.js";
import { choiceLabels } from "../../common/choice-labels.js";
import { columnValues } from "./column-values.js";
import { fileColumnsAfterWrite, type FileColumn } from "./content-files.js";
import { defineResource } from "./define-resource.js";
import type {
  CsvColumn,
  ResourceDefinition,
  ResourceFilter,
  WriteChange,
  WriteContext,
} from "./resource-definition.js";
import { pinyinKey, type SortKey } from "./sort-keys.js";
import { registerSuggestions } from "./suggestions.js";
import {
  publishingWorkflow,
  WORKFLOW_FIELDS,
  type PublishingWorkflow,
  type WorkflowRow,
} from "./workflow.js";

/** The columns every content row has besides its own and the workflow's. */
interface ContentRow extends WorkflowRow {
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** What a content record carries that its definition's `fields` does not map. */
type CommonField =
  | keyof ReturnType<PublishingWorkflow["record"]>
  | "id"
  | "createdAt"
  | "updatedAt"
  | "version";

type Stored<S extends z.ZodObject> = NonNullable<
  Parameters<typeof columnValues<S>>[1]
>["stored"];

export interface ContentSpec<
  Row extends ContentRow,
  Rec extends { title: string },
  Input extends z.ZodObject,
> {
  /** URL segment, audit name and content-tag owner, e.g. "gospel-docs". */
  path: string;
  /** Table in the database, e.g. "gospel_docs". */
  table: string;
  module: string;
  recordSchema: z.ZodType<Rec>;
  /** The input of create and update (the workflow's fields included). */
  inputSchema: Input;
  sortable: readonly string[];
  defaultSort: [string, "ASC" | "DESC"];
  lookupCost?: number;
  /** The keyword search, on the resource's table. */
  search: Omit<SearchSpec, "table">;
  /** Filters beyond the workflow's status, tagId and createdBy. */
  filters?: Record<string, ResourceFilter>;
  revisions?: boolean;
  /** The record's own fields, from its row (id, workflow and times are added). */
  fields(row: Row): Omit<Rec, CommonField>;
  /** Input fields not stored as they are (sanitised HTML, JSON). */
  stored?: Stored<Input>;
  /** The file columns, counted as used and checked to be of their kind. */
  files: readonly FileColumn[];
  /** The file column whose duration the row copies. */
  durationFrom?: string;
  /** A check on the written row, run before the file columns are counted. */
  checkRow?(change: WriteChange<Rec>, context: WriteContext): Promise<void>;
  fieldLabels: ResourceDefinition<Row, Rec, Input, Input>["fieldLabels"];
  /** The export: id and title, these, status and publishedAt, `csvAfter`, then the times. */
  csv: CsvColumn<Rec>[];
  csvAfter?: CsvColumn<Rec>[];
  /** Field name → snake_case column: adds `GET /<path>/suggestions` for them. */
  suggestions?: Record<string, string>;
}

export type ContentResource<
  Row,
  Rec,
  Input extends z.ZodObject,
> = ResourceDefinition<Row, Rec, Input, Input> & {
  search: SearchSpec;
  sortKeys: Record<string, SortKey>;
  workflow: PublishingWorkflow;
  /** Registers its routes: the suggestions (when named), then defineResource's. */
  register(app: FastifyInstance): void;
};

export function contentResource<
  Row extends ContentRow,
  Rec extends { title: string },
  Input extends z.ZodObject,
>(spec: ContentSpec<Row, Rec, Input>): ContentResource<Row, Rec, Input> {
  const { path, table, module } = spec;
  const workflow = publishingWorkflow(path, table);
  const files = fileColumnsAfterWrite<Rec>(
    path,
    table,
    spec.files,
    spec.durationFrom,
  );
  const key = (name: string) => ({ key: name }) as CsvColumn<Rec>;
  const time = (name: string) => ({ key: name, time: true }) as CsvColumn<Rec>;
  const resource: ContentResource<Row, Rec, Input> = {
    path,
    table,
    module,
    recordSchema: spec.recordSchema,
    createSchema: spec.inputSchema,
    updateSchema: spec.inputSchema,
    sortable: spec.sortable,
    sortKeys: { title: pinyinKey("titlePinyin") },
    defaultSort: spec.defaultSort,
    ...(spec.lookupCost === undefined ? {} : { lookupCost: spec.lookupCost }),
    search: { table, ...spec.search },
    filters: { ...workflow.filters, ...spec.filters },
    workflow,
    ...(spec.revisions ? { revisions: true } : {}),
    toRecord: (row) =>
      ({
        id: row.id,
        ...spec.fields(row),
        ...workflow.record(row),
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        version: row.version,
      }) as unknown as Rec,
    // status, publishAt and tagIds are the workflow's: written by its afterWrite.
    toValues: columnValues(spec.inputSchema, {
      skip: WORKFLOW_FIELDS as unknown as (keyof z.output<Input> & string)[],
      stored: spec.stored,
    }),
    // Checked on the written row, so a partial (batch) update is checked the same way.
    afterWrite: async (change, context) => {
      if (spec.checkRow) await spec.checkRow(change, context);
      await files(change, context);
    },
    fieldLabels: spec.fieldLabels,
    csvColumns: [
      key("id"),
      key("title"),
      ...spec.csv,
      { ...key("status"), values: choiceLabels("contentStatus") },
      time("publishedAt"),
      ...(spec.csvAfter ?? []),
      time("createdAt"),
      time("updatedAt"),
    ],
    register: (app) => {
      if (spec.suggestions)
        registerSuggestions(app, {
          path,
          table,
          module,
          fields: spec.suggestions,
        });
      defineResource(app, resource);
    },
  };
  return resource;
}
