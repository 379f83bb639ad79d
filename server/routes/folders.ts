import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * The folders under server/routes: each is served through its `index.ts`'s default export,
 * and one with a `migration.ts` creates its own tables through it
 * (docs/adding-a-resource.md). A new folder needs no line anywhere else. The built server
 * cannot list its source, so scripts/build-server.mjs writes both lists in (as
 * ROUTE_FOLDERS and ROUTE_MIGRATIONS, from `listRouteFolders`); from source (tsx, vitest)
 * the folder is read.
 */
declare const ROUTE_FOLDERS: readonly string[] | undefined;
declare const ROUTE_MIGRATIONS: readonly string[] | undefined;

const ROUTES_DIR = import.meta.dirname;

/** The folders of `dir` holding `file`, in name order. */
export function listRouteFolders(dir: string, file = "index.ts"): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() && existsSync(path.join(dir, entry.name, file)),
    )
    .map((entry) => entry.name)
    .sort();
}

/** The route folders, in name order. */
export function routeFolders(): string[] {
  if (typeof ROUTE_FOLDERS !== "undefined") return [...ROUTE_FOLDERS];
  return listRouteFolders(ROUTES_DIR);
}

/** The route folders with a migration.ts, in name order. */
export function routeMigrationFolders(): string[] {
  if (typeof ROUTE_MIGRATIONS !== "undefined") return [...ROUTE_MIGRATIONS];
  return listRouteFolders(ROUTES_DIR, "migration.ts");
}
