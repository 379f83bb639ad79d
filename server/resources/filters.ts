import { sql, type SqlBool } from "kysely";
import { z } from "zod";
import type { ResourceFilter } from "./resource-definition.js";

/** A filter keeping rows whose column equals one of the allowed values. */
export function equalsFilter(
  column: string,
  schema: z.ZodType = z.string().max(64),
): ResourceFilter {
  return {
    schema,
    where: (value: unknown) =>
      sql<SqlBool>`${sql.ref(column)} = ${value as string}`,
  };
}

/** A filter keeping rows whose column contains the text, case-insensitively, literally. */
export function containsFilter(column: string, max = 64): ResourceFilter {
  return {
    schema: z.string().trim().max(max),
    where: (value: string) => {
      const pattern = `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    },
  };
}

/** ISO instants (stored as text, UTC): `from` is inclusive, `to` exclusive. */
export function timeRangeFilter(
  column: string,
  bound: "from" | "to",
): ResourceFilter {
  return {
    schema: z.iso.datetime({ offset: true }),
    where: (value: string) => {
      const iso = new Date(value).toISOString();
      return bound === "from"
        ? sql<SqlBool>`${sql.ref(column)} >= ${iso}`
        : sql<SqlBool>`${sql.ref(column)} < ${iso}`;
    },
  };
}
