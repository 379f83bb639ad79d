import { z } from "zod";
import { workflowInputShape, workflowRecordShape } from "./workflow.js";
import { fileIdField, optionalText } from "./content-fields.js";
export { GOSPEL_DOC_FIELD_LABELS } from "./gospel-doc-labels.js";

/** The languages a gospel document is written in (docs/content.md). */
export const DOC_LANGUAGES = ["zh-CN", "zh-TW", "en-US", "other"] as const;
export type DocLanguage = (typeof DOC_LANGUAGES)[number];

/** A gospel document (issue 11 item 5): a library file of kind document (pdf, epub, docx, pptx). */
export const gospelDocInputSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: optionalText(2000),
  fileId: fileIdField,
  coverFileId: fileIdField.nullish(),
  language: z.enum(DOC_LANGUAGES),
  ...workflowInputShape,
});
export type GospelDocInput = z.input<typeof gospelDocInputSchema>;

export const gospelDocSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  fileId: z.number().int(),
  coverFileId: z.number().int().nullable(),
  language: z.enum(DOC_LANGUAGES),
  ...workflowRecordShape,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type GospelDoc = z.infer<typeof gospelDocSchema>;

export const GOSPEL_DOC_SORT_FIELDS = [
  "id",
  "title",
  "createdAt",
  "updatedAt",
  "publishedAt",
] as const;
