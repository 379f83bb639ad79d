import fs from "node:fs";
import path from "node:path";
import { CompiledQuery } from "kysely";
import { openStore, type Store } from "../db/store.js";
import { migrateToLatest } from "../db/migrate.js";
import { WORD_INDEX_TABLES, type StoreAddress, type Row } from "./snapshot.js";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  listFiles,
  sha256,
  type Manifest,
} from "./backup.js";

/** Rows per INSERT: far below either store's limit on bound parameters. */
const BATCH_ROWS = 200;

/** Reads the manifest and checks every table and file against it before anything is written. */
export function readVerifiedBackup(dir: string): {
  manifest: Manifest;
  rows: Map<string, Row[]>;
} {
  const manifestFile = path.join(dir, "manifest.json");
  if (!fs.existsSync(manifestFile)) {
    throw new Error(`${dir} has no manifest.json: not a finished backup`);
  }
  const manifest = JSON.parse(
    fs.readFileSync(manifestFile, "utf8"),
  ) as Manifest;
  if (
    manifest.format !== BACKUP_FORMAT ||
    manifest.version !== BACKUP_VERSION
  ) {
    throw new Error(`${dir} is not a ${BACKUP_FORMAT} v${BACKUP_VERSION}`);
  }
  const rows = new Map<string, Row[]>();
  for (const table of manifest.tables) {
    if (!/^[a-z_][a-z0-9_]*$/.test(table.name)) {
      throw new Error(`unexpected table name "${table.name}" in the manifest`);
    }
    const text = fs.readFileSync(
      path.join(dir, "tables", `${table.name}.ndjson`),
      "utf8",
    );
    if (sha256(text) !== table.sha256) {
      throw new Error(
        `tables/${table.name}.ndjson does not match its checksum`,
      );
    }
    const parsed = text
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as Row);
    if (parsed.length !== table.rows) {
      throw new Error(
        `tables/${table.name}.ndjson has ${parsed.length} rows, the manifest says ${table.rows}`,
      );
    }
    rows.set(table.name, parsed);
  }
  for (const file of manifest.files) {
    const full = path.join(dir, "files", ...file.path.split("/"));
    if (!path.resolve(full).startsWith(path.resolve(dir, "files") + path.sep)) {
      throw new Error(`file path "${file.path}" leaves the backup`);
    }
    if (sha256(fs.readFileSync(full)) !== file.sha256) {
      throw new Error(`files/${file.path} does not match its checksum`);
    }
  }
  return { manifest, rows };
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function count(store: Store, table: string): Promise<number> {
  const result = await store.db.executeQuery<{ n: number | string }>(
    CompiledQuery.raw(`SELECT count(*) AS n FROM ${quote(table)}`),
  );
  return Number(result.rows[0]?.n ?? 0);
}

function insertQuery(
  store: Store,
  table: string,
  columns: string[],
  rows: Row[],
): CompiledQuery {
  const parameters: unknown[] = [];
  const values = rows.map(
    (row) =>
      `(${columns
        .map((column) => {
          parameters.push(row[column] ?? null);
          return store.kind === "postgres" ? `$${parameters.length}` : "?";
        })
        .join(", ")})`,
  );
  return CompiledQuery.raw(
    `INSERT INTO ${quote(table)} (${columns.map(quote).join(", ")}) VALUES ${values.join(", ")}`,
    parameters,
  );
}

/**
 * Tables a bare migration already writes a row to (the ministry's one settings record,
 * 0011): a fresh store is still empty with it, and the load below replaces it.
 */
const MIGRATION_ROWS = new Set(["ministry_config"]);

export interface RestoreOptions {
  /** Restore into a store or files directory that already holds data, replacing its rows. */
  force?: boolean;
}

/**
 * Loads a verified backup into the store at `address`, of either kind, migrated first.
 * Refuses a target holding rows or files unless `force`, which empties its tables first.
 * All rows land in one transaction, or none do.
 */
export async function restore(
  address: StoreAddress,
  dir: string,
  options: RestoreOptions = {},
): Promise<Manifest> {
  const { manifest, rows } = readVerifiedBackup(dir);
  const filesRoot = path.join(address.dataDir, "files");
  const store = await openStore(address);
  try {
    await migrateToLatest(store.db, store.kind, store.schema);
    const migrations = (
      await store.db.executeQuery<{ name: string }>(
        CompiledQuery.raw("SELECT name FROM kysely_migration ORDER BY name"),
      )
    ).rows.map((row) => row.name);
    if (JSON.stringify(migrations) !== JSON.stringify(manifest.migrations)) {
      throw new Error(
        `the backup was made at migrations [${manifest.migrations.join(", ")}], this version has [${migrations.join(", ")}]: restore with the version that made it, then upgrade`,
      );
    }
    const holding: string[] = [];
    for (const table of manifest.tables) {
      if (MIGRATION_ROWS.has(table.name)) continue;
      if ((await count(store, table.name)) > 0) holding.push(table.name);
    }
    const filesThere = listFiles(filesRoot).length > 0;
    if ((holding.length > 0 || filesThere) && !options.force) {
      throw new Error(
        `the target is not empty (${[...holding, ...(filesThere ? ["files/"] : [])].join(", ")}): restore into an empty store, or pass --force to replace its data`,
      );
    }

    await store.transaction(async (trx) => {
      // The word index is not in a backup: the target's own is cleared, and every
      // table's is rebuilt from the restored rows on the next start.
      for (const table of WORD_INDEX_TABLES)
        if (table !== "search_postings" || store.kind === "sqlite")
          await trx.executeQuery(
            CompiledQuery.raw(`DELETE FROM ${quote(table)}`),
          );
      // Children first when emptying, parents first when loading.
      for (const table of [...manifest.tables].reverse()) {
        await trx.executeQuery(
          CompiledQuery.raw(`DELETE FROM ${quote(table.name)}`),
        );
      }
      for (const table of manifest.tables) {
        const tableRows = rows.get(table.name)!;
        if (tableRows.length === 0) continue;
        const columns = Object.keys(tableRows[0]!);
        for (let i = 0; i < tableRows.length; i += BATCH_ROWS) {
          await trx.executeQuery(
            insertQuery(
              store,
              table.name,
              columns,
              tableRows.slice(i, i + BATCH_ROWS),
            ),
          );
        }
        // PostgreSQL's serial sequences do not follow explicit ids: move them on.
        if (store.kind === "postgres" && columns.includes("id")) {
          await trx.executeQuery(
            CompiledQuery.raw(
              `SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT max(id) FROM ${quote(table.name)}))`,
              [
                store.schema
                  ? `${quote(store.schema)}.${quote(table.name)}`
                  : quote(table.name),
              ],
            ),
          );
        }
      }
    });
    for (const table of manifest.tables) {
      const loaded = await count(store, table.name);
      if (loaded !== table.rows) {
        throw new Error(
          `${table.name}: ${loaded} rows after the restore, the backup has ${table.rows}`,
        );
      }
    }
  } finally {
    await store.close();
  }

  for (const file of manifest.files) {
    const target = path.join(filesRoot, ...file.path.split("/"));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(dir, "files", ...file.path.split("/")), target);
  }
  return manifest;
}
