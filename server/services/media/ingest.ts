/**
 * Receives one upload as a stream: writes it to a local temporary while hashing it
 * (sha256), decides its format from its first bytes (file-type, never the name or the
 * client's type) and stops as soon as it passes its kind's limit, so a refused upload
 * never costs more than its limit in disk or time, and memory stays flat whatever its size.
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileTypeFromBuffer, fileTypeFromFile } from "file-type";
import {
  MEDIA_FORMATS,
  MEDIA_SIZE_LIMITS,
  type MediaFormat,
} from "../../../common/media-rules.js";
import { UPLOAD_TEMPORARY_PREFIX } from "../upload-temporaries.js";
import { UploadRefused } from "./upload-refused.js";

export { UploadRefused };

/** file-type's advice: this many leading bytes tell every format it knows apart. */
const SNIFF_BYTES = 4100;

export interface ReceivedUpload {
  temporary: string;
  format: MediaFormat;
  size: number;
  sha256: string;
}

/** Accepts a sniffed format or not (the editor takes only some images). */
export type FormatFilter = (format: MediaFormat) => boolean;

async function sniff(head: Buffer): Promise<{
  format: MediaFormat | undefined;
  detected: string | null;
  zip: boolean;
}> {
  const type = await fileTypeFromBuffer(head);
  return {
    format: type ? MEDIA_FORMATS[type.ext] : undefined,
    detected: type?.mime ?? null,
    zip: type?.ext === "zip",
  };
}

/**
 * Streams `source` into a new temporary under `directory`. Resolves with what was
 * received, or rejects (UploadRefused, or the stream's own error); on any failure the
 * temporary is gone.
 */
export async function receiveUpload(
  source: Readable,
  directory: string,
  accept: FormatFilter = () => true,
): Promise<ReceivedUpload> {
  await fs.promises.mkdir(directory, { recursive: true });
  const temporary = path.join(
    directory,
    `${UPLOAD_TEMPORARY_PREFIX}${randomBytes(16).toString("hex")}`,
  );
  const hash = createHash("sha256");
  let size = 0;
  let head: Buffer[] = [];
  let headBytes = 0;
  let format: MediaFormat | undefined;
  // An Office file or an EPUB starts as a plain zip in its first bytes: it is held to
  // the document limit, and the whole file decides at the end.
  let provisionalZip = false;
  let limit = Infinity;

  const decide = async (final: boolean) => {
    const sniffed = await sniff(Buffer.concat(head));
    head = [];
    if (sniffed.format && accept(sniffed.format)) {
      format = sniffed.format;
      limit = MEDIA_SIZE_LIMITS[format.kind];
    } else if (sniffed.zip && !final) {
      provisionalZip = true;
      limit = MEDIA_SIZE_LIMITS.document;
    } else if (!sniffed.zip || final) {
      throw new UploadRefused("type", sniffed.detected);
    }
  };

  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      void (async () => {
        size += chunk.length;
        hash.update(chunk);
        if (!format && !provisionalZip) {
          head.push(chunk);
          headBytes += chunk.length;
          if (headBytes >= SNIFF_BYTES) await decide(false);
        }
        if (size > limit) throw new UploadRefused("size", format?.mime ?? null);
        return chunk;
      })().then(
        (out) => callback(null, out),
        (error: unknown) => callback(error as Error),
      );
    },
    flush(callback) {
      void (async () => {
        if (!format && !provisionalZip) await decide(true);
      })().then(
        () => callback(),
        (error: unknown) => callback(error as Error),
      );
    },
  });

  // Created before any byte flows: a stream that opened its file lazily could create it
  // after a refusal had already removed it.
  const handle = await fs.promises.open(temporary, "wx");
  try {
    await pipeline(source, meter, handle.createWriteStream());
    if (provisionalZip) {
      const type = await fileTypeFromFile(temporary);
      const whole = type ? MEDIA_FORMATS[type.ext] : undefined;
      if (!whole || whole.kind !== "document" || !accept(whole))
        throw new UploadRefused("type", type?.mime ?? "application/zip");
      format = whole;
    }
    if (!format) throw new UploadRefused("type", null);
    return { temporary, format, size, sha256: hash.digest("hex") };
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
}
