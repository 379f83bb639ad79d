import { sql, type Selectable } from "kysely";
import { z } from "zod";
import {
  VIDEO_FIELD_LABELS,
  VIDEO_SORT_FIELDS,
  VIDEO_SOURCES,
  videoInputSchema,
  videoSchema,
} from "../../../common/schemas/video.js";
import type { VideosTable } from "../../db/schema.js";
import { contentResource } from "../../resources/content-resource.js";
import { validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import { CONTENT_ERRORS } from "../../../common/content-messages.js";

/** Videos (issue 11 item 5): a library file or an external link, exactly one. */
export const videoResource = contentResource({
  path: "videos",
  table: "videos",
  module: "video",
  recordSchema: videoSchema,
  inputSchema: videoInputSchema,
  sortable: VIDEO_SORT_FIELDS,
  defaultSort: ["createdAt", "DESC"],
  search: { columns: ["title", "description"] },
  filters: {
    source: {
      schema: z.enum(VIDEO_SOURCES),
      where: (value: (typeof VIDEO_SOURCES)[number]) =>
        value === "file"
          ? sql<boolean>`videos.video_file_id is not null`
          : sql<boolean>`videos.video_file_id is null`,
    },
  },
  fields: (row: Selectable<VideosTable>) => ({
    title: row.title,
    description: row.description,
    videoFileId: row.videoFileId,
    videoUrl: row.videoUrl,
    coverFileId: row.coverFileId,
    durationSec: row.durationSec === null ? null : Number(row.durationSec),
  }),
  checkRow: async (change, context) => {
    if (change.action === "delete") return;
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
  },
  files: [
    { field: "videoFileId", kind: "video" },
    { field: "coverFileId", kind: "image" },
  ],
  durationFrom: "videoFileId",
  fieldLabels: VIDEO_FIELD_LABELS,
  csv: [{ key: "videoUrl" }, { key: "durationSec" }],
});
