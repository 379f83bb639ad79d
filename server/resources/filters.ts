import { sql, type Expression, type SqlBool } from "kysely";
import { z } from "zod";
import type { ResourceFilter } from "./resource-definition.js";

/**
 * Filter fields that several resources share. Each validates its value (a bad one is
 * 40000 naming the field) and turns it into one condition on a column (snake_case).
 */

const dateOrDateTime = z.union([
  z.iso.date(),
  z.iso.datetime({ offset: true }),
]);

/** An ISO time as stored (UTC); a bare date means its first or last instant (UTC). */
function bound(value: string, end: boolean): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value))
    return `${value}T${end ? "23:59:59.999" : "00:00:00.000"}Z`;
  return new Date(value).toISOString();
}

/** `<name>From` / `<name>To`: rows whose time column lies in the range, ends included. */
export function dateRange(
  name: string,
  column: string,
): Record<string, ResourceFilter> {
  return {
    [`${name}From`]: {
      schema: dateOrDateTime,
      where: (value: string) =>
        sql<SqlBool>`${sql.ref(column)} >= ${bound(value, false)}`,
    },
    [`${name}To`]: {
      schema: dateOrDateTime,
      where: (value: string) =>
        sql<SqlBool>`${sql.ref(column)} <= ${bound(value, true)}`,
    },
  };
}

/** Equality with one value or any of a few. */
export function equals<T extends z.ZodType<string | number>>(
  column: string,
  schema: T,
): ResourceFilter {
  return {
    schema: z.union([schema, z.array(schema).min(1).max(100)]),
    where: (value: unknown): Expression<SqlBool> =>
      Array.isArray(value)
        ? sql<SqlBool>`${sql.ref(column)} in (${sql.join(value)})`
        : sql<SqlBool>`${sql.ref(column)} = ${value}`,
  };
}

/** Rows whose column contains the text, case-insensitively; `%` and `_` are literal. */
export function contains(column: string, max = 64): ResourceFilter {
  return {
    schema: z.string().trim().max(max),
    where: (value: string) => {
      const pattern = `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    },
  };
}

/** Rows whose text column equals the value, trimmed (an empty one is 40000). */
export function textFilter(column: string, max = 100): ResourceFilter {
  return {
    schema: z.string().trim().min(1).max(max),
    where: (value: string) => sql<SqlBool>`${sql.ref(column)} = ${value}`,
  };
}
