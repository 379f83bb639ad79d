import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";

/** A row as backed up: column name (as stored, snake_case) → a JSON value. */
export type Row = Record<string, string | number | null>;

/** One consistent read of every table of a store, whichever kind, in load order. */
export interface Snapshot {
  kind: "sqlite" | "postgres";
  /** The migrations applied, oldest first. */
  migrations: string[];
  /** Tables in an order that loads without breaking a foreign key (parents first). */
  tables: string[];
  /** A table's rows in canonical order (by id, else by their JSON). */
  rows(table: string): Promise<Row[]>;
  close(): Promise<void>;
}

export interface StoreAddress {
  dataDir: string;
  databaseUrl?: string;
  databaseSchema?: string;
}

/**
 * Not backed up: Kysely's own tables (the target's migrations recreate them), and the
 * word index, which each store keeps in its own shape (db/postings.ts) and rebuilds from
 * the rows on its next start (restore.ts clears the target's).
 */
export const WORD_INDEX_TABLES = [
  "search_state",
  "search_docs",
  "search_postings",
  "search_terms",
];
const SKIPPED = new Set([
  "kysely_migration",
  "kysely_migration_lock",
  ...WORD_INDEX_TABLES,
]);

/** Parents before children; a table referencing itself is fine (rows are in id order). */
function loadOrder(tables: string[], references: [string, string][]): string[] {
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const [child, parent] of references) {
    if (child !== parent && parents.has(parent))
      parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find(
      (table) =>
        !placed.has(table) &&
        [...parents.get(table)!].every((parent) => placed.has(parent)),
    );
    if (!next) throw new Error("foreign keys form a cycle between tables");
    ordered.push(next);
    placed.add(next);
  }
  return ordered;
}

/** Rows in the same order on both stores: text collation differs, integers do not. */
function canonical(rows: Row[]): Row[] {
  const sorted = rows.map((row) =>
    Object.fromEntries(
      Object.keys(row)
        .sort()
        .map((key) => [key, row[key]!]),
    ),
  );
  if (sorted.length > 0 && typeof sorted[0]!.id === "number") {
    return sorted.sort((a, b) => (a.id as number) - (b.id as number));
  }
  const keyed = sorted.map((row) => [JSON.stringify(row), row] as const);
  keyed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return keyed.map(([, row]) => row);
}

/**
 * SQLite, read-only and without the data directory's lock, so it runs beside the
 * server: one read transaction gives every table from the same moment (WAL).
 */
function sqliteSnapshot(dataDir: string): Snapshot {
  const database = new SQLite(path.join(dataDir, "lampstand.db"), {
    readonly: true,
    fileMustExist: true,
  });
  database.prepare("BEGIN").run();
  const all = database
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all() as { name: string; sql: string | null }[];
  // No virtual table since migration 0037 dropped the FTS5 ones; a store that has not
  // run it yet may still hold them: never copied (a virtual table and its shadow tables).
  const virtual = all
    .filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql ?? ""))
    .map((table) => table.name);
  const tables = all
    .map((table) => table.name)
    .filter(
      (name) =>
        !SKIPPED.has(name) &&
        !virtual.some((v) => name === v || name.startsWith(`${v}_`)),
    );
  const references: [string, string][] = [];
  for (const table of tables) {
    const keys = database
      .prepare(`SELECT "table" AS parent FROM pragma_foreign_key_list(?)`)
      .all(table) as { parent: string }[];
    for (const { parent } of keys) references.push([table, parent]);
  }
  const migrations = (
    database
      .prepare("SELECT name FROM kysely_migration ORDER BY name")
      .all() as { name: string }[]
  ).map((row) => row.name);
  return {
    kind: "sqlite",
    migrations,
    tables: loadOrder(tables, references),
    async rows(table) {
      return canonical(
        database.prepare(`SELECT * FROM "${table}"`).all() as Row[],
      );
    },
    async close() {
      database.prepare("COMMIT").run();
      database.close();
    },
  };
}

/**
 * PostgreSQL: one read-only, repeatable-read transaction, so every table is read from
 * the same moment while the server goes on writing. Numbers come back as numbers and
 * booleans as 1/0, as SQLite holds them, so both stores write the same backup.
 */
async function postgresSnapshot(
  databaseUrl: string,
  schema: string | undefined,
): Promise<Snapshot> {
  const parsers = {
    getTypeParser: ((oid: number, format?: "text" | "binary") => {
      if (oid === 20 || oid === 1700 || oid === 700 || oid === 701)
        return (value: string) => Number(value);
      if (oid === 16) return (value: string) => (value === "t" ? 1 : 0);
      return pg.types.getTypeParser(oid, format);
    }) as typeof pg.types.getTypeParser,
  };
  const client = new pg.Client({
    connectionString: databaseUrl,
    types: parsers,
  });
  await client.connect();
  await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  if (schema)
    await client.query(`SET LOCAL search_path TO "${schema}", public`);
  const { rows: tableRows } = await client.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
      ORDER BY table_name`,
  );
  const tables = tableRows
    .map((row) => row.name)
    .filter((name) => !SKIPPED.has(name));
  const { rows: keyRows } = await client.query<{
    child: string;
    parent: string;
  }>(
    `SELECT tc.table_name AS child, ccu.table_name AS parent
       FROM information_schema.table_constraints tc
       JOIN information_schema.constraint_column_usage ccu
         ON ccu.constraint_name = tc.constraint_name
        AND ccu.constraint_schema = tc.constraint_schema
      WHERE tc.constraint_type = 'FOREIGN KEY'
        AND tc.table_schema = current_schema()`,
  );
  const { rows: migrationRows } = await client.query<{ name: string }>(
    "SELECT name FROM kysely_migration ORDER BY name",
  );
  return {
    kind: "postgres",
    migrations: migrationRows.map((row) => row.name),
    tables: loadOrder(
      tables,
      keyRows.map((row) => [row.child, row.parent]),
    ),
    async rows(table) {
      const { rows } = await client.query<Row>(`SELECT * FROM "${table}"`);
      return canonical(rows);
    },
    async close() {
      try {
        await client.query("COMMIT");
      } finally {
        await client.end();
      }
    },
  };
}

export async function openSnapshot(address: StoreAddress): Promise<Snapshot> {
  return address.databaseUrl
    ? postgresSnapshot(address.databaseUrl, address.databaseSchema)
    : sqliteSnapshot(address.dataDir);
}
