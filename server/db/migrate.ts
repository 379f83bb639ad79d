import { Migrator, type Kysely, type Migration } from "kysely";
import type { StoreKind } from "./store.js";
import * as initial from "./migrations/0001-initial.js";
import * as pinyinSortKeys from "./migrations/0002-pinyin-sort-keys.js";
import * as systemAdministration from "./migrations/0003-system-administration.js";
import * as mediaLibrary from "./migrations/0005-media-library.js";
import * as sermons from "./migrations/0005a-sermons.js";
import * as jobs from "./migrations/0006-jobs.js";
import * as behavior from "./migrations/0006a-behavior.js";
import * as community from "./migrations/0007-community.js";
import * as mediaContent from "./migrations/0010-media-content.js";
import * as wordIndex from "./migrations/0015-word-index.js";

type StoreMigration = {
  up(db: Kysely<unknown>, kind: StoreKind): Promise<void>;
};

/** Every migration, in order. Each is written once for both stores. */
const MIGRATIONS: Record<string, StoreMigration> = {
  "0001-initial": initial,
  "0002-pinyin-sort-keys": pinyinSortKeys,
  "0003-system-administration": systemAdministration,
  "0005-media-library": mediaLibrary,
  "0005a-sermons": sermons,
  "0006-jobs": jobs,
  "0006a-behavior": behavior,
  "0007-community": community,
  "0010-media-content": mediaContent,
  "0015-word-index": wordIndex,
};

/**
 * Brings the schema up to date. Kysely takes a lock (a PostgreSQL advisory lock, or
 * SQLite's write lock) so several instances starting together migrate once.
 */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  kind: StoreKind,
  schema?: string,
): Promise<string[]> {
  const migrations: Record<string, Migration> = {};
  for (const [name, migration] of Object.entries(MIGRATIONS)) {
    migrations[name] = { up: (trx) => migration.up(trx, kind) };
  }
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Name the schema: unqualified, Kysely finds another schema's migration tables and
    // skips creating its own.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? [])
    .filter((r) => r.status === "Success")
    .map((r) => r.migrationName);
}
