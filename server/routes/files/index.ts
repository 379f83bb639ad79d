/**
 * The media library (issue 11 item 1) under /tjc/files: upload, list, get, delete. The
 * rich-text editor's image upload (POST /tjc/files/images) goes through the same library,
 * limited to the editor's image formats. Files are served under /files/ (plugins/web.ts).
 */
import path from "node:path";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { Code } from "../../../common/codes.js";
import {
  ACCEPTED_IMAGE_MIME_TYPES,
  MAX_IMAGE_UPLOAD_BYTES,
} from "../../../common/editor-rules.js";
import {
  ACCEPTED_MEDIA_MIME_TYPES,
  MEDIA_KINDS,
} from "../../../common/media-rules.js";
import {
  FILE_FIELD_LABELS,
  FILE_SORT_FIELDS,
  fileSchema,
} from "../../../common/schemas/file.js";
import { ok } from "../../http/envelope.js";
import { ApiError, notFound } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import {
  envelope,
  idParams,
  MAX_INT32,
  type ResourceDefinition,
} from "../../resources/resource-definition.js";
import { registerListRoutes } from "../../resources/list-routes.js";
import { resourceQueries } from "../../resources/resource-queries.js";
import {
  fileRecord,
  uploadTemporaryDir,
  type FileRow,
} from "../../services/media/library.js";
import { removeStaleUploadTemporaries } from "../../services/upload-temporaries.js";
import { uploadFromRequest } from "./upload-part.js";
import { sql } from "kysely";
import { choiceLabels } from "../../../common/choice-labels.js";

/**
 * A temporary older than this belongs to no live upload (see upload-temporaries.ts): no
 * request outlives the request timeout; with none set, a day.
 */
function staleTemporaryMs(requestTimeoutMs: number): number {
  return requestTimeoutMs > 0 ? 2 * requestTimeoutMs : 24 * 60 * 60 * 1000;
}

const noInput = z.object({});

/** The library's list and export go through the shared resource machinery. */
export const fileResource = {
  path: "files",
  table: "files",
  module: "file",
  recordSchema: fileSchema,
  createSchema: noInput,
  updateSchema: noInput,
  sortable: FILE_SORT_FIELDS,
  defaultSort: ["createdAt", "DESC"],
  search: { table: "files", columns: ["original_name"] },
  filters: {
    kind: {
      schema: z.enum(MEDIA_KINDS),
      where: (value: string) => sql`files.kind = ${value}`,
    },
    createdBy: {
      schema: z.number().int().positive().max(MAX_INT32),
      where: (value: number) => sql`files.created_by = ${value}`,
    },
    /** true: only files some record uses; false: only unused ones. */
    used: {
      schema: z.boolean(),
      where: (value: boolean) =>
        value ? sql`files.usage_count > 0` : sql`files.usage_count = 0`,
    },
  },
  toRecord: fileRecord,
  toValues: () => ({}),
  fieldLabels: FILE_FIELD_LABELS,
  csvColumns: [
    { key: "id" },
    { key: "kind", values: choiceLabels("mediaKind") },
    { key: "originalName" },
    { key: "mime" },
    { key: "size" },
    { key: "durationSec" },
    { key: "usageCount" },
    { key: "url" },
    { key: "createdAt", time: true },
  ],
} satisfies ResourceDefinition<
  FileRow,
  z.infer<typeof fileSchema>,
  typeof noInput,
  typeof noInput
>;

const editorAccepts = (mime: string) =>
  (ACCEPTED_IMAGE_MIME_TYPES as readonly string[]).includes(mime);

export const fileRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { dataDir } = app.config;
  const olderThan = staleTemporaryMs(app.config.timeouts.requestMs);
  let removed = 0;
  // The temporaries' place, and where images were streamed before the library.
  for (const root of [
    uploadTemporaryDir(dataDir),
    path.join(dataDir, "files", "images"),
  ])
    removed += await removeStaleUploadTemporaries(root, olderThan);
  if (removed > 0)
    app.log.warn({ removed }, "removed upload temporaries left by a crash");

  app.post(
    "/files",
    {
      config: { permission: "file:upload" },
      schema: {
        tags: ["files"],
        summary:
          "Upload a file to the media library (multipart, field `file`): image ≤ 10 MB, audio ≤ 300 MB, video ≤ 2 GB, document ≤ 100 MB; the same bytes answer the same record",
        consumes: ["multipart/form-data"],
        response: { 200: envelope(fileSchema) },
      },
    },
    async (request) => {
      const { row } = await uploadFromRequest(
        request,
        ACCEPTED_MEDIA_MIME_TYPES,
      );
      return ok(fileRecord(row));
    },
  );

  app.post(
    "/files/images",
    {
      config: { permission: "file:upload" },
      schema: {
        tags: ["files"],
        summary: `Upload an image for rich text (${ACCEPTED_IMAGE_MIME_TYPES.join(", ")}; at most 10 MB) into the media library; answers its URL and record`,
        consumes: ["multipart/form-data"],
        response: {
          200: envelope(z.object({ url: z.string(), file: fileSchema })),
        },
      },
    },
    async (request) => {
      const { row } = await uploadFromRequest(
        request,
        ACCEPTED_IMAGE_MIME_TYPES,
        (format) => format.kind === "image" && editorAccepts(format.mime),
        // upload.maxImageMB, within the editor's ceiling.
        Math.min(
          MAX_IMAGE_UPLOAD_BYTES,
          app.settings.number(
            "upload.maxImageMB",
            MAX_IMAGE_UPLOAD_BYTES / 1024 / 1024,
          ) *
            1024 *
            1024,
        ),
      );
      const file = fileRecord(row);
      return ok({ url: file.url, file });
    },
  );

  const queries = resourceQueries<FileRow>(app, fileResource);
  registerListRoutes(app, fileResource, queries);

  app.get(
    "/files/:id",
    {
      config: { permission: "file:read" },
      schema: {
        tags: ["files"],
        summary: "Get one file record",
        params: idParams,
        response: { 200: envelope(fileSchema) },
      },
    },
    async (request) => {
      const row = await queries.findRow(request.params.id);
      if (!row) throw notFound();
      return ok(fileRecord(row));
    },
  );

  app.delete(
    "/files/:id",
    {
      config: { permission: "file:delete" },
      schema: {
        tags: ["files"],
        summary:
          "Delete a file and its stored bytes; a file some record uses is 40900",
        params: idParams,
        response: { 200: envelope(fileSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await app.store.transaction(async (trx) => {
        const found = await trx
          .selectFrom("files")
          .selectAll()
          .where("id", "=", id)
          .executeTakeFirst();
        if (!found) throw notFound();
        const used = await trx
          .selectFrom("fileUsages")
          .select("fileId")
          .where("fileId", "=", id)
          .executeTakeFirst();
        if (used || Number(found.usageCount) > 0) {
          throw new ApiError(Code.CONFLICT, {
            data: {
              usageCount: Number(found.usageCount),
              errors: { id: localizeText("file in use", request.language) },
            },
          });
        }
        await trx.deleteFrom("files").where("id", "=", id).execute();
        return found;
      });
      // The row is gone first: a failure here leaves an unreferenced object, never a
      // record pointing at nothing.
      await app.fileStorage.remove(row.storageKey);
      return ok(fileRecord(row));
    },
  );
};

export default fileRoutes;
