import { Readable } from "node:stream";
import { stringify } from "csv-stringify/sync";
import { z } from "zod";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../http/envelope.js";
import { nowIso } from "../db/dialect.js";
import { listQuerySchema, parseListQuery } from "./list-query.js";
import { csvSafe } from "./csv-safe.js";
import { actorOf, recordAudit } from "../services/audit.js";
import { checkCsvLabels, csvLayout, exportTimeZone } from "./csv-export.js";
import { envelope, type ResourceDefinition } from "./resource-definition.js";
import type { Filter, ResourceQueries, Sort } from "./resource-queries.js";
import { highlight, htmlToText, type HighlightPart } from "../db/terms.js";

/** A highlighted text's parts, as every list with a keyword answers them. */
export const highlightSchema = z.array(
  z.object({ text: z.string(), hit: z.literal(true).optional() }),
);

/**
 * The matched words of each listed record, per searched field: `{ [id]: { [field]:
 * parts } }`, a long text cut to a snippet around its first match (docs/search.md).
 */
function highlightsOf(
  records: Record<string, unknown>[],
  searched: SearchedField[],
  query: string,
): Record<string, Record<string, HighlightPart[]>> {
  const result: Record<string, Record<string, HighlightPart[]>> = {};
  for (const record of records) {
    const fields: Record<string, HighlightPart[]> = {};
    for (const { field, html } of searched) {
      const value = record[field];
      if (typeof value !== "string" || value === "") continue;
      const parts = highlight(html ? htmlToText(value) : value, query);
      if (parts) fields[field] = parts;
    }
    if (Object.keys(fields).length > 0) result[String(record.id)] = fields;
  }
  return result;
}

/** A searched column as a record names it, and whether it holds HTML. */
interface SearchedField {
  field: string;
  html: boolean;
}

function searchedFields(search: {
  columns: string[];
  html?: string[];
}): SearchedField[] {
  const camel = (column: string) =>
    column.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());
  return [
    ...search.columns.map((column) => ({ field: camel(column), html: false })),
    ...(search.html ?? []).map((column) => ({
      field: camel(column),
      html: true,
    })),
  ];
}

/** Rows read at a time by the export, so memory stays flat however many rows match. */
const EXPORT_CHUNK_ROWS = 500;

/** Rows as records, with what the definition's enrich adds. */
async function recordsOf<Row, Rec>(
  def: ResourceDefinition<Row, Rec, z.ZodObject, z.ZodObject>,
  rows: Row[],
  db: FastifyInstance["store"]["db"],
): Promise<Rec[]> {
  const records = rows.map((row) => def.toRecord(row));
  return def.enrich && records.length > 0 ? def.enrich(records, db) : records;
}

