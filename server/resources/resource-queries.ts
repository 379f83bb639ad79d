import {
  sql,
  type CompiledQuery,
  type Expression,
  type Kysely,
  type SqlBool,
  type UnknownRow,
} from "kysely";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import type { FastifyInstance } from "fastify";
import { Code, type Language } from "../../common/codes.js";
import { ApiError } from "../http/errors.js";
import { localizeText } from "../http/validation-messages.js";
import { isUniqueViolation } from "../db/dialect.js";
import {
  indexedKeywordCount,
  keywordCondition,
  keywordPlan,
  type KeywordPlan,
} from "../db/search.js";
import {
  idList,
  MAX_INT32,
  type AnyResourceDefinition,
} from "./resource-definition.js";
import { sortColumn, withSortKeys } from "./sort-keys.js";

export type Filter = Record<string, unknown>;
export type Sort = { field: string; order: "asc" | "desc" };

const COMPILED_QUERIES_PER_RESOURCE = 200;

/** A compiled page query whose last two parameters are its LIMIT and OFFSET. */
export function endsWithPaging(
  query: CompiledQuery,
  limit: number,
  offset: number,
): boolean {
  const { parameters: params } = query;
  return (
    /\blimit (\?|\$\d+) offset (\?|\$\d+)$/.test(query.sql) &&
    params.at(-2) === limit &&
    params.at(-1) === offset
  );
}

/** The same page query for another page. */
function withPaging(
  query: CompiledQuery,
  limit: number,
  offset: number,
): CompiledQuery {
  return {
    ...query,
    parameters: [...query.parameters.slice(0, -2), limit, offset],
  };
}

/**
 * Every query the resource routes run for one resource: filtering, paging, counting,
 * finding a row, and naming the field of a unique conflict. Only this file touches the
 * resource's table.
 */
