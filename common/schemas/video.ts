import { z } from "zod";
import { workflowInputShape } from "./workflow.js";
import {
  contentRecordSchema,
  contentSortFields,
  fileIdField,
  optionalText,
  videoUrlField,
} from "./content-fields.js";
export { VIDEO_FIELD_LABELS } from "./video-labels.js";

/**
 * A video (issue 11 item 5): a library file or an external link (https mp4, HLS, YouTube
 * or Bilibili), exactly one of the two; the server checks that on the written row.
 */
export const videoInputSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: optionalText(2000),
  videoFileId: fileIdField.nullish(),
  videoUrl: videoUrlField,
  coverFileId: fileIdField.nullish(),
  ...workflowInputShape,
});
export type VideoInput = z.input<typeof videoInputSchema>;

export const videoSchema = contentRecordSchema({
  description: z.string().nullable(),
  videoFileId: z.number().int().nullable(),
  videoUrl: z.string().nullable(),
  coverFileId: z.number().int().nullable(),
  durationSec: z.number().nullable(),
});
export type Video = z.infer<typeof videoSchema>;

export const VIDEO_SORT_FIELDS = contentSortFields("durationSec");

/** Where a video plays from: the `source` filter. */
export const VIDEO_SOURCES = ["file", "link"] as const;
