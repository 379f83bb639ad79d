import { sql, type Selectable } from "kysely";
import { z } from "zod";
import {
  DOC_LANGUAGES,
  GOSPEL_DOC_FIELD_LABELS,
  GOSPEL_DOC_SORT_FIELDS,
  gospelDocInputSchema,
  gospelDocSchema,
  type DocLanguage,
} from "../../../common/schemas/gospel-doc.js";
import type { GospelDocsTable } from "../../db/schema.js";
import { contentResource } from "../../resources/content-resource.js";
import { choiceLabels } from "../../../common/choice-labels.js";

/** Gospel documents (issue 11 item 5); `/tjc/docs` stays the API reference. */
export const gospelDocResource = contentResource({
  path: "gospel-docs",
  table: "gospel_docs",
  module: "doc",
  recordSchema: gospelDocSchema,
  inputSchema: gospelDocInputSchema,
  sortable: GOSPEL_DOC_SORT_FIELDS,
  defaultSort: ["createdAt", "DESC"],
  search: {
    columns: ["title", "description"],
    passages: { text: ["title", "description"] },
  },
  filters: {
    language: {
      schema: z.enum(DOC_LANGUAGES),
      where: (value: DocLanguage) =>
        sql<boolean>`gospel_docs.language = ${value}`,
    },
  },
  fields: (row: Selectable<GospelDocsTable>) => ({
    title: row.title,
    description: row.description,
    fileId: row.fileId,
    coverFileId: row.coverFileId,
    language: row.language as DocLanguage,
  }),
  files: [
    { field: "fileId", kind: "document" },
    { field: "coverFileId", kind: "image" },
  ],
  fieldLabels: GOSPEL_DOC_FIELD_LABELS,
  csv: [{ key: "language", values: choiceLabels("docLanguage") }],
});
