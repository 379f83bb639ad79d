import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { LRUCache } from "lru-cache";
import type pg from "pg";
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type CompiledQuery,
  type Transaction,
  type UnknownRow,
} from "kysely";
import type { Database } from "./schema.js";
import { acquireDataDirLock, type DataDirLock } from "./lock.js";
import { inlineParameters } from "./inline-parameters.js";

export type StoreKind = "sqlite" | "postgres";

export interface Store {
  kind: StoreKind;
  /** PostgreSQL: the schema in use (Kysely's migration tables live there too). */
  schema?: string;
  db: Kysely<Database>;
  /** Runs `work` in one transaction: all of its writes land, or none do. */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /**
   * Runs read-only queries together and answers each one's rows, keys in camelCase. A
   * step may be a function of the rows read before it (a plan chosen from a count).
   * On SQLite they run on a second, query-only connection in one read transaction: they
   * share a snapshot, never see a write transaction that is still open, and skip
   * Kysely's executor, which queues every query on the one writing connection through
   * promises and costs a list page more than SQLite does (docs/performance.md). On
   * PostgreSQL they run in one read-only, repeatable-read transaction on the pool.
   */
  read(steps: readonly ReadStep[]): Promise<UnknownRow[][]>;
  close(): Promise<void>;
}

/**
 * A step of `Store.read`: a query, or rows already known (a total kept elsewhere), which
 * cost no statement: on PostgreSQL every statement of a read is a round trip.
 */
export type ReadStep =
  | CompiledQuery
  | KnownRows
  | ((previous: UnknownRow[][]) => CompiledQuery | KnownRows);

export interface KnownRows {
  known: UnknownRow[];
}

/** A read step that answers `rows` without asking the database. */
export const knownRows = (rows: UnknownRow[]): KnownRows => ({ known: rows });

function queryOf(
  step: ReadStep,
  previous: UnknownRow[][],
): CompiledQuery | KnownRows {
  return typeof step === "function" ? step(previous) : step;
}

/**
 * `Store.read` on PostgreSQL: one client, one repeatable-read, read-only transaction,
 * rows as arrays given their camelCase keys (as Kysely's CamelCasePlugin would). A read
 * of one or two statements is one or two round trips: BEGIN and COMMIT travel with them.
 */
async function readOnPool(
  pool: pg.Pool,
  steps: readonly ReadStep[],
  camelCase: CamelCase,
): Promise<UnknownRow[][]> {
  const client = await pool.connect();
  let broken: unknown;
  let begun = false;
  let ended = false;
  try {
    const results: UnknownRow[][] = [];
    for (const [index, step] of steps.entries()) {
      const query = queryOf(step, results);
      if ("known" in query) {
        results.push(query.known);
        continue;
      }
      // BEGIN before a read's first statement and COMMIT after its last travel with it
      // in one simple-protocol message, its parameters written in as literals where they
      // can be (inline-parameters.ts): a round trip fewer each.
      const last = index === steps.length - 1;
      const inline =
        !begun || last
          ? inlineParameters(query.sql, query.parameters)
          : undefined;
      let answer: pg.QueryArrayResult;
      if (inline !== undefined) {
        const texts = [...(begun ? [] : [BEGIN_READ]), inline];
        if (last) texts.push("commit");
        const all = (await client.query<unknown[]>({
          text: texts.join("; "),
          rowMode: "array",
        })) as unknown as pg.QueryArrayResult | pg.QueryArrayResult[];
        answer = Array.isArray(all) ? all[begun ? 0 : 1]! : all;
        ended = last;
      } else {
        if (!begun) await client.query(BEGIN_READ);
        answer = await client.query<unknown[]>({
          text: query.sql,
          values: query.parameters as unknown[],
          rowMode: "array",
        });
      }
      begun = true;
      const keys = answer.fields.map((field) =>
        camelKeyOf(camelCase, field.name),
      );
      results.push(
        answer.rows.map((values) => {
          const row: UnknownRow = {};
          for (let i = 0; i < keys.length; i++) row[keys[i]!] = values[i];
          return row;
        }),
      );
    }
    if (begun && !ended) await client.query("commit");
    return results;
  } catch (error) {
    // Also when the failure came before `begun` was set (BEGIN and the statement sent
    // together): a rollback outside a transaction is only a warning.
    await client.query("rollback").catch((failure: unknown) => {
      broken = failure;
    });
    throw error;
  } finally {
    // A client whose rollback failed may be in any state: the pool drops it.
    client.release(broken ? (broken as Error) : undefined);
  }
}

