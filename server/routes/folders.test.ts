import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import {
  listRouteFolders,
  routeFolders,
  routeMigrationFolders,
} from "./folders.js";

const dir = mkdtempSync(path.join(tmpdir(), "route-folders-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a folder is a route folder when it holds index.ts; one with migration.ts has tables", () => {
  for (const [folder, files] of Object.entries({
    zebras: ["index.ts", "migration.ts"],
    apples: ["index.ts"],
    notes: ["README.md"],
  })) {
    mkdirSync(path.join(dir, folder));
    for (const file of files) writeFileSync(path.join(dir, folder, file), "");
  }
  writeFileSync(path.join(dir, "index.ts"), "");
  expect(listRouteFolders(dir)).toEqual(["apples", "zebras"]);
  expect(listRouteFolders(dir, "migration.ts")).toEqual(["zebras"]);
});

test("every folder of server/routes is served, through its index.ts's default export", async () => {
  const folders = routeFolders();
  expect(folders).toEqual(listRouteFolders(import.meta.dirname));
  expect(folders).toEqual(expect.arrayContaining(["auth", "health", "tags"]));
  for (const folder of folders) {
    const module = (await import(`./${folder}/index.ts`)) as {
      default?: unknown;
    };
    expect(typeof module.default, folder).toBe("function");
  }
  expect(routeMigrationFolders()).toEqual(
    listRouteFolders(import.meta.dirname, "migration.ts"),
  );
});
