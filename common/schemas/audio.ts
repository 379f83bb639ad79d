import { z } from "zod";
import { workflowInputShape } from "./workflow.js";
import {
  contentRecordSchema,
  contentSortFields,
  fileIdField,
  optionalText,
} from "./content-fields.js";
export { contentWorkflowLabels, AUDIO_FIELD_LABELS } from "./audio-labels.js";

/** An audio recording (issue 11 item 5). Shared by the server (the final word) and the admin. */
export const audioInputSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: optionalText(2000),
  /** The recording: a library file of kind audio. Its duration comes from the library. */
  audioFileId: fileIdField,
  coverFileId: fileIdField.nullish(),
  speaker: optionalText(64),
  series: optionalText(100),
  ...workflowInputShape,
});
export type AudioInput = z.input<typeof audioInputSchema>;

export const audioSchema = contentRecordSchema({
  description: z.string().nullable(),
  audioFileId: z.number().int(),
  coverFileId: z.number().int().nullable(),
  durationSec: z.number().nullable(),
  speaker: z.string().nullable(),
  series: z.string().nullable(),
});
export type Audio = z.infer<typeof audioSchema>;

export const AUDIO_SORT_FIELDS = contentSortFields("durationSec");
