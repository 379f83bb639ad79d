import type { CompiledQuery, Kysely } from "kysely";
import { z } from "zod";
import type { VerseRange } from "../../common/passages.js";
import type { PublicFile } from "../../public-site/pages/content/data.js";
import { MAX_INT32 } from "../resources/resource-definition.js";
import type { FastifyInstance } from "fastify";
import type { AnyResourceDefinition } from "../resources/resource-definition.js";
import { publicReader, type PublicRecord } from "../resources/public-reads.js";

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

/** What a content list page shows a page of (articles, documents, audio, video). */
export const LIST_PAGE_SIZE = 20;

/**
 * One page of a resource's published records, newest first, mapped for its list page:
 * the articles', documents', audio and video lists read this way (sermons have their own
 * filters, sermons.ts).
 */
export async function publishedPage<Row, T>(
  app: FastifyInstance,
  resource: AnyResourceDefinition<Row>,
  filter: Record<string, string>,
  page: number,
  summary: (record: PublicRecord) => T,
): Promise<{ list: T[]; total: number }> {
  const set = Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== ""),
  );
  const found = await publicReader(app, resource).list(
    set,
    { field: "publishedAt", order: "desc" },
    (page - 1) * LIST_PAGE_SIZE,
    LIST_PAGE_SIZE,
  );
  return { list: found.list.map(summary), total: found.total };
}

/**
 * A query compiled once per store with marker values, then read with other values in
 * their places: building and compiling through Kysely cost a sermon page more than
 * SQLite's answers (docs/performance.md, issue 23). Every marker must be a value the
 * query holds nowhere else.
 */
export function compiledOnce<M extends unknown[]>(
  build: (app: FastifyInstance, ...values: M) => { compile(): CompiledQuery },
  markers: M,
): (app: FastifyInstance, ...values: M) => CompiledQuery {
  const byStore = new WeakMap<
    object,
    { query: CompiledQuery; slots: number[] }
  >();
  return (app, ...values) => {
    let known = byStore.get(app.store);
    if (!known) {
      const query = build(app, ...markers).compile();
      const slots = query.parameters.map((value) => markers.indexOf(value));
      if (markers.some((_, i) => !slots.includes(i)))
        throw new Error(
          `compiledOnce: a marker is not a parameter: ${query.sql}`,
        );
      known = { query, slots };
      byStore.set(app.store, known);
    }
    const { query, slots } = known;
    return {
      ...query,
      parameters: query.parameters.map((value, i) =>
        slots[i]! < 0 ? value : values[slots[i]!],
      ),
    };
  };
}
