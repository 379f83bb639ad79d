import type { Selectable } from "kysely";
import {
  AUDIO_FIELD_LABELS,
  AUDIO_SORT_FIELDS,
  audioInputSchema,
  audioSchema,
  type Audio,
} from "../../../common/schemas/audio.js";
import type { AudiosTable } from "../../db/schema.js";
import type { ResourceDefinition } from "../../resources/define-resource.js";
import { pinyinKey } from "../../resources/sort-keys.js";
import {
  publishingWorkflow,
  WORKFLOW_FIELDS,
} from "../../resources/workflow.js";
import { fileColumnsAfterWrite } from "../../resources/content-files.js";
import { textFilter } from "../../resources/filters.js";
import { columnValues } from "../../resources/column-values.js";
import { choiceLabels } from "../../../common/choice-labels.js";

type AudioRow = Selectable<AudiosTable>;

const workflow = publishingWorkflow("audios", "audios");

/** Audio recordings (issue 11 item 5); exported for the public API and the podcast feed. */
export const audioResource = {
  path: "audios",
  table: "audios",
  module: "audio",
  recordSchema: audioSchema,
  createSchema: audioInputSchema,
  updateSchema: audioInputSchema,
  sortable: AUDIO_SORT_FIELDS,
  sortKeys: { title: pinyinKey("titlePinyin") },
  defaultSort: ["createdAt", "DESC"],
  search: {
    table: "audios",
    columns: ["title", "speaker", "series", "description"],
  },
  filters: {
    ...workflow.filters,
    speaker: textFilter("audios.speaker"),
    series: textFilter("audios.series"),
  },
  workflow,
  toRecord: (row: AudioRow): Audio => ({
    id: row.id,
    title: row.title,
    description: row.description,
    audioFileId: row.audioFileId,
    coverFileId: row.coverFileId,
    durationSec: row.durationSec === null ? null : Number(row.durationSec),
    speaker: row.speaker,
    series: row.series,
    ...workflow.record(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  toValues: columnValues(audioInputSchema, { skip: WORKFLOW_FIELDS }),
  afterWrite: fileColumnsAfterWrite<Audio>(
    "audios",
    "audios",
    [
      { field: "audioFileId", kind: "audio" },
      { field: "coverFileId", kind: "image" },
    ],
    "audioFileId",
  ),
  fieldLabels: AUDIO_FIELD_LABELS,
  csvColumns: [
    { key: "id" },
    { key: "title" },
    { key: "speaker" },
    { key: "series" },
    { key: "durationSec" },
    { key: "status", values: choiceLabels("contentStatus") },
    { key: "publishedAt", time: true },
    { key: "createdAt", time: true },
    { key: "updatedAt", time: true },
  ],
} satisfies ResourceDefinition<
  AudioRow,
  Audio,
  typeof audioInputSchema,
  typeof audioInputSchema
>;
