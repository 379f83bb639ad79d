import {
  sql,
  type CompiledQuery,
  type Kysely,
  type SqlBool,
  type UnknownRow,
} from "kysely";
import { z } from "zod";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../http/envelope.js";
import { notFound } from "../http/errors.js";
import type { Database } from "../db/schema.js";
import { listQuerySchema, parseListQuery } from "./list-query.js";
import {
  envelope,
  idParams,
  type AnyResourceDefinition,
  type ResourceFilter,
} from "./resource-definition.js";
import { resourceQueries, type Filter } from "./resource-queries.js";
import { publishedCondition } from "./workflow.js";
import { fileRecord } from "../services/media/library.js";
import { fileSchema } from "../../common/schemas/file.js";
import { knownRows, type KnownRows } from "../db/store.js";

/** Filters that only make sense in the back office; the public lists leave them out. */
const PRIVATE_FILTERS = new Set(["status", "createdBy"]);
/** Fields of a record the public never sees: who in the office wrote it. */
const PRIVATE_FIELDS = ["createdBy", "updatedBy"] as const;
/** The filter every public query carries; not a field the caller can name. */
const PUBLISHED = "__published";

/**
 * Reads per minute per client of the public content API: generous for a website or app
 * that renders on a server, a ceiling for a scraper (docs/content.md).
 */
export const PUBLIC_READS_PER_MINUTE = 600;

export interface PublicReadOptions {
  /** URL segment under /tjc/public; the resource's own path when left out. */
  path?: string;
  /** The list's order when the caller names none; newest published first otherwise. */
  defaultSort?: [string, "ASC" | "DESC"];
}

const publicFileSchema = fileSchema
  .pick({
    id: true,
    kind: true,
    mime: true,
    size: true,
    originalName: true,
    url: true,
    width: true,
    height: true,
    durationSec: true,
  })
  .extend({ field: z.string() });

/** A published record as the public reads answer it: no office fields, with its files. */
export type PublicRecord = Record<string, unknown> & {
  id: number;
  files: z.infer<typeof publicFileSchema>[];
};

/** The public reads of one resource, for its JSON routes and the server-rendered pages. */
export interface PublicReader {
  /** The filters a caller may name (the back office's status and author left out). */
  callerFilter: z.ZodObject;
  defaultSort: [string, "ASC" | "DESC"];
  /** One page of published records matching `filter`, with the exact total. */
  list(
    filter: Filter,
    sort: { field: string; order: "asc" | "desc" },
    offset: number,
    limit: number,
  ): Promise<{ list: PublicRecord[]; total: number }>;
  /** One published record, or undefined (a draft, archived, scheduled for later, missing). */
  get(id: number): Promise<PublicRecord | undefined>;
  /**
   * One published record and what `also` reads from its row, in the same read (one
   * snapshot; on PostgreSQL one connection): a page's record and its neighbours.
   */
  getWith(
    id: number,
    also: ((row: UnknownRow) => CompiledQuery | KnownRows)[],
  ): Promise<{ record: PublicRecord; also: UnknownRow[][] } | undefined>;
}

/** One reader per store and resource: its queries keep compiled SQL and counted totals. */
const readers = new WeakMap<object, Map<string, PublicReader>>();

/**
 * The public reads of `def` on `app`'s store: only records that read as published now (a
 * scheduled one once its time has passed). The JSON routes below and the public pages
 * (server/public-site/) share it, so both answer the same records.
 */
