import type { Selectable } from "kysely";
import {
  AUDIO_FIELD_LABELS,
  AUDIO_SORT_FIELDS,
  audioInputSchema,
  audioSchema,
} from "../../../common/schemas/audio.js";
import type { AudiosTable } from "../../db/schema.js";
import { contentResource } from "../../resources/content-resource.js";
import { textFilter } from "../../resources/filters.js";

/** Audio recordings (issue 11 item 5); exported for the public API and the podcast feed. */
export const audioResource = contentResource({
  path: "audios",
  table: "audios",
  module: "audio",
  recordSchema: audioSchema,
  inputSchema: audioInputSchema,
  sortable: AUDIO_SORT_FIELDS,
  defaultSort: ["createdAt", "DESC"],
  search: { columns: ["title", "speaker", "series", "description"] },
  filters: {
    speaker: textFilter("audios.speaker"),
    series: textFilter("audios.series"),
  },
  fields: (row: Selectable<AudiosTable>) => ({
    title: row.title,
    description: row.description,
    audioFileId: row.audioFileId,
    coverFileId: row.coverFileId,
    durationSec: row.durationSec === null ? null : Number(row.durationSec),
    speaker: row.speaker,
    series: row.series,
  }),
  files: [
    { field: "audioFileId", kind: "audio" },
    { field: "coverFileId", kind: "image" },
  ],
  durationFrom: "audioFileId",
  fieldLabels: AUDIO_FIELD_LABELS,
  csv: [{ key: "speaker" }, { key: "series" }, { key: "durationSec" }],
});
