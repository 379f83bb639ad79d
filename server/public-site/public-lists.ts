import type { Kysely } from "kysely";
import { z } from "zod";
import type { VerseRange } from "../../common/passages.js";
import type { PublicFile } from "../../public-site/pages/content/data.js";
import { MAX_INT32 } from "../resources/resource-definition.js";
import type { PublicRecord } from "../resources/public-reads.js";

/**
 * What the public site's content pages (sermons, articles, gospel documents) share: how a
 * list page reads its query and how a detail page reads its id and files.
 */

/** The deepest page a list offers; a deeper one reads as the first. */
export const MAX_PAGE = 10_000;

export const positive = z.coerce.number().int().positive().max(MAX_INT32);
/** A list's `page`: anything unreadable is the first page, never an error. */
export const pageParam = positive.max(MAX_PAGE).catch(1);
/** A keyword for the word index; too long or not text reads as none. */
export const keywordParam = z.string().trim().max(200).catch("");

/** The first value of a query parameter given more than once. */
export function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** The id of a detail page's path (`/articles/12`), or null when it is not one. */
export function idParam(params: Record<string, unknown>): number | null {
  const id = positive.safeParse(params.id);
  return id.success && /^\d+$/.test(String(params.id)) ? id.data : null;
}

/** A record's library file in one field, as a page plays or offers it. */
export function fileOf(record: PublicRecord, field: string): PublicFile | null {
  const file = record.files.find((f) => f.field === field);
  return file ? publicFile(file) : null;
}

export function publicFile(file: PublicRecord["files"][number]): PublicFile {
  return {
    url: file.url,
    mime: file.mime,
    name: file.originalName,
    size: file.size,
    durationSec: file.durationSec,
  };
}

/** A record's cover image, when it has one. */
export function coverOf(record: PublicRecord, field = "coverFileId") {
  const cover = record.files.find((f) => f.field === field);
  return cover
    ? { url: cover.url, width: cover.width, height: cover.height }
    : null;
}

/** The verse ranges the word index found in a record's fields (its passage links). */
export async function indexedRanges(
  // passage_refs is shared by every resource and not in the typed schema.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  table: string,
  id: number,
): Promise<VerseRange[]> {
  const rows = await db
    .selectFrom("passageRefs")
    .select(["startKey", "endKey"])
    .where("tbl", "=", table)
    .where("docId", "=", id)
    .orderBy("startKey")
    .execute();
  return rows.map((row) => ({
    start: Number(row.startKey),
    end: Number(row.endKey),
  }));
}
