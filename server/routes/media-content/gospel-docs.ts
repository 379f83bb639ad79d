import { sql, type Selectable } from "kysely";
import { z } from "zod";
import {
  DOC_LANGUAGES,
  GOSPEL_DOC_FIELD_LABELS,
  GOSPEL_DOC_SORT_FIELDS,
  gospelDocInputSchema,
  gospelDocSchema,
  type DocLanguage,
  type GospelDoc,
} from "../../../common/schemas/gospel-doc.js";
import type { GospelDocsTable } from "../../db/schema.js";
import type { ResourceDefinition } from "../../resources/define-resource.js";
import { pinyinKey } from "../../resources/sort-keys.js";
import {
  publishingWorkflow,
  WORKFLOW_FIELDS,
} from "../../resources/workflow.js";
import { fileColumnsAfterWrite } from "../../resources/content-files.js";
import { columnValues } from "../../resources/column-values.js";
import { choiceLabels } from "../../../common/choice-labels.js";

type GospelDocRow = Selectable<GospelDocsTable>;

const workflow = publishingWorkflow("gospel-docs", "gospel_docs");

/** Gospel documents (issue 11 item 5); `/tjc/docs` stays the API reference. */
export const gospelDocResource = {
  path: "gospel-docs",
  table: "gospel_docs",
  module: "doc",
  recordSchema: gospelDocSchema,
  createSchema: gospelDocInputSchema,
  updateSchema: gospelDocInputSchema,
  sortable: GOSPEL_DOC_SORT_FIELDS,
  sortKeys: { title: pinyinKey("titlePinyin") },
  defaultSort: ["createdAt", "DESC"],
  search: {
    table: "gospel_docs",
    columns: ["title", "description"],
    passages: { text: ["title", "description"] },
  },
  filters: {
    ...workflow.filters,
    language: {
      schema: z.enum(DOC_LANGUAGES),
      where: (value: DocLanguage) =>
        sql<boolean>`gospel_docs.language = ${value}`,
    },
  },
  workflow,
  toRecord: (row: GospelDocRow): GospelDoc => ({
    id: row.id,
    title: row.title,
    description: row.description,
    fileId: row.fileId,
    coverFileId: row.coverFileId,
    language: row.language as DocLanguage,
    ...workflow.record(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  toValues: columnValues(gospelDocInputSchema, { skip: WORKFLOW_FIELDS }),
  afterWrite: fileColumnsAfterWrite<GospelDoc>("gospel-docs", "gospel_docs", [
    { field: "fileId", kind: "document" },
    { field: "coverFileId", kind: "image" },
  ]),
  fieldLabels: GOSPEL_DOC_FIELD_LABELS,
  csvColumns: [
    { key: "id" },
    { key: "title" },
    { key: "language", values: choiceLabels("docLanguage") },
    { key: "status", values: choiceLabels("contentStatus") },
    { key: "publishedAt", time: true },
    { key: "createdAt", time: true },
    { key: "updatedAt", time: true },
  ],
} satisfies ResourceDefinition<
  GospelDocRow,
  GospelDoc,
  typeof gospelDocInputSchema,
  typeof gospelDocInputSchema
>;
