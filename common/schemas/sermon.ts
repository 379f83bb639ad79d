import { z } from "zod";
import { optionalText } from "./text.js";
import { workflowInputShape } from "./workflow.js";
import { contentRecordSchema, contentSortFields } from "./content-fields.js";
import { MAX_INT32 } from "./fields.js";
export { SERMON_FIELD_LABELS } from "./sermon-labels.js";

const fileId = z.number().int().positive().max(MAX_INT32).nullish();

/** A sermon (issue 11 item 3). Shared by the server (the final word) and the admin forms. */
export const sermonInputSchema = z.object({
  title: z.string().trim().min(1).max(200),
  preacher: optionalText(64),
  series: optionalText(100),
  serviceType: optionalText(64),
  /** The day it was preached, YYYY-MM-DD. */
  preachedOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)))
    .nullish(),
  /** Free text such as 约翰福音 3:16-18 or John 3:16-18. */
  passage: optionalText(200),
  summary: optionalText(2000),
  /** Rich text; sanitised on the server. */
  body: z.string().max(500_000).nullish(),
  audioFileId: fileId,
  videoFileId: fileId,
  /** An external video instead of a file: https mp4, HLS, YouTube or Bilibili. */
  videoUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^https:\/\/\S+$/)
    .nullish()
    .or(z.literal("").transform(() => null)),
  attachmentIds: z
    .array(z.number().int().positive().max(MAX_INT32))
    .max(20)
    .optional(),
  coverFileId: fileId,
  /** The church's place: a region code of fixtures/regions.json. */
  regionCode: z
    .string()
    .regex(/^\d{6}$/)
    .nullish(),
  ...workflowInputShape,
});
export type SermonInput = z.input<typeof sermonInputSchema>;

export const sermonSchema = contentRecordSchema({
  preacher: z.string().nullable(),
  series: z.string().nullable(),
  serviceType: z.string().nullable(),
  preachedOn: z.string().nullable(),
  passage: z.string().nullable(),
  summary: z.string().nullable(),
  body: z.string(),
  audioFileId: z.number().int().nullable(),
  videoFileId: z.number().int().nullable(),
  videoUrl: z.string().nullable(),
  attachmentIds: z.array(z.number().int()),
  coverFileId: z.number().int().nullable(),
  regionCode: z.string().nullable(),
  views: z.number().int(),
});
export type Sermon = z.infer<typeof sermonSchema>;

export const SERMON_SORT_FIELDS = [
  ...contentSortFields("preachedOn"),
  "views",
] as const;
