import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import { z } from "zod";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { Code } from "../../common/codes.js";
import { ok } from "../http/envelope.js";
import { ApiError, notFound, validationError } from "../http/errors.js";
import { localizeText } from "../http/validation-messages.js";
import { isUniqueViolation, nowIso } from "../db/dialect.js";
import {
  indexedKeywordCount,
  keywordCondition,
  type SearchSpec,
} from "../db/search.js";
import type { StoreKind } from "../db/store.js";
import {
  listQuerySchema,
  parseFilter,
  parseRange,
  parseSort,
} from "./list-query.js";
import { csvSafe } from "./csv-safe.js";

/** A filter field: how its value is validated and which rows it keeps. */
export interface ResourceFilter {
  schema: z.ZodType;
  where(value: never, kind: StoreKind): Expression<SqlBool>;
}

export interface ResourceDefinition<
  Row,
  Rec,
  Create extends z.ZodObject,
  Update extends z.ZodObject,
> {
  /** URL segment under /tjc, e.g. "tags". */
  path: string;
  /** Table in the database (Kysely's name). */
  table: string;
  /** Permission module: routes need `<module>:read|create|update|delete|export`. */
  module: string;
  /** OpenAPI tag and the records' JSON shape. */
  recordSchema: z.ZodType<Rec>;
  createSchema: Create;
  updateSchema: Update;
  sortable: readonly string[];
  defaultSort: [string, "ASC" | "DESC"];
  /** Filters beyond the built-in `id` (getMany) and `q` (keyword, when `search` is set). */
  filters?: Record<string, ResourceFilter>;
  search?: SearchSpec;
  /** Columns with a unique index, reported as the field of a 40900. */
  uniqueFields?: string[];
  toRecord(row: Row): Rec;
  /** Turns validated input into column values; sanitising of HTML fields goes here. */
  toValues(input: Partial<z.infer<Create>>): Record<string, unknown>;
  csvColumns: { key: keyof Rec & string; header: string }[];
}

const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
const versionField = z.object({ version: z.number().int().positive() });
const idList = z
  .array(
    z
      .number()
      .int()
      .positive()
      .max(2 ** 31 - 1),
  )
  .min(1)
  .max(1000);

/** Envelope schema for the OpenAPI document. */
function envelope(data: z.ZodType) {
  return z.object({ code: z.number(), message: z.string(), data });
}

/**
 * Registers list, export, get, create, update, delete and batch routes for one resource.
 * Every resource goes through this one path, so paging, filtering, versioning, conflicts
 * and export behave the same everywhere.
 */
export function defineResource<
  Row,
  Rec,
  Create extends z.ZodObject,
  Update extends z.ZodObject,
