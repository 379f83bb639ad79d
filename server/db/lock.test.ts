import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./lock.js";

const lockModule = path.resolve(import.meta.dirname, "lock.ts");

function tryLockInAnotherProcess(dataDir: string) {
  const script = `
    import { acquireDataDirLock } from ${JSON.stringify(lockModule)};
    try { acquireDataDirLock(${JSON.stringify(dataDir)}); console.log("locked"); }
    catch (error) { console.log(error.name + ": " + error.message); }
  `;
  return spawnSync(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script],
    {
      encoding: "utf8",
    },
  ).stdout.trim();
}

test("a second process on the same data directory is refused with a clear message", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lampstand-lock-"));
  const lock = acquireDataDirLock(dataDir);
  try {
    const output = tryLockInAnotherProcess(dataDir);
    expect(output).toMatch(
      /^DataDirLockedError: Another Lampstand process is already using the data directory/,
    );
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
  } finally {
    lock.release();
  }
  expect(tryLockInAnotherProcess(dataDir)).toBe("locked");
});