export function publicReader<Row>(
  app: FastifyInstance,
  def: AnyResourceDefinition<Row>,
  options: PublicReadOptions = {},
): PublicReader {
  if (!def.workflow)
    throw new Error(`${def.path}: public reads need the publishing workflow`);
  let byStore = readers.get(app.store);
  if (!byStore) {
    byStore = new Map();
    readers.set(app.store, byStore);
  }
  const known = byStore.get(def.path);
  if (known) return known;
  const table = def.table;
  const filters: Record<string, ResourceFilter> = {};
  for (const [key, filter] of Object.entries(def.filters ?? {}))
    if (!PRIVATE_FILTERS.has(key)) filters[key] = filter;
  filters[PUBLISHED] = {
    schema: z.literal(true),
    // On SQLite (no statistics) its OR chose the plan: both arms through the status
    // index, 90% of 100,000 sermons read to test a keyword's few (60 ms against 1 ms;
    // docs/performance.md, issue 23). `+` leaves the choice to the other filters.
    where: (_value: never, kind) =>
      kind === "sqlite"
        ? sql<SqlBool>`+${publishedCondition(table, kind)}`
        : publishedCondition(table, kind),
  };
  const queries = resourceQueries<Row>(app, { ...def, filters });

  // Dynamic table names are beyond Kysely's static typing; the zod schemas guard the data.
  const db = () => app.store.db as unknown as Kysely<Database>;
  const resource = def.auditName ?? def.path;
  /** The library files the records `ids` use, each with its record and field. */
  const filesQuery = (ids: number[]) =>
    db()
      .selectFrom("fileUsages")
      .innerJoin("files", "files.id", "fileUsages.fileId")
      .selectAll("files")
      .select(["fileUsages.recordId", "fileUsages.field"])
      .where("fileUsages.resource", "=", resource)
      .where("fileUsages.recordId", "in", ids)
      .orderBy("fileUsages.field")
      .orderBy("files.id")
      .compile();
  // One published record and its files: compiled once, each read given its id (a page
  // of the public site reads one record per request, docs/performance.md, issue 23).
  let oneRow: CompiledQuery | undefined;
  let oneRowFiles: CompiledQuery | undefined;
  const rowQuery = (id: number): CompiledQuery => {
    oneRow ??= db()
      .selectFrom(table as "sermons")
      .selectAll()
      .where("id", "=", id)
      .where(publishedCondition(table, app.store.kind))
      .compile();
    // The id is its only parameter (the published condition has none).
    return { ...oneRow, parameters: [id] };
  };
  const rowFilesQuery = (id: number): CompiledQuery => {
    oneRowFiles ??= filesQuery([id]);
    return { ...oneRowFiles, parameters: [resource, id] };
  };

  async function present(
    rows: Row[],
    files?: UnknownRow[],
  ): Promise<PublicRecord[]> {
    let records = rows.map((row) => def.toRecord(row)) as Record<
      string,
      unknown
    >[];
    if (def.enrich && records.length > 0)
      records = await def.enrich(records, app.store.db);
    const ids = records.map((r) => r.id as number);
    files ??= ids.length ? (await app.store.read([filesQuery(ids)]))[0]! : [];
    return records.map((record) => {
      const out: Record<string, unknown> = { ...record };
      for (const field of PRIVATE_FIELDS) delete out[field];
      out.files = files
        .filter((f) => Number(f.recordId) === record.id)
        .map((f) => {
          const file = fileRecord(f as Parameters<typeof fileRecord>[0]);
          return {
            id: file.id,
            kind: file.kind,
            originalName: file.originalName,
            mime: file.mime,
            size: file.size,
            url: file.url,
            width: file.width,
            height: file.height,
            durationSec: file.durationSec,
            field: f.field as string,
          };
        });
      return out as PublicRecord;
    });
  }

  const reader: PublicReader = {
    callerFilter: queries.filterSchema.omit({ __published: true }),
    defaultSort: options.defaultSort ?? ["publishedAt", "DESC"],
    async list(filter, sort, offset, limit) {
      const { rows, total } = await queries.pageWithTotal(
        { ...filter, [PUBLISHED]: true },
        sort,
        offset,
        limit,
      );
      return { list: await present(rows), total };
    },
    async get(id) {
      return (await reader.getWith(id, []))?.record;
    },
    async getWith(id, also) {
      const [found, files, ...more] = await app.store.read([
        rowQuery(id),
        ([rows]) => (rows!.length > 0 ? rowFilesQuery(id) : knownRows([])),
        ...also.map(
          (step) =>
            ([rows]: UnknownRow[][]) =>
              rows!.length > 0 ? step(rows![0]!) : knownRows([]),
        ),
      ]);
      if (!found![0]) return undefined;
      const [record] = await present([found![0] as Row], files);
      return { record: record!, also: more };
    },
  };
  byStore.set(def.path, reader);
  return reader;
}

/**
 * `GET /tjc/public/<path>` and `/:id` for one workflow resource, without a login, through
 * its publicReader, with the admin list's conventions (sort, range, filter; the back
 * office's status and author filters left out). Each record carries `files`: the library
 * files it uses, with their URLs, so a website can play or link them without another call.
 * Anything not published (draft, archived, scheduled for later, or missing) is 40400.
 */
export function registerPublicReads<Row>(
  parent: FastifyInstance,
  def: AnyResourceDefinition<Row>,
  options: PublicReadOptions = {},
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const path = options.path ?? def.path;
  const reader = publicReader(app, def, options);
  const { callerFilter, defaultSort } = reader;
  const publicRecord = (def.recordSchema as z.ZodObject).omit({
    createdBy: true,
    updatedBy: true,
  });
  const withFiles = publicRecord.extend({ files: z.array(publicFileSchema) });
  const config = {
    permission: "public",
    rateLimit: { max: PUBLIC_READS_PER_MINUTE, timeWindow: "1 minute" },
  };

  app.get(
    `/public/${path}`,
    {
      config,
      schema: {
        tags: ["public"],
        summary: `Published ${path}, without a login`,
        querystring: listQuerySchema,
        response: {
          200: envelope(
            z.object({ list: z.array(withFiles), total: z.number() }),
          ),
        },
      },
    },
    async (request, reply) => {
      const language = request.language;
      const parsed = parseListQuery(request.query, language, {
        filter: callerFilter,
        sortable: def.sortable,
        fallback: defaultSort,
      });
      const { sort, offset, limit } = parsed;
      const filter = parsed.filter as Filter;
      const page = await reader.list(filter, sort, offset, limit);
      reply.header("Cache-Control", "public, max-age=60");
      return ok(page);
    },
  );

  app.get(
    `/public/${path}/:id`,
    {
      config,
      schema: {
        tags: ["public"],
        summary: `One published record of ${path}, without a login`,
        params: idParams,
        response: { 200: envelope(withFiles) },
      },
    },
    async (request, reply) => {
      const record = await reader.get(request.params.id);
      if (!record) throw notFound();
      reply.header("Cache-Control", "public, max-age=60");
      return ok(record);
    },
  );
}
