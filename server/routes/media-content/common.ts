import { sql } from "kysely";
import { z } from "zod";

/** An equality filter on one text column of `table`. */
export const textFilter = (table: string, column: string) => ({
  schema: z.string().trim().min(1).max(100),
  where: (value: string) =>
    sql<boolean>`${sql.ref(`${table}.${column}`)} = ${value}`,
});

/** Copies the listed input fields that are present into column values. */
export function pick<K extends string>(
  input: Partial<Record<K, unknown>>,
  keys: readonly K[],
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of keys)
    if (input[key] !== undefined) values[key] = input[key];
  return values;
}