/** `GET /<path>/export`: every matching row as CSV, streamed page by page. */
function registerExportRoute<Row, Rec>(
  parent: FastifyInstance,
  def: ResourceDefinition<Row, Rec, z.ZodObject, z.ZodObject>,
  queries: ResourceQueries<Row>,
  sortable: readonly string[],
  guarded: (filter: Filter, sort: Sort, request: FastifyRequest) => Filter,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = [def.path];
  app.get(
    `/${def.path}/export`,
    {
      config: { permission: `${def.module}:export` },
      schema: {
        tags,
        summary: `Export ${def.path} as CSV (every matching row)`,
        querystring: listQuerySchema.extend({
          format: z.literal("csv").default("csv"),
          tz: z
            .string()
            .max(64)
            .optional()
            .describe(
              "IANA time zone of the time columns, e.g. Asia/Shanghai (the admin sends its browser's); UTC when absent. Headers are in the Accept-Language.",
            ),
        }),
      },
    },
    async (request, reply) => {
      const language = request.language;
      // An export reads every row: a range in its query means nothing.
      const { filter, sort } = parseListQuery(
        { filter: request.query.filter, sort: request.query.sort },
        language,
        { filter: queries.filterSchema, sortable, fallback: def.defaultSort },
      );
      const query = guarded(filter as Filter, sort, request);
      const layout = csvLayout(
        def.csvColumns,
        def.fieldLabels,
        language,
        exportTimeZone(request.query.tz, language),
      );
      // Each chunk of rows goes out as one CSV string, one write to the stream rather than
      // one per row: an export of 100,000 tags took 1.5 s instead of 1.85 (docs/performance.md).
      async function* csvChunks() {
        yield stringify([], {
          bom: true, // Excel reads UTF-8 Chinese correctly only with the BOM
          header: true,
          columns: layout.headers,
        });
        let rowCount = 0;
        for (let offset = 0; ; offset += EXPORT_CHUNK_ROWS) {
          const chunk = await queries.page(
            query,
            sort,
            offset,
            EXPORT_CHUNK_ROWS,
          );
          let records = await recordsOf(def, chunk, app.store.db);
          if (def.present) records = def.present(records, request);
          rowCount += records.length;
          if (records.length > 0)
            yield stringify(
              (records as Record<string, unknown>[]).map((record) =>
                layout.cells(record).map(csvSafe),
              ),
            );
          if (chunk.length < EXPORT_CHUNK_ROWS) break;
        }
        // Written once every row has gone, so the row count is the one sent.
        if (def.auditExports)
          await recordAudit(app.store.db, actorOf(request), {
            resource: def.auditName ?? def.path,
            action: "export",
            after: {
              filter,
              sort: [sort.field, sort.order],
              rows: rowCount,
            },
          });
      }
      const source = Readable.from(csvChunks());
      source.on("error", (error) => {
        request.log.error({ err: error }, "export failed mid-stream");
      });
      const stamp = nowIso().slice(0, 19).replace(/[-:T]/g, "");
      reply
        .type("text/csv; charset=utf-8")
        .header(
          "Content-Disposition",
          `attachment; filename="${def.path}-${stamp}.csv"`,
        )
        .header("Cache-Control", "no-store");
      return reply.send(source);
    },
  );
}

/** `GET /<path>` (a page and its total) and `GET /<path>/export` (every matching row as CSV). */
export function registerListRoutes<Row, Rec>(
  parent: FastifyInstance,
  def: ResourceDefinition<Row, Rec, z.ZodObject, z.ZodObject>,
  queries: ResourceQueries<Row>,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = [def.path];
  checkCsvLabels(def.path, def.csvColumns, def.fieldLabels);
  // With a keyword, a list may also be ordered by relevance (the word index's tf × idf).
  const sortable = def.search ? [...def.sortable, "relevance"] : def.sortable;
  const searched = def.search ? searchedFields(def.search) : [];
  /** The filter a list or export runs for the caller (guardQuery), or a 40300. */
  const guarded = (filter: Filter, sort: Sort, request: FastifyRequest) =>
    def.guardQuery ? (def.guardQuery(filter, sort, request) as Filter) : filter;

  app.get(
    `/${def.path}`,
    {
      config: { permission: `${def.module}:read` },
      schema: {
        tags,
        summary: `List ${def.path}`,
        querystring: listQuerySchema,
        response: {
          200: envelope(
            z.object({
              list: z.array(def.recordSchema),
              total: z.number(),
              highlights: z
                .record(z.string(), z.record(z.string(), highlightSchema))
                .optional()
                .describe(
                  "With a keyword: each record's matched words per field, as parts",
                ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const language = request.language;
      const parsed = parseListQuery(request.query, language, {
        filter: queries.filterSchema,
        sortable,
        fallback: def.defaultSort,
      });
      const { sort, offset, limit } = parsed;
      const filter = parsed.filter as Filter;
      const { rows, total } = await queries.pageWithTotal(
        guarded(filter, sort, request),
        sort,
        offset,
        limit,
      );
      const records = await recordsOf(def, rows, app.store.db);
      // Masked before highlighting: a highlight never shows what the caller may not read.
      const list = def.present ? def.present(records, request) : records;
      const keyword = typeof filter.q === "string" ? filter.q.trim() : "";
      return ok({
        list,
        total,
        ...(def.search && keyword
          ? {
              highlights: highlightsOf(
                list as Record<string, unknown>[],
                searched,
                keyword,
              ),
            }
          : {}),
      });
    },
  );

  registerExportRoute(app, def, queries, sortable, guarded);
}