const BEGIN_READ = "begin isolation level repeatable read read only";

const camelKeys = new Map<string, string>();
function camelKeyOf(camelCase: CamelCase, name: string): string {
  let key = camelKeys.get(name);
  if (key === undefined) {
    key = camelCase.camelCase(name);
    if (camelKeys.size < 10_000) camelKeys.set(name, key);
  }
  return key;
}

/** CamelCasePlugin, with its column naming usable outside Kysely's executor. */
class CamelCase extends CamelCasePlugin {
  override camelCase(name: string): string {
    return super.camelCase(name);
  }
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

/**
 * SQLite's page cache per connection, in KiB (better-sqlite3 sets 16 MiB). The server
 * has two connections, and after a pass over every route group (a CSV export of 100,000
 * tags among it) both caches were full: 12 MB of the RSS over budget (issue 27). With
 * 4 MiB each, lists, keyword searches and a 100,000-sermon index build measured the same
 * (docs/performance.md, "Where the memory goes"): what they read beyond it comes from the
 * operating system's file cache.
 */
const SQLITE_CACHE_KIB = 4096;

function openSqlite(dataDir: string): Store {
  fs.mkdirSync(dataDir, { recursive: true });
  // Take the lock before touching the database, so a second process never opens it.
  const lock: DataDirLock = acquireDataDirLock(dataDir);
  const file = path.join(dataDir, "lampstand.db");
  const database = new SQLite(file, { timeout: 5000 });
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = FULL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  database.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  const camelCase = new CamelCase();
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
    plugins: [camelCase],
  });
  const reader = new SQLite(file, { timeout: 5000 });
  reader.pragma("query_only = ON");
  reader.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  const readerStatements = withStatementCache(reader);
  const camelKeys = new WeakMap<SQLite.Statement, string[]>();
  // Rows come back as arrays and get their camelCase keys here: cheaper than
  // better-sqlite3 naming every row's values and the plugin then renaming them.
  const readRows = (query: CompiledQuery): UnknownRow[] => {
    const statement = readerStatements.prepare(query.sql);
    let keys = camelKeys.get(statement);
    if (!keys) {
      statement.raw(true);
      keys = statement
        .columns()
        .map((column) => camelCase.camelCase(column.name));
      camelKeys.set(statement, keys);
    }
    const rows = statement.all(query.parameters as unknown[]) as unknown[][];
    return rows.map((values) => {
      const row: UnknownRow = {};
      for (let i = 0; i < keys.length; i++) row[keys[i]!] = values[i];
      return row;
    });
  };
  const readTogether = reader.transaction((steps: readonly ReadStep[]) => {
    const results: UnknownRow[][] = [];
    for (const step of steps) {
      const query = queryOf(step, results);
      results.push("known" in query ? query.known : readRows(query));
    }
    return results;
  });
  return {
    kind: "sqlite",
    db,
    transaction: (work) => db.transaction().execute(work),
    async read(steps) {
      return readTogether(steps);
    },
    async close() {
      reader.close();
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
  const statements = new LRUCache<string, SQLite.Statement>({
    max: STATEMENT_CACHE_SIZE,
  });
  return {
    close: () => database.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (!statement) {
        statement = database.prepare(sqlText);
        statements.set(sqlText, statement);
      }
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
    plugins: [new CamelCase()],
  });
  const { rows } = await pool.query<{ schema: string }>(
    "select current_schema() as schema",
  );
  return {
    kind: "postgres",
    schema: rows[0]?.schema ?? "public",
    db,
    transaction: (work) => db.transaction().execute(work),
    // One read-only transaction: the queries share a snapshot, as on SQLite. Straight on
    // the pool, as SQLite's reader is: Kysely's executor and plugins cost a list request
    // about as much Node CPU again as the driver (docs/performance.md).
    read: (steps) => readOnPool(pool, steps, new CamelCase()),
    close: () => db.destroy(),
  };
}
