/**
 * Reads the one multipart part `file` of an upload request and hands it to the media
 * library, turning every failure into its envelope: not multipart or a refused type
 * 41500, over a limit 41300, malformed multipart or no `file` part 40000.
 */
import type { FastifyRequest } from "fastify";
import { Code } from "../../../common/codes.js";
import { MAX_MEDIA_BYTES } from "../../../common/media-rules.js";
import { VALIDATION_KEYS } from "../../../common/validation-wording.js";
import { ApiError, validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import type { FormatFilter } from "../../services/media/ingest.js";
import { UploadRefused } from "../../services/media/upload-refused.js";
import { ingestUpload, type FileRow } from "../../services/media/library.js";

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
  if (error instanceof UploadRefused) return false;
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  if (syscall !== undefined) return false;
  return code === undefined || code === "FST_MP_PREMATURE_CLOSE";
}

function malformed(request: FastifyRequest): ApiError {
  return validationError({
    file: localizeText("malformed multipart", request.language),
  });
}

export async function uploadFromRequest(
  request: FastifyRequest,
  accepted: readonly string[],
  accept?: FormatFilter,
  /** A lower ceiling than the largest kind's (the editor's configured image limit). */
  maxBytes: number = MAX_MEDIA_BYTES,
): Promise<{ row: FileRow; created: boolean }> {
  if (!request.isMultipart()) throw new ApiError(Code.UNSUPPORTED_MEDIA_TYPE);
  let part;
  try {
    // The largest kind's limit; each kind's own is checked as the bytes arrive.
    part = await request.file({
      limits: { fileSize: Math.min(maxBytes, MAX_MEDIA_BYTES), files: 1 },
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
  try {
    const result = await ingestUpload(
      request.server,
      part.file,
      part.filename,
      request.session?.user.userId ?? null,
      accept,
    );
    if (part.file.truncated) throw new ApiError(Code.PAYLOAD_TOO_LARGE);
    return result;
  } catch (error) {
    if (error instanceof UploadRefused) {
      // Stop reading the refused file; what is still on the wire is discarded.
      part.file.resume();
      if (error.reason === "size") throw new ApiError(Code.PAYLOAD_TOO_LARGE);
      throw new ApiError(Code.UNSUPPORTED_MEDIA_TYPE, {
        data: { accepted: [...accepted], detected: error.detected },
      });
    }
    throw isMalformedMultipart(error) ? malformed(request) : error;
  }
}
