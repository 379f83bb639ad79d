import { sql, type Selectable } from "kysely";
import { z } from "zod";
import {
  VIDEO_FIELD_LABELS,
  VIDEO_SORT_FIELDS,
  VIDEO_SOURCES,
  videoInputSchema,
  videoSchema,
  type Video,
} from "../../../common/schemas/video.js";
import type { VideosTable } from "../../db/schema.js";
import type { ResourceDefinition } from "../../resources/define-resource.js";
import { pinyinKey } from "../../resources/sort-keys.js";
import {
  publishingWorkflow,
  WORKFLOW_FIELDS,
} from "../../resources/workflow.js";
import { fileColumnsAfterWrite } from "../../resources/content-files.js";
import { validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import { columnValues } from "../../resources/column-values.js";
import { CONTENT_ERRORS } from "../../../common/content-messages.js";
import { choiceLabels } from "../../../common/choice-labels.js";

type VideoRow = Selectable<VideosTable>;

const workflow = publishingWorkflow("videos", "videos");
const files = fileColumnsAfterWrite<Video>(
  "videos",
  "videos",
  [
    { field: "videoFileId", kind: "video" },
    { field: "coverFileId", kind: "image" },
  ],
  "videoFileId",
);

/** Videos (issue 11 item 5): a library file or an external link, exactly one. */
export const videoResource = {
  path: "videos",
  table: "videos",
  module: "video",
  recordSchema: videoSchema,
  createSchema: videoInputSchema,
  updateSchema: videoInputSchema,
  sortable: VIDEO_SORT_FIELDS,
  sortKeys: { title: pinyinKey("titlePinyin") },
  defaultSort: ["createdAt", "DESC"],
  search: { table: "videos", columns: ["title", "description"] },
  filters: {
    ...workflow.filters,
    source: {
      schema: z.enum(VIDEO_SOURCES),
      where: (value: (typeof VIDEO_SOURCES)[number]) =>
        value === "file"
          ? sql<boolean>`videos.video_file_id is not null`
          : sql<boolean>`videos.video_file_id is null`,
    },
  },
  workflow,
  toRecord: (row: VideoRow): Video => ({
    id: row.id,
    title: row.title,
    description: row.description,
    videoFileId: row.videoFileId,
    videoUrl: row.videoUrl,
    coverFileId: row.coverFileId,
    durationSec: row.durationSec === null ? null : Number(row.durationSec),
    ...workflow.record(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  toValues: columnValues(videoInputSchema, { skip: WORKFLOW_FIELDS }),
  // Checked on the written row, so a partial (batch) update is checked the same way.
  afterWrite: async (change, context) => {
    if (change.action !== "delete") {
      const row = await context.trx
        .selectFrom("videos")
        .select(["videoFileId", "videoUrl"])
        .where("id", "=", change.id)
        .executeTakeFirstOrThrow();
      const language = context.request.language;
      if (row.videoFileId === null && row.videoUrl === null)
        throw validationError({
          videoFileId: localizeText(CONTENT_ERRORS.videoSource, language),
        });
      if (row.videoFileId !== null && row.videoUrl !== null)
        throw validationError({
          videoUrl: localizeText(CONTENT_ERRORS.videoBoth, language),
        });
    }
    await files(change, context);
  },
  fieldLabels: VIDEO_FIELD_LABELS,
  csvColumns: [
    { key: "id" },
    { key: "title" },
    { key: "videoUrl" },
    { key: "durationSec" },
    { key: "status", values: choiceLabels("contentStatus") },
    { key: "publishedAt", time: true },
    { key: "createdAt", time: true },
    { key: "updatedAt", time: true },
  ],
} satisfies ResourceDefinition<
  VideoRow,
  Video,
  typeof videoInputSchema,
  typeof videoInputSchema
>;
