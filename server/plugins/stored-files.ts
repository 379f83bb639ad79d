/**
 * Serving library files from object storage (STORAGE=s3) under /files/, with the same
 * headers and Range behaviour the static plugin gives local files: the sniffed type
 * (from the stored extension), nosniff, a closed CSP, attachment for anything a browser
 * should not open in place, and 206/416 for ranges.
 */
import path from "node:path";
import parseRange from "range-parser";
import type { FastifyInstance, FastifyReply } from "fastify";
import { MEDIA_FORMATS, servedInline } from "../../common/media-rules.js";
import { IMAGE_EXTENSION_BY_MIME } from "../../common/editor-rules.js";

const MIME_BY_EXTENSION: Record<string, string> = {
  ...Object.fromEntries(
    Object.values(MEDIA_FORMATS).map((format) => [
      format.extension,
      format.mime,
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(IMAGE_EXTENSION_BY_MIME).map(([mime, ext]) => [ext, mime]),
  ),
};

/** The type a stored file is served with, from the extension the library gave it. */
export function storedFileMime(filePath: string): string {
  return (
    MIME_BY_EXTENSION[path.extname(filePath).slice(1).toLowerCase()] ??
    "application/octet-stream"
  );
}

/** Headers every stored file gets, wherever it is kept. */
export function storedFileHeaders(filePath: string): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Type": storedFileMime(filePath),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy":
      "default-src 'none'; img-src 'self'; media-src 'self'",
  };
  if (!servedInline(storedFileMime(filePath)))
    headers["Content-Disposition"] = "attachment";
  return headers;
}

const notFound = (reply: FastifyReply) => reply.callNotFound();

export function registerObjectStorageFiles(app: FastifyInstance): void {
  app.get(
    "/files/*",
    { config: { permission: "public" }, schema: { hide: true } },
    async (request, reply) => {
      const key = (request.params as { "*": string })["*"];
      // Dot-files (temporaries) and anything but the library's own names are never served.
      if (
        !/^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/i.test(key) ||
        key.split("/").some((part) => part === "" || part.startsWith("."))
      )
        return notFound(reply);
      const size = await app.fileStorage.size(key);
      if (size === undefined) return notFound(reply);
      reply.headers({
        ...storedFileHeaders(key),
        "Accept-Ranges": "bytes",
        "Cache-Control": "public, max-age=2592000, immutable",
      });
      const header = request.headers.range;
      if (header) {
        const ranges = parseRange(size, header, { combine: true });
        if (ranges === -1) {
          return reply
            .code(416)
            .header("Content-Range", `bytes */${size}`)
            .send();
        }
        if (ranges !== -2 && ranges.length === 1 && ranges.type === "bytes") {
          const [{ start, end }] = ranges;
          const object = await app.fileStorage.read(key, { start, end });
          if (!object) return notFound(reply);
          return reply
            .code(206)
            .header("Content-Range", `bytes ${start}-${end}/${size}`)
            .header("Content-Length", String(end - start + 1))
            .send(object.stream);
        }
        // A malformed or multi-part range: the whole file, as the static plugin does.
      }
      const object = await app.fileStorage.read(key);
      if (!object) return notFound(reply);
      return reply.header("Content-Length", String(size)).send(object.stream);
    },
  );
}