export function resourceQueries<Row>(
  app: FastifyInstance,
  def: AnyResourceDefinition<Row>,
) {
  // Dynamic table names are beyond Kysely's static typing; the zod schemas guard the data.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = () => app.store.db as unknown as Kysely<any>;
  const kind = () => app.store.kind;
  const table = def.table;
  for (const field of Object.keys(def.sortKeys ?? {})) {
    if (!def.sortable.includes(field))
      throw new Error(
        `${table}: sort key for "${field}", which is not sortable`,
      );
  }

  const filterShape: Record<string, z.ZodType> = {
    id: z
      .union([idList.max(100), z.number().int().positive().max(MAX_INT32)])
      .optional(),
  };
  if (def.search) filterShape.q = z.string().max(200).optional();
  for (const [key, filter] of Object.entries(def.filters ?? {})) {
    filterShape[key] = filter.schema.optional();
  }
  /** The allowlisted filter fields; anything else is 40000. */
  const filterSchema = z.strictObject(filterShape);

  function whereOf(
    filter: Filter,
    plan: KeywordPlan = "lookup",
  ): Expression<SqlBool>[] {
    const conditions: Expression<SqlBool>[] = [];
    for (const [key, value] of Object.entries(filter)) {
      if (value === undefined || value === null || value === "") continue;
      if (key === "id") {
        const ids = Array.isArray(value) ? value : [value];
        conditions.push(
          sql<SqlBool>`${sql.ref(`${table}.id`)} in (${sql.join(ids)})`,
        );
      } else if (key === "q" && def.search) {
        conditions.push(
          keywordCondition(kind(), def.search, String(value), plan),
        );
      } else {
        conditions.push(def.filters![key]!.where(value as never, kind()));
      }
    }
    return conditions;
  }

  function selectMatching(filter: Filter, plan: KeywordPlan = "lookup") {
    let query = db().selectFrom(table);
    for (const condition of whereOf(filter, plan))
      query = query.where(condition);
    return query;
  }

  // Building and compiling a query through Kysely costs a list request more CPU than the
  // rest of the machinery together (docs/performance.md), and admins ask for the same
  // filter and order again and again: compiled queries are kept per filter and order.
  const compiled = new LRUCache<string, CompiledQuery>({
    max: COMPILED_QUERIES_PER_RESOURCE,
  });

  function pageQuery(
    filter: Filter,
    sort: Sort,
    offset: number,
    limit: number,
    plan: KeywordPlan = "lookup",
  ): CompiledQuery {
    const key = JSON.stringify(["page", sort.field, sort.order, plan, filter]);
    const cached = compiled.get(key);
    if (cached) return withPaging(cached, limit, offset);
    const query = selectMatching(filter, plan)
      .selectAll()
      .orderBy(sortColumn(def.sortKeys, sort.field), sort.order)
      .orderBy("id", sort.order) // id breaks ties, so pages are stable
      .limit(limit)
      .offset(offset)
      .compile();
    if (endsWithPaging(query, limit, offset)) compiled.set(key, query);
    return query;
  }

  function countQuery(filter: Filter): CompiledQuery {
    const key = JSON.stringify(["count", filter]);
    const cached = compiled.get(key);
    if (cached) return cached;
    const inUse = Object.keys(filter).filter(
      (key) => filter[key] !== undefined && filter[key] !== "",
    );
    const indexed =
      def.search && inUse.length === 1 && inUse[0] === "q"
        ? indexedKeywordCount(kind(), def.search, String(filter.q))
        : undefined;
    const query = indexed
      ? indexed.compile(db())
      : selectMatching(filter)
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .compile();
    compiled.set(key, query);
    return query;
  }

  /** One page of matching rows, in the given order. */
  async function page(
    filter: Filter,
    sort: Sort,
    offset: number,
    limit: number,
  ): Promise<Row[]> {
    const [rows] = await app.store.read([
      pageQuery(filter, sort, offset, limit),
    ]);
    return rows as Row[];
  }

  /** The table's highest id: a row count estimate that costs one index probe. */
  function rowsEstimateQuery(): CompiledQuery {
    const cached = compiled.get("rows");
    if (cached) return cached;
    const query = db()
      .selectFrom(table)
      .select((eb) => eb.fn.max("id").as("rows"))
      .compile();
    compiled.set("rows", query);
    return query;
  }

  /** One page and the number of all matching rows, read from the same snapshot. */
  async function pageWithTotal(
    filter: Filter,
    sort: Sort,
    offset: number,
    limit: number,
  ): Promise<{ rows: Row[]; total: number }> {
    const totalOf = (rows: UnknownRow[]) => Number(rows[0]!.total);
    if (kind() !== "sqlite" || !def.search || !filter.q) {
      const [rows, counted] = await app.store.read([
        pageQuery(filter, sort, offset, limit),
        countQuery(filter),
      ]);
      return { rows: rows as Row[], total: totalOf(counted!) };
    }
    // SQLite with a keyword: the count tells which way to find the page.
    const [counted, , rows] = await app.store.read([
      countQuery(filter),
      rowsEstimateQuery(),
      ([counted, estimated]) =>
        pageQuery(
          filter,
          sort,
          offset,
          limit,
          keywordPlan(
            totalOf(counted!),
            Number(estimated![0]!.rows ?? 0),
            offset + limit,
          ),
        ),
    ]);
    return { rows: rows as Row[], total: totalOf(counted!) };
  }

  // The write functions take the executor: the record routes pass their transaction, so
  // the change, its related rows and its audit row land together.
  type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

  async function findRow(
    id: number,
    executor: Db = db(),
  ): Promise<Row | undefined> {
    return (await executor
      .selectFrom(table)
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst()) as Row | undefined;
  }

  /** The rows among `ids` that exist, in id order. */
  async function findRows(ids: number[], executor: Db): Promise<Row[]> {
    return (await executor
      .selectFrom(table)
      .selectAll()
      .where("id", "in", ids)
      .orderBy("id")
      .execute()) as Row[];
  }

  /** Turns a unique-index violation into 40900 naming the field that collided. */
  async function conflictFrom(
    error: unknown,
    values: Record<string, unknown>,
    language: Language,
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

  async function insert(
    executor: Db,
    values: Record<string, unknown>,
  ): Promise<Row> {
    return (await executor
      .insertInto(table)
      .values(await withSortKeys(def.sortKeys, values))
      .returningAll()
      .executeTakeFirstOrThrow()) as Row;
  }

  /** Updates a row only if it still has `version`, bumping it; undefined when not. */
  async function updateVersioned(
    executor: Db,
    id: number,
    version: number,
    values: Record<string, unknown>,
  ): Promise<Row | undefined> {
    return (await executor
      .updateTable(table)
      .set({
        ...(await withSortKeys(def.sortKeys, values)),
        version: sql`version + 1`,
      })
      .where("id", "=", id)
      .where("version", "=", version)
      .returningAll()
      .executeTakeFirst()) as Row | undefined;
  }

  async function remove(executor: Db, id: number): Promise<Row | undefined> {
    return (await executor
      .deleteFrom(table)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst()) as Row | undefined;
  }

  /** Deletes the rows among `ids` that exist; answers their ids. */
  async function removeMany(executor: Db, ids: number[]): Promise<number[]> {
    const rows = await executor
      .deleteFrom(table)
      .where("id", "in", ids)
      .returning("id")
      .execute();
    return rows.map((row) => Number(row.id));
  }

  /** Applies `values` to the rows among `ids` that exist; answers their ids. */
  async function updateMany(
    executor: Db,
    ids: number[],
    values: Record<string, unknown>,
  ): Promise<number[]> {
    const rows = await executor
      .updateTable(table)
      .set({
        ...(await withSortKeys(def.sortKeys, values)),
        version: sql`version + 1`,
      })
      .where("id", "in", ids)
      .returning("id")
      .execute();
    return rows.map((row) => Number(row.id));
  }

  return {
    filterSchema,
    page,
    pageWithTotal,
    findRow,
    findRows,
    insert,
    updateVersioned,
    remove,
    removeMany,
    updateMany,
    conflictFrom,
  };
}

export type ResourceQueries<Row> = ReturnType<typeof resourceQueries<Row>>;
