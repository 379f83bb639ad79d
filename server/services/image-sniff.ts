/**
 * Decides an uploaded image's type from its bytes (never from its name or the client's
 * Content-Type), and accepts only the editor's image types: png, gif, jpeg, bmp, x-icon.
 */
import { fileTypeFromBuffer } from "file-type";
import {
  IMAGE_EXTENSION_BY_MIME,
  acceptedImageMime,
  type AcceptedImageMime,
} from "../../common/editor-rules.js";

export type ImageSniffResult =
  | { ok: true; mime: AcceptedImageMime; extension: string }
  | { ok: false; detected: string | null };

export async function sniffImage(bytes: Uint8Array): Promise<ImageSniffResult> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return { ok: false, detected: null };
  const mime = acceptedImageMime(detected.mime);
  if (!mime) return { ok: false, detected: detected.mime };
  return { ok: true, mime, extension: IMAGE_EXTENSION_BY_MIME[mime] };
}
