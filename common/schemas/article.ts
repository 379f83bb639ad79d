import { z } from "zod";
import { workflowInputShape, workflowRecordShape } from "./workflow.js";
import { MAX_INT32 } from "./fields.js";
export { ARTICLE_FIELD_LABELS } from "./article-labels.js";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) =>
      value ? value : value === undefined ? undefined : null,
    );

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

export const articleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  author: z.string().nullable(),
  category: z.string().nullable(),
  coverFileId: z.number().int().nullable(),
  summary: z.string().nullable(),
  body: z.string(),
  sourceUrl: z.string().nullable(),
  ...workflowRecordShape,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Article = z.infer<typeof articleSchema>;

export const ARTICLE_SORT_FIELDS = [
  "id",
  "title",
  "createdAt",
  "updatedAt",
  "publishedAt",
] as const;
