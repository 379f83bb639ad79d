import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { openSnapshot, type StoreAddress } from "./snapshot.js";

/**
 * A backup directory: manifest.json, tables/<table>.ndjson (one JSON row a line, keys
 * sorted, rows by id) and files/ (the uploads). The same data gives the same bytes from
 * either store, so two backups compare file by file (docs/operations.md).
 */
export const BACKUP_FORMAT = "lampstand-backup";
export const BACKUP_VERSION = 1;

export interface TableEntry {
  name: string;
  rows: number;
  sha256: string;
}

export interface FileEntry {
  /** Relative to the files directory, with forward slashes. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  source: "sqlite" | "postgres";
  migrations: string[];
  /** In load order: parents before the tables that reference them. */
  tables: TableEntry[];
  files: FileEntry[];
}

export const sha256 = (data: Buffer | string) =>
  createHash("sha256").update(data).digest("hex");

/** The uploads under DATA_DIR/files, dot-files (upload temporaries) left out. */
export function listFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(root, path.join(entry.parentPath, entry.name)),
    )
    .filter((relative) =>
      relative.split(path.sep).every((part) => !part.startsWith(".")),
    )
    .sort();
}

function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/**
 * Writes a backup of the store at `address` (and its files) into `dir`, which must be
 * empty or missing. Runs beside a serving server on either store: the tables come from
 * one snapshot; uploads are never rewritten, so copying them afterwards is consistent
 * (a file uploaded meanwhile may come along unreferenced, which is harmless).
 */
export async function backup(
  address: StoreAddress,
  dir: string,
): Promise<Manifest> {
  if (!isEmptyDir(dir)) {
    throw new Error(`${dir} is not empty: back up into a new directory`);
  }
  fs.mkdirSync(path.join(dir, "tables"), { recursive: true });
  const snapshot = await openSnapshot(address);
  const tables: TableEntry[] = [];
  try {
    for (const name of snapshot.tables) {
      const rows = await snapshot.rows(name);
      const text = rows.map((row) => `${JSON.stringify(row)}\n`).join("");
      fs.writeFileSync(path.join(dir, "tables", `${name}.ndjson`), text);
      tables.push({ name, rows: rows.length, sha256: sha256(text) });
    }
  } finally {
    await snapshot.close();
  }

  const filesRoot = path.join(address.dataDir, "files");
  const files: FileEntry[] = [];
  for (const relative of listFiles(filesRoot)) {
    const target = path.join(dir, "files", relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(filesRoot, relative), target);
    const bytes = fs.readFileSync(target);
    files.push({
      path: relative.split(path.sep).join("/"),
      bytes: bytes.length,
      sha256: sha256(bytes),
    });
  }

  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    source: snapshot.kind,
    migrations: snapshot.migrations,
    tables,
    files,
  };
  // Written last: a directory without a manifest is an unfinished backup.
  fs.writeFileSync(
    path.join(dir, "manifest.json"),
    `${JSON.stringify(manifest, null, 2)}\n`,
  );
  return manifest;
}
