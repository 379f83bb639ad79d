import { z } from "zod";
import { workflowInputShape } from "./workflow.js";
import {
  contentRecordSchema,
  contentSortFields,
  optionalText,
} from "./content-fields.js";
import { MAX_INT32 } from "./fields.js";
export { ARTICLE_FIELD_LABELS } from "./article-labels.js";

/** An article (issue 11 item 4). Shared by the server (the final word) and the editor. */
export const articleInputSchema = z.object({
  title: z.string().trim().min(1).max(200),
  author: optionalText(64),
  category: optionalText(64),
  coverFileId: z.number().int().positive().max(MAX_INT32).nullish(),
  summary: optionalText(2000),
  /** Rich text; sanitised on the server. */
  body: z.string().max(500_000).nullish(),
  /** Where it was first published, if elsewhere. */
  sourceUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/\S+$/)
    .nullish()
    .or(z.literal("").transform(() => null)),
  ...workflowInputShape,
});
export type ArticleInput = z.input<typeof articleInputSchema>;

export const articleSchema = contentRecordSchema({
  author: z.string().nullable(),
  category: z.string().nullable(),
  coverFileId: z.number().int().nullable(),
  summary: z.string().nullable(),
  body: z.string(),
  sourceUrl: z.string().nullable(),
});
export type Article = z.infer<typeof articleSchema>;

export const ARTICLE_SORT_FIELDS = contentSortFields();
