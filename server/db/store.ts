import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import type pg from "pg";
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type Transaction,
} from "kysely";
import type { Database } from "./schema.js";
import { acquireDataDirLock, type DataDirLock } from "./lock.js";

export type StoreKind = "sqlite" | "postgres";

export interface Store {
  kind: StoreKind;
  /** PostgreSQL: the schema in use (Kysely's migration tables live there too). */
  schema?: string;
  db: Kysely<Database>;
  /** Runs `work` in one transaction: all of its writes land, or none do. */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface StoreOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL only: the schema to work in (created if missing). */
  databaseSchema?: string;
}

export async function openStore(options: StoreOptions): Promise<Store> {
  return options.databaseUrl
    ? openPostgres(options)
    : openSqlite(options.dataDir);
}

function openSqlite(dataDir: string): Store {
  fs.mkdirSync(dataDir, { recursive: true });
  // Take the lock before touching the database, so a second process never opens it.
  const lock: DataDirLock = acquireDataDirLock(dataDir);
  const database = new SQLite(path.join(dataDir, "lampstand.db"), {
    timeout: 5000,
  });
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = FULL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
    plugins: [new CamelCasePlugin()],
  });
  return {
    kind: "sqlite",
    db,
    transaction: (work) => db.transaction().execute(work),
    async close() {
      await db.destroy();
      lock.release();
    },
  };
}

/** How many prepared SQLite statements are kept for reuse. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing is a measurable share of a request's CPU.
 * This keeps the most recently used statements by SQL text and reuses them. (We never
 * stream results, so a statement is never busy when it is reused.)
 */
function withStatementCache(database: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (statement) {
        statements.delete(sqlText); // re-inserted below: most recently used last
      } else {
        statement = database.prepare(sqlText);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          statements.delete(statements.keys().next().value!);
        }
      }
      statements.set(sqlText, statement);
      return statement;
    },
  };
}

async function openPostgres(options: StoreOptions): Promise<Store> {
  // Loaded only here: an embedded (SQLite) deployment never pays for the driver.
  const { default: pg } = await import("pg");
  // PostgreSQL returns int8 (COUNT, bigserial) as strings; our counts fit in a JS number.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  const schema = options.databaseSchema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(
      `DATABASE_SCHEMA must be a plain lower-case identifier, got "${schema}"`,
    );
  }
  const poolConfig: pg.PoolConfig = {
    connectionString: options.databaseUrl,
    max: 10,
  };
  if (schema) {
    const admin = new pg.Client({ connectionString: options.databaseUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      await admin.end();
    }
    poolConfig.options = `-c search_path="${schema}",public`;
  }
  const pool = new pg.Pool(poolConfig);
  // Fail at start, with the driver's message, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  const { rows } = await pool.query<{ schema: string }>(
    "select current_schema() as schema",
  );
  return {
    kind: "postgres",
    schema: rows[0]?.schema ?? "public",
    db,
    transaction: (work) => db.transaction().execute(work),
    close: () => db.destroy(),
  };
}
