import type { FastifyInstance } from "fastify";
import { sql, type CompiledQuery, type UnknownRow } from "kysely";
import { knownRows, type KnownRows } from "../db/store.js";
import { z } from "zod";
import { BOOKS } from "../../common/passages.js";
import type {
  SermonDetail,
  SermonFacets,
  SermonPageData,
  SermonQuery,
  SermonSummary,
} from "../../public-site/pages/sermons/data.js";
import {
  compiledOnce,
  coverOf,
  fileOf,
  first,
  idParam,
  keywordParam,
  pageParam,
  publicFile,
} from "./public-lists.js";
import { publicReader, type PublicRecord } from "../resources/public-reads.js";
import { publishedCondition } from "../resources/workflow.js";
import { parseReference } from "../services/passage-parser.js";
import { sermonResource } from "../routes/sermons/index.js";
import type { PageData } from "../../public-site/data.js";
import { passagePage } from "./passage-page.js";

/** Sermons a library page lists (issue 23: 20 a page). */
export const SERMONS_PAGE_SIZE = 20;
/** How long the filters' values (series, preachers, years) are kept before reread. */
const FACETS_TTL_MS = 60_000;

const OSIS_BOOKS = BOOKS.map(([osis]) => osis) as [string, ...string[]];
const text = z.string().trim().max(100).catch("");
// A link or a form: anything unreadable is read as "no such filter", never an error.
const sermonQuery = z.object({
  q: keywordParam,
  series: text,
  preacher: text,
  type: text,
  year: z.coerce.number().int().min(1000).max(9999).nullable().catch(null),
  book: z.enum(OSIS_BOOKS).or(z.literal("")).catch(""),
  page: pageParam,
});

function summaryOf(record: PublicRecord): SermonSummary {
  const r = record as PublicRecord & Omit<SermonSummary, "audioSeconds">;
  const audio = fileOf(record, "audioFileId");
  return {
    id: r.id,
    title: r.title,
    preacher: r.preacher,
    series: r.series,
    serviceType: r.serviceType,
    preachedOn: r.preachedOn,
    passage: r.passage,
    summary: r.summary,
    audioSeconds: audio ? (audio.durationSec ?? 0) : null,
    hasVideo:
      Boolean(record.videoUrl) ||
      record.files.some((f) => f.field === "videoFileId"),
  };
}

function detailOf(record: PublicRecord): SermonDetail {
  return {
    ...summaryOf(record),
    body: String(record.body ?? ""),
    publishedAt: (record.publishedAt as string | null) ?? null,
    audio: fileOf(record, "audioFileId"),
    video: fileOf(record, "videoFileId"),
    videoUrl: (record.videoUrl as string | null) ?? null,
    cover: coverOf(record),
    attachments: (record.attachmentIds as number[])
      .map((id) => record.files.find((f) => f.id === id))
      .filter((f) => f !== undefined)
      .map(publicFile),
  };
}

const facetCache = new WeakMap<
  object,
  { at: number; facets: Promise<SermonFacets>; refreshing?: boolean }
>();

/**
 * The values of published sermons the filters offer, reread at most once a minute. Each
 * read scans the table (0.1 s and more at 100,000 sermons), so once they are known a
 * reread happens behind the pages, which keep the values read before until it is done.
 * A sermon written on this instance drops them (forgetSermonFacets): an office that
 * publishes a new series finds it in the filter on its next page. Other instances, and a
 * sermon published at its scheduled time, catch up within the minute.
 */
function facets(app: FastifyInstance): Promise<SermonFacets> {
  const known = facetCache.get(app.store);
  if (known && (known.refreshing || Date.now() - known.at < FACETS_TTL_MS))
    return known.facets;
  const loaded = readFacets(app);
  if (!known) {
    facetCache.set(app.store, { at: Date.now(), facets: loaded });
    loaded.catch(() => facetCache.delete(app.store));
    return loaded;
  }
  known.refreshing = true;
  loaded.then(
    () => {
      // Not when forgetSermonFacets dropped these values meanwhile.
      if (facetCache.get(app.store) === known)
        facetCache.set(app.store, { at: Date.now(), facets: loaded });
    },
    () => (known.refreshing = false),
  );
  return known.facets;
}

/**
 * A sermon was created, changed or deleted on this instance (server/plugins/web.ts calls
 * this once the write's answer has gone, so it has committed): the next library page
 * reads the filters' values again, and a reread already under way is not kept.
 */
export function forgetSermonFacets(app: FastifyInstance): void {
  facetCache.delete(app.store);
}

async function readFacets(app: FastifyInstance): Promise<SermonFacets> {
  const db = app.store.db;
  const published = publishedCondition("sermons", app.store.kind);
  const distinct = async (
    column: "series" | "preacher" | "serviceType",
  ): Promise<string[]> =>
    (
      await db
        .selectFrom("sermons")
        .select(column)
        .distinct()
        .where(published)
        .where(column, "is not", null)
        .where(column, "!=", "")
        .orderBy(column)
        .limit(500)
        .execute()
    ).map((row) => String(row[column]));
  const [series, preachers, serviceTypes, years] = await Promise.all([
    distinct("series"),
    distinct("preacher"),
    distinct("serviceType"),
    db
      .selectFrom("sermons")
      .select(sql<string>`substr(preached_on, 1, 4)`.as("year"))
      .distinct()
      .where(published)
      .where("preachedOn", "is not", null)
      .orderBy("year", "desc")
      .execute(),
  ]);
  return {
    series,
    preachers,
    serviceTypes,
    years: years.map((row) => Number(row.year)).filter(Number.isFinite),
  };
}

