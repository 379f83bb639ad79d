import { z } from "zod";
import { workflowInputShape } from "./workflow.js";
import {
  contentRecordSchema,
  contentSortFields,
  fileIdField,
  optionalText,
} from "./content-fields.js";
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

export const gospelDocSchema = contentRecordSchema({
  description: z.string().nullable(),
  fileId: z.number().int(),
  coverFileId: z.number().int().nullable(),
  language: z.enum(DOC_LANGUAGES),
});
export type GospelDoc = z.infer<typeof gospelDocSchema>;

export const GOSPEL_DOC_SORT_FIELDS = contentSortFields();