>(
  parent: FastifyInstance,
  def: ResourceDefinition<Row, Rec, Create, Update>,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // Dynamic table names are beyond Kysely's static typing; the zod schemas guard the data.
  const db = () => app.store.db as unknown as Kysely<any>;
  const kind = () => app.store.kind;
  const table = def.table;
  const permission = (action: string) => `${def.module}:${action}`;
  const tags = [def.path];

  const filterShape: Record<string, z.ZodType> = {
    id: z.union([idList.max(100), z.number().int().positive()]).optional(),
  };
  if (def.search) filterShape.q = z.string().max(200).optional();
  for (const [key, filter] of Object.entries(def.filters ?? {})) {
    filterShape[key] = filter.schema.optional();
  }
  const filterSchema = z.strictObject(filterShape);
  type Filter = Record<string, unknown>;

  function whereOf(filter: Filter): Expression<SqlBool>[] {
    const conditions: Expression<SqlBool>[] = [];
    for (const [key, value] of Object.entries(filter)) {
      if (value === undefined || value === null || value === "") continue;
      if (key === "id") {
        const ids = Array.isArray(value) ? value : [value];
        conditions.push(
          sql<SqlBool>`${sql.ref(`${table}.id`)} in (${sql.join(ids)})`,
        );
      } else if (key === "q" && def.search) {
        conditions.push(keywordCondition(kind(), def.search, String(value)));
      } else {
        conditions.push(def.filters![key]!.where(value as never, kind()));
      }
    }
    return conditions;
  }

  function selectMatching(filter: Filter) {
    let query = db().selectFrom(table);
    for (const condition of whereOf(filter)) query = query.where(condition);
    return query;
  }

  async function findRow(id: number): Promise<Row | undefined> {
    return (await db()
      .selectFrom(table)
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst()) as Row | undefined;
  }

  /** Turns a unique-index violation into 40900 naming the field that collided. */
  async function conflictFrom(
    error: unknown,
    values: Record<string, unknown>,
    language: Parameters<typeof localizeText>[1],
    selfId?: number,
  ): Promise<never> {
    if (!isUniqueViolation(error)) throw error;
    const errors: Record<string, string> = {};
    for (const field of def.uniqueFields ?? []) {
      if (values[field] === undefined) continue;
      let query = db()
        .selectFrom(table)
        .select("id")
        .where(field, "=", values[field]);
      if (selfId !== undefined) query = query.where("id", "<>", selfId);
      if (await query.executeTakeFirst())
        errors[field] = localizeText("already taken", language);
    }
    throw new ApiError(Code.CONFLICT, { data: { errors } });
  }

  app.get(
    `/${def.path}`,
    {
      config: { permission: permission("read") },
      schema: {
        tags,
        summary: `List ${def.path}`,
        querystring: listQuerySchema,
        response: {
          200: envelope(
            z.object({ list: z.array(def.recordSchema), total: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const language = request.language;
      const sort = parseSort(
        request.query.sort,
        def.sortable,
        def.defaultSort,
        language,
      );
      const { offset, limit } = parseRange(request.query.range, language);
      const filter = parseFilter(
        request.query.filter,
        filterSchema,
        language,
      ) as Filter;
      const matching = selectMatching(filter);
      const filtersInUse = Object.keys(filter).filter(
        (key) => filter[key] !== undefined && filter[key] !== "",
      );
      const fastCount =
        def.search && filtersInUse.length === 1 && filtersInUse[0] === "q"
          ? indexedKeywordCount(kind(), def.search, String(filter.q))
          : undefined;
      const [rows, count] = await Promise.all([
        matching
          .selectAll()
          .orderBy(sort.field, sort.order)
          .orderBy("id", sort.order)
          .limit(limit)
          .offset(offset)
          .execute(),
        fastCount
          ? fastCount.execute(db()).then((result) => result.rows[0]!)
          : matching
              .select((eb) => eb.fn.countAll<number>().as("total"))
              .executeTakeFirstOrThrow(),
      ]);
      return ok({
        list: (rows as Row[]).map(def.toRecord),
        total: Number(count.total),
      });
    },
  );

  app.get(
    `/${def.path}/export`,
    {
      config: { permission: permission("export") },
      schema: {
        tags,
        summary: `Export ${def.path} as CSV (every matching row)`,
        querystring: listQuerySchema.extend({
          format: z.literal("csv").default("csv"),
        }),
      },
    },
    async (request, reply) => {
      const language = request.language;
      const sort = parseSort(
        request.query.sort,
        def.sortable,
        def.defaultSort,
        language,
      );
      const filter = parseFilter(
        request.query.filter,
        filterSchema,
        language,
      ) as Filter;
      const chunkSize = 500;
      async function* rows() {
        // Pages of 500 rows keep memory flat however many rows match.
        for (let offset = 0; ; offset += chunkSize) {
          const chunk = (await selectMatching(filter)
            .selectAll()
            .orderBy(sort.field, sort.order)
            .orderBy("id", sort.order)
            .limit(chunkSize)
            .offset(offset)
            .execute()) as Row[];
          for (const row of chunk) {
            const record = def.toRecord(row) as Record<string, unknown>;
            yield def.csvColumns.map((column) => csvSafe(record[column.key]));
          }
          if (chunk.length < chunkSize) return;
        }
      }
      const csv = stringify({
        bom: true, // Excel reads UTF-8 Chinese correctly only with the BOM
        header: true,
        columns: def.csvColumns.map((column) => column.header),
      });
      const source = Readable.from(rows());
      source.on("error", (error) => {
        request.log.error({ err: error }, "export failed mid-stream");
        csv.destroy(error);
      });
      const stamp = nowIso().slice(0, 19).replace(/[-:T]/g, "");
      reply
        .type("text/csv; charset=utf-8")
        .header(
          "Content-Disposition",
          `attachment; filename="${def.path}-${stamp}.csv"`,
        )
        .header("Cache-Control", "no-store");
      return reply.send(source.pipe(csv));
    },
  );

  app.get(
    `/${def.path}/:id`,
    {
      config: { permission: permission("read") },
      schema: {
        tags,
        summary: `Get one of ${def.path}`,
        params: idParams,
        response: { 200: envelope(def.recordSchema) },
      },
    },
    async (request) => {
      const row = await findRow(request.params.id);
      if (!row) throw notFound();
      return ok(def.toRecord(row));
    },
  );

  app.post(
    `/${def.path}`,
    {
      config: { permission: permission("create") },
      schema: {
        tags,
        summary: `Create one of ${def.path}`,
        body: def.createSchema,
        response: { 200: envelope(def.recordSchema) },
      },
    },
    async (request) => {
      const now = nowIso();
      const values = {
        ...def.toValues(request.body as z.infer<Create>),
        createdAt: now,
        updatedAt: now,
      };
      try {
        const row = await db()
          .insertInto(table)
          .values(values)
          .returningAll()
          .executeTakeFirstOrThrow();
        return ok(def.toRecord(row as Row));
      } catch (error) {
        return conflictFrom(error, values, request.language);
      }
    },
  );

  app.put(
    `/${def.path}/:id`,
    {
      config: { permission: permission("update") },
      schema: {
        tags,
        summary: `Update one of ${def.path} (send the version you read; a stale one gets 40900)`,
        params: idParams,
        body: def.updateSchema.extend(versionField.shape),
        response: { 200: envelope(def.recordSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { version, ...input } = request.body as {
        version: number;
      } & Record<string, unknown>;
      const values = {
        ...def.toValues(input as Partial<z.infer<Create>>),
        updatedAt: nowIso(),
      };
      let row: unknown;
      try {
        row = await db()
          .updateTable(table)
          .set({ ...values, version: sql`version + 1` })
          .where("id", "=", id)
          .where("version", "=", version)
          .returningAll()
          .executeTakeFirst();
      } catch (error) {
        return conflictFrom(error, values, request.language, id);
      }
      if (row) return ok(def.toRecord(row as Row));
      if (!(await findRow(id))) throw notFound();
      throw new ApiError(Code.CONFLICT, {
        data: {
          errors: { version: localizeText("stale version", request.language) },
        },
      });
    },
  );

  app.delete(
    `/${def.path}/:id`,
    {
      config: { permission: permission("delete") },
      schema: {
        tags,
        summary: `Delete one of ${def.path}`,
        params: idParams,
        response: { 200: envelope(def.recordSchema) },
      },
    },
    async (request) => {
      const row = await db()
        .deleteFrom(table)
        .where("id", "=", request.params.id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFound();
      return ok(def.toRecord(row as Row));
    },
  );

  const batchBody = z.discriminatedUnion("action", [
    z.object({ action: z.literal("delete"), ids: idList }),
    z.object({
      action: z.literal("update"),
      ids: idList,
      data: def.updateSchema.partial(),
    }),
  ]);
  app.post(
    `/${def.path}/batch`,
    {
      config: {
        permission: (request) =>
          permission(
            (request.body as { action: string }).action === "delete"
              ? "delete"
              : "update",
          ),
      },
      schema: {
        tags,
        summary: `Delete or update several of ${def.path} at once (all or none)`,
        body: batchBody,
        response: { 200: envelope(z.object({ ids: z.array(z.number()) })) },
      },
    },
    async (request) => {
      const body = request.body;
      const ids = [...new Set(body.ids)];
      if (body.action === "delete") {
        const rows = await app.store.transaction((trx) =>
          (trx as unknown as Kysely<any>)
            .deleteFrom(table)
            .where("id", "in", ids)
            .returning("id")
            .execute(),
        );
        return ok({ ids: rows.map((row) => Number(row.id)) });
      }
      const values = def.toValues(body.data as Partial<z.infer<Create>>);
      if (Object.keys(values).length === 0) {
        throw validationError({
          data: localizeText("required", request.language),
        });
      }
      try {
        const rows = await app.store.transaction((trx) =>
          (trx as unknown as Kysely<any>)
            .updateTable(table)
            .set({ ...values, updatedAt: nowIso(), version: sql`version + 1` })
            .where("id", "in", ids)
            .returning("id")
            .execute(),
        );
        return ok({ ids: rows.map((row) => Number(row.id)) });
      } catch (error) {
        return conflictFrom(error, values, request.language);
      }
    },
  );
}