/** The library, a series' page or a preacher's page. */
async function libraryPage(
  app: FastifyInstance,
  scope: "all" | "series" | "preacher",
  params: Record<string, unknown>,
  rawQuery: Record<string, unknown>,
): Promise<PageData> {
  const query: SermonQuery = sermonQuery.parse({
    q: first(rawQuery.q) ?? "",
    series: (scope === "series" ? params.name : first(rawQuery.series)) ?? "",
    preacher:
      (scope === "preacher" ? params.name : first(rawQuery.preacher)) ?? "",
    type: first(rawQuery.type) ?? "",
    year: first(rawQuery.year) ?? null,
    book: first(rawQuery.book) ?? "",
    page: first(rawQuery.page) ?? 1,
  });
  if (scope !== "all" && !(scope === "series" ? query.series : query.preacher))
    return { page: "notFound", about: "sermon" };
  const filter: Record<string, unknown> = {
    q: query.q || undefined,
    series: query.series || undefined,
    preacher: query.preacher || undefined,
    serviceType: query.type || undefined,
    preachedFrom: query.year ? `${query.year}-01-01` : undefined,
    preachedTo: query.year ? `${query.year}-12-31` : undefined,
    passage: query.book ? `${query.book}.1-${query.book}.999` : undefined,
  };
  const reader = publicReader(app, sermonResource);
  const [page, offered] = await Promise.all([
    reader.list(
      filter,
      { field: "preachedOn", order: "desc" },
      (query.page - 1) * SERMONS_PAGE_SIZE,
      SERMONS_PAGE_SIZE,
    ),
    facets(app),
  ]);
  const data: SermonPageData = {
    page: "sermons",
    scope,
    query,
    sermons: { list: page.list.map(summaryOf), total: page.total },
    pageSize: SERMONS_PAGE_SIZE,
    facets: offered,
  };
  // A series or preacher with no published sermon is no page.
  if (scope !== "all" && page.total === 0 && !hasNarrowing(query))
    return { page: "notFound", about: "sermon" };
  return data;
}

function hasNarrowing(query: SermonQuery): boolean {
  return Boolean(query.q || query.type || query.year || query.book);
}

/**
 * The sermon just before or after one in its series (by the day preached, then id), as
 * a read step from the sermon's row: one seek in sermons_series_preached_on.
 */
const neighbourQuery = (before: boolean) =>
  compiledOnce(
    (app, series: string, day: string, id: number) =>
      app.store.db
        .selectFrom("sermons")
        .select(["id", "title"])
        .where("series", "=", series)
        .where(publishedCondition("sermons", app.store.kind))
        // The day's bound on its own, so PostgreSQL seeks to it too: with only the OR
        // below it walked the whole series to find no later sermon.
        .where("preachedOn", before ? "<=" : ">=", day)
        .where((eb) =>
          eb.or([
            eb("preachedOn", before ? "<" : ">", day),
            eb("id", before ? "<" : ">", id),
          ]),
        )
        .orderBy("preachedOn", before ? "desc" : "asc")
        .orderBy("id", before ? "desc" : "asc")
        .limit(1),
    ["\u0000series", "\u0000day", -1],
  );
const previousQuery = neighbourQuery(true);
const nextQuery = neighbourQuery(false);

function neighbour(
  app: FastifyInstance,
  query: typeof previousQuery,
): (row: UnknownRow) => CompiledQuery | KnownRows {
  return (row) =>
    row.series && row.preachedOn
      ? query(app, String(row.series), String(row.preachedOn), Number(row.id))
      : knownRows([]);
}

/** A sermon's page; the not-found page for an id that is not a published sermon. */
async function sermonPage(
  app: FastifyInstance,
  params: Record<string, unknown>,
): Promise<PageData> {
  const id = idParam(params);
  if (id === null) return { page: "notFound", about: "sermon" };
  // The sermon, its files and its neighbours in the series: one read.
  const found = await publicReader(app, sermonResource).getWith(id, [
    neighbour(app, previousQuery),
    neighbour(app, nextQuery),
  ]);
  if (!found) return { page: "notFound", about: "sermon" };
  const sermon = detailOf(found.record);
  const [previous, next] = found.also.map(([row]) =>
    row ? { id: Number(row.id), title: String(row.title) } : null,
  );
  return {
    page: "sermon",
    sermon,
    passageRanges: sermon.passage ? parseReference(sermon.passage) : [],
    previous: previous ?? null,
    next: next ?? null,
  };
}

/**
 * What a content page of the public site shows (the passage page, or a sermon page) (`route` is the path pattern it answered):
 * read through the public read API's reader, so the pages and `/tjc/public/sermons`
 * answer the same published records.
 */
export function loadSermonPage(
  app: FastifyInstance,
  route: string,
  params: Record<string, unknown>,
  query: Record<string, unknown>,
): Promise<PageData> {
  switch (route) {
    case "/passage":
      return passagePage(app, query);
    case "/sermons":
      return libraryPage(app, "all", params, query);
    case "/sermons/series/:name":
      return libraryPage(app, "series", params, query);
    case "/sermons/preachers/:name":
      return libraryPage(app, "preacher", params, query);
    default:
      return sermonPage(app, params);
  }
}
