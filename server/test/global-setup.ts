import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openStore } from "../db/store.js";
import { migrateToLatest } from "../db/migrate.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** A SQLite file with every migration applied and nothing seeded (helper.ts copies it). */
    migratedSqliteFile: string;
  }
}

/**
 * Runs once per `vitest run`, before any test file: migrates one SQLite store from the
 * current migrations and hands its file to the workers. buildTestApp copies it instead of
 * running all 24 migrations again for every app, which cost about 200 ms of CPU each
 * (docs/performance.md, "CI"). buildServer still runs migrateToLatest (it finds nothing
 * to do) and seeds the copy, as it does any store. Tests of the migrations themselves open
 * their own stores and do not use it.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lampstand-migrated-"));
  const store = await openStore({ dataDir: dir });
  try {
    await migrateToLatest(store.db, store.kind);
  } finally {
    // Closing the last connection checkpoints the WAL into the file and removes it.
    await store.close();
  }
  project.provide("migratedSqliteFile", path.join(dir, "lampstand.db"));
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
