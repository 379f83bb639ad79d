import { Migrator, sql, type Kysely, type Migration } from "kysely";
import type { StoreKind } from "./store.js";
import { alignSortIndexes } from "./sort-indexes.js";
import * as initial from "./migrations/0001-initial.js";
import * as pinyinSortKeys from "./migrations/0002-pinyin-sort-keys.js";
import * as systemAdministration from "./migrations/0003-system-administration.js";
import * as mediaLibrary from "./migrations/0005-media-library.js";
import * as sermons from "./migrations/0005a-sermons.js";
import * as jobs from "./migrations/0006-jobs.js";
import * as behavior from "./migrations/0006a-behavior.js";
import * as community from "./migrations/0007-community.js";
import * as revisions from "./migrations/0009-revisions.js";
import * as articles from "./migrations/0009a-articles.js";
import * as mediaContent from "./migrations/0010-media-content.js";
import * as crawler from "./migrations/0013-crawler.js";
import * as believers from "./migrations/0011-believers.js";
import * as moderation from "./migrations/0014-moderation.js";
import * as live from "./migrations/0012-live.js";
import * as wordIndex from "./migrations/0015-word-index.js";
import * as foldedLoginNames from "./migrations/0016-folded-login-names.js";
import * as communityPolish from "./migrations/0025-community-polish.js";
import * as displayNames from "./migrations/0025a-display-names.js";
import * as mailOutbox from "./migrations/0030-mail-outbox.js";
import * as deadPermissions from "./migrations/0031-dead-permissions.js";
import * as notificationActors from "./migrations/0031a-notification-actors.js";
import * as anonymousPosts from "./migrations/0032-anonymous-posts.js";
import * as emailVerification from "./migrations/0033-email-verification.js";
import * as twoFactor from "./migrations/0034-two-factor.js";
import * as notificationEmail from "./migrations/0035-notification-email.js";
import * as dropFts from "./migrations/0037-drop-fts.js";
import * as sermonSeriesDay from "./migrations/0037a-sermon-series-day.js";
import * as passageRefsCovering from "./migrations/0038-passage-refs-covering.js";
import * as compactWordIndex from "./migrations/0039-compact-word-index.js";
import { routeMigrationFolders } from "../routes/folders.js";

type StoreMigration = {
  up(db: Kysely<unknown>, kind: StoreKind): Promise<void>;
};

/**
 * The schema's history, in order: every table and index before resources brought their
 * own. Each is written once for both stores. A resource's own tables are created by its
 * route folder's migration.ts (`folderMigrations`).
 */
const MIGRATIONS: Record<string, StoreMigration> = {
  "0001-initial": initial,
  "0002-pinyin-sort-keys": pinyinSortKeys,
  "0003-system-administration": systemAdministration,
  "0005-media-library": mediaLibrary,
  "0005a-sermons": sermons,
  "0006-jobs": jobs,
  "0006a-behavior": behavior,
  "0007-community": community,
  "0009-revisions": revisions,
  "0009a-articles": articles,
  "0010-media-content": mediaContent,
  "0013-crawler": crawler,
  "0011-believers": believers,
  "0014-moderation": moderation,
  "0012-live": live,
  "0015-word-index": wordIndex,
  "0016-folded-login-names": foldedLoginNames,
  "0025-community-polish": communityPolish,
  "0025a-display-names": displayNames,
  "0030-mail-outbox": mailOutbox,
  "0031-dead-permissions": deadPermissions,
  "0031a-notification-actors": notificationActors,
  "0032-anonymous-posts": anonymousPosts,
  "0033-email-verification": emailVerification,
  "0034-two-factor": twoFactor,
  "0035-notification-email": notificationEmail,
  "0037-drop-fts": dropFts,
  "0037a-sermon-series-day": sermonSeriesDay,
  "0038-passage-refs-covering": passageRefsCovering,
  "0039-compact-word-index": compactWordIndex,
};

/**
 * The migrations of the route folders that have tables of their own, each named
 * `routes/<folder>`: after the history (digits sort first), in folder order.
 */
async function folderMigrations(): Promise<Record<string, StoreMigration>> {
  const found: Record<string, StoreMigration> = {};
  for (const folder of routeMigrationFolders()) {
    // esbuild bundles every ../routes/*/migration.ts this pattern matches.
    found[`routes/${folder}`] = (await import(
      `../routes/${folder}/migration.ts`
    )) as StoreMigration;
  }
  return found;
}

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
  for (const [name, migration] of Object.entries({
    ...MIGRATIONS,
    ...(await folderMigrations()),
  })) {
    migrations[name] = { up: (trx) => migration.up(trx, kind) };
  }
  const migrator = new Migrator({
    db: kind === "postgres" && schema ? ownSchemaOnly(db, schema) : db,
    provider: { getMigrations: async () => migrations },
    // Name the schema: unqualified, Kysely finds another schema's migration tables and
    // skips creating its own.
    ...(schema ? { migrationTableSchema: schema } : {}),
    // Features land from parallel branches, each with its own number: a store that ran
    // 0015 on an early build must still take 0011 when it arrives. Every migration
    // touches only its own tables, so their order between features does not matter.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  const applied = (results ?? [])
    .filter((r) => r.status === "Success")
    .map((r) => r.migrationName);
  if (kind === "postgres" && applied.length > 0) await alignSortIndexes(db);
  return applied;
}

/**
 * The database as the migrator sees it on PostgreSQL: asking whether its tables exist,
 * Kysely's introspector lists every table of every schema, by name; a schema another
 * store on the same database drops meanwhile fails that query ("schema … does not
 * exist"), which tests running side by side hit. This one lists the store's own schema
 * only; everything else is the database itself.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function ownSchemaOnly(db: Kysely<any>, schema: string): Kysely<any> {
  const introspection = {
    async getSchemas() {
      const { rows } = await sql<{ name: string }>`
        select nspname as name from pg_namespace where nspname = ${schema}`.execute(
        db,
      );
      return rows;
    },
    async getTables() {
      const { rows } = await sql<{ name: string }>`
        select c.relname as name from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v')`.execute(
        db,
      );
      return rows.map((row) => ({
        name: row.name,
        schema,
        isView: false,
        columns: [],
      }));
    },
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === "introspection") return introspection;
      // Kysely keeps its state in private fields: its methods run on the real object.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
