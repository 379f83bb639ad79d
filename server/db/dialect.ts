import {
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
} from "kysely";
import type { StoreKind } from "./store.js";

/**
 * The few places where SQLite and PostgreSQL differ, each behind one small function.
 * Everything else is written once with Kysely.
 */

/** Adds the integer primary key column `id`, auto-incremented in either store. */
export function withIdColumn<T extends string>(
  kind: StoreKind,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, "id"> {
  return kind === "sqlite"
    ? table.addColumn("id", "integer", (c: ColumnDefinitionBuilder) =>
        c.primaryKey().autoIncrement(),
      )
    : table.addColumn("id", "serial", (c: ColumnDefinitionBuilder) =>
        c.primaryKey(),
      );
}

/** True when a database error is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

/** True when a database error is a foreign-key violation. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_FOREIGNKEY" || code === "23503";
}

/** The current time as stored: ISO-8601 UTC. */
export function nowIso(now: number = Date.now()): string {
  return new Date(now).toISOString();
}

/** Drops every object this app created. Tests only. */
export async function dropEverything(
  db: Kysely<unknown>,
  kind: StoreKind,
): Promise<void> {
  if (kind === "postgres") {
    await sql`DROP SCHEMA IF EXISTS current_schema() CASCADE`.execute(db);
  }
}
