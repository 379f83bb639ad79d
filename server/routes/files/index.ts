/**
 * Image uploads for the rich-text editor: POST /tjc/files/images (multipart, field "file").
 * The type comes from the bytes (file-type), never from the name or the Content-Type; only
 * png, gif, jpeg, bmp and x-icon are kept. The file is streamed to a temporary name under
 * DATA_DIR/files/images/<yyyy>/<mm>/, checked, then renamed to a random name and served by
 * the web plugin under /files/.
 */
import { VALIDATION_KEYS } from "../../../common/validation-wording.js";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { Code } from "../../../common/codes.js";
import {
  ACCEPTED_IMAGE_MIME_TYPES,
  MAX_IMAGE_UPLOAD_BYTES,
} from "../../../common/editor-rules.js";
import { ok } from "../../http/envelope.js";
import { localizeText } from "../../http/validation-messages.js";
import { ApiError, validationError } from "../../http/errors.js";
import { sniffImage } from "../../services/image-sniff.js";
import {
  removeStaleUploadTemporaries,
  UPLOAD_TEMPORARY_PREFIX,
} from "../../services/upload-temporaries.js";

/**
 * A temporary older than this belongs to no live upload (see upload-temporaries.ts): no
 * request outlives the request timeout; with none set, a day.
 */
function staleTemporaryMs(requestTimeoutMs: number): number {
  return requestTimeoutMs > 0 ? 2 * requestTimeoutMs : 24 * 60 * 60 * 1000;
}

/** file-type needs at most this many leading bytes to tell the accepted formats apart. */
const SNIFF_BYTES = 4100;

const envelope = (data: z.ZodType) =>
  z.object({ code: z.number(), message: z.string(), data });

/** The multipart field an upload must use; any other is refused. */
const FILE_FIELD = "file";

/**
 * An error the multipart parser raised over the client's bytes (no boundary, a boundary
 * over its limit, a body cut short before the closing boundary): the client's fault, so
 * 40000. Our own errors, Fastify's coded ones (sizes, limits) and the system's (disk
 * full…) are left as they are.
 */
function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof ApiError) return false;
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  if (syscall !== undefined) return false;
  return code === undefined || code === "FST_MP_PREMATURE_CLOSE";
}

function malformed(request: FastifyRequest): ApiError {
  return validationError({
    file: localizeText("malformed multipart", request.language),
  });
}

async function readHead(filePath: string): Promise<Uint8Array> {
  const handle = await fs.promises.open(filePath, "r");
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return new Uint8Array(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

export const fileRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const imagesRoot = path.join(app.config.dataDir, "files", "images");
  const removed = await removeStaleUploadTemporaries(
    imagesRoot,
    staleTemporaryMs(app.config.timeouts.requestMs),
  );
  if (removed > 0)
    app.log.warn({ removed }, "removed upload temporaries left by a crash");

  app.post(
    "/files/images",
    {
      config: { permission: "file:upload" },
      schema: {
        tags: ["files"],
        summary: `Upload an image for rich text (${ACCEPTED_IMAGE_MIME_TYPES.join(", ")}; at most 10 MB); answers its URL`,
        consumes: ["multipart/form-data"],
        response: { 200: envelope(z.object({ url: z.string() })) },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw new ApiError(Code.UNSUPPORTED_MEDIA_TYPE);
      let part;
      try {
        part = await request.file({
          // upload.maxImageMB, within the editor's ceiling.
          limits: {
            fileSize: Math.min(
              MAX_IMAGE_UPLOAD_BYTES,
              app.settings.number(
                "upload.maxImageMB",
                MAX_IMAGE_UPLOAD_BYTES / 1024 / 1024,
              ) *
                1024 *
                1024,
            ),
            files: 1,
          },
        });
      } catch (error) {
        throw isMalformedMultipart(error) ? malformed(request) : error;
      }
      if (!part || part.fieldname !== FILE_FIELD) {
        part?.file.resume();
        throw validationError({
          file: localizeText(VALIDATION_KEYS.required, request.language),
        });
      }

      const now = new Date();
      const year = String(now.getUTCFullYear());
      const month = String(now.getUTCMonth() + 1).padStart(2, "0");
      const directory = path.join(imagesRoot, year, month);
      await fs.promises.mkdir(directory, { recursive: true });
      const id = randomBytes(16).toString("hex");
      const temporary = path.join(directory, `${UPLOAD_TEMPORARY_PREFIX}${id}`);

      try {
        // Over the limit, the stream fails with FST_REQ_FILE_TOO_LARGE (answered as 41300).
        try {
          await pipeline(
            part.file,
            fs.createWriteStream(temporary, { flags: "wx" }),
          );
        } catch (error) {
          throw isMalformedMultipart(error) ? malformed(request) : error;
        }
        if (part.file.truncated) throw new ApiError(Code.PAYLOAD_TOO_LARGE);
        const sniffed = await sniffImage(await readHead(temporary));
        if (!sniffed.ok) {
          throw new ApiError(Code.UNSUPPORTED_MEDIA_TYPE, {
            data: {
              accepted: [...ACCEPTED_IMAGE_MIME_TYPES],
              detected: sniffed.detected,
            },
          });
        }
        const name = `${id}.${sniffed.extension}`;
        const final = path.join(directory, name);
        await fs.promises.rename(temporary, final);
        app.metrics.uploadBytes.inc(
          { kind: "image" },
          (await fs.promises.stat(final)).size,
        );
        return ok({ url: `/files/images/${year}/${month}/${name}` });
      } finally {
        await fs.promises.rm(temporary, { force: true });
      }
    },
  );
};
