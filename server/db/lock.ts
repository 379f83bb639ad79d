import path from "node:path";
import SQLite from "better-sqlite3";

export interface DataDirLock {
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `Another Lampstand process is already using the data directory ${dataDir}. ` +
        `Stop it first, or point DATA_DIR at another directory.`,
    );
    this.name = "DataDirLockedError";
  }
}

/**
 * Holds an exclusive lock on DATA_DIR for the life of the process.
 *
 * The lock is SQLite's own file lock on a small side file in EXCLUSIVE locking mode: the
 * operating system releases it when the process dies, so a crash never leaves a stale
 * lock behind, and a second process gets SQLITE_BUSY at once instead of sharing the store.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockDb = new SQLite(path.join(dataDir, "lampstand.lock"), {
    timeout: 0,
  });
  try {
    lockDb.pragma("busy_timeout = 0");
    lockDb.pragma("locking_mode = EXCLUSIVE");
    lockDb.exec("BEGIN EXCLUSIVE");
    lockDb.exec("CREATE TABLE IF NOT EXISTS holder (pid INTEGER)");
    lockDb.prepare("DELETE FROM holder").run();
    lockDb.prepare("INSERT INTO holder (pid) VALUES (?)").run(process.pid);
    lockDb.exec("COMMIT");
  } catch (error) {
    lockDb.close();
    if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY")) {
      throw new DataDirLockedError(dataDir);
    }
    throw error;
  }
  return {
    release: () => lockDb.close(),
  };
}
