/**
 * The media library's one way in: every upload (the library's own, the rich-text
 * editor's images) is received, sniffed, measured and deduplicated here.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { Selectable } from "kysely";
import type { MediaFile } from "../../../common/schemas/file.js";
import type { FilesTable } from "../../db/schema.js";
import { isUniqueViolation, nowIso } from "../../db/dialect.js";
import type { FormatFilter } from "./ingest.js";

export type FileRow = Selectable<FilesTable>;

export function fileRecord(row: FileRow): MediaFile {
  return {
    id: row.id,
    kind: row.kind as MediaFile["kind"],
    originalName: row.originalName,
    mime: row.mime,
    size: Number(row.size),
    sha256: row.sha256,
    url: `/files/${row.storageKey}`,
    width: row.width,
    height: row.height,
    durationSec: row.durationSec === null ? null : Number(row.durationSec),
    usageCount: Number(row.usageCount),
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}

/** Where uploads are streamed before they are kept: outside the served tree. */
export function uploadTemporaryDir(dataDir: string): string {
  return path.join(dataDir, "upload-temporaries");
}

/** A client's file name, kept for display only: no path, no control characters. */
export function cleanOriginalName(name: string | undefined, ext: string) {
  const base = (name ?? "")
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim();
  return (base || `file.${ext}`).slice(0, 255);
}

async function findBySha(app: FastifyInstance, sha256: string) {
  return app.store.db
    .selectFrom("files")
    .selectAll()
    .where("sha256", "=", sha256)
    .executeTakeFirst();
}

/**
 * Receives `source` and answers its file record: an existing one when the same bytes
 * were uploaded before, else a new one. Throws UploadRefused (type or size) or the
 * stream's error; nothing is left behind on failure.
 */
export async function ingestUpload(
  app: FastifyInstance,
  source: Readable,
  fileName: string | undefined,
  userId: number | null,
  accept?: FormatFilter,
): Promise<{ row: FileRow; created: boolean }> {
  // Loaded on the first upload: file-type and music-metadata cost ~10 MB of RSS that an
  // instance which never receives a file should not pay (docs/performance.md).
  const { receiveUpload } = await import("./ingest.js");
  const received = await receiveUpload(
    source,
    uploadTemporaryDir(app.config.dataDir),
    accept,
  );
  const { temporary, format, size, sha256 } = received;
  let kept = false;
  try {
    const existing = await findBySha(app, sha256);
    if (existing) return { row: existing, created: false };

    const { readMetadata } = await import("./metadata.js");
    const metadata = await readMetadata(temporary, format);
    const now = new Date();
    const key = [
      "library",
      String(now.getUTCFullYear()),
      String(now.getUTCMonth() + 1).padStart(2, "0"),
      `${randomBytes(16).toString("hex")}.${format.extension}`,
    ].join("/");
    await app.fileStorage.putFile(key, temporary, format.mime, size);
    kept = true;
    const stamp = nowIso(now.getTime());
    try {
      const row = await app.store.db
        .insertInto("files")
        .values({
          kind: format.kind,
          originalName: cleanOriginalName(fileName, format.extension),
          mime: format.mime,
          size,
          sha256,
          storageKey: key,
          ...metadata,
          createdBy: userId,
          createdAt: stamp,
          updatedAt: stamp,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      app.metrics.uploadBytes.inc({ kind: format.kind }, size);
      return { row, created: true };
    } catch (error) {
      // The same bytes finished uploading meanwhile: theirs is the record.
      await app.fileStorage.remove(key);
      const winner = isUniqueViolation(error)
        ? await findBySha(app, sha256)
        : undefined;
      if (!winner) throw error;
      return { row: winner, created: false };
    }
  } finally {
    if (!kept) await fs.promises.rm(temporary, { force: true });
  }
}
