import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { ensureIndexBuilt } from "./index-build.js";
import { sermonResource } from "../routes/sermons/index.js";
import type { SearchSpec } from "./search.js";

/**
 * Two processes on one PostgreSQL database, both starting on an outdated index: the
 * advisory lock lets one build it; the other searches by substring meanwhile, waits, and
 * uses the index the first built instead of clearing it and building its own. SQLite
 * needs no such test: its data-directory lock lets one process open the store.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const reason =
  "needs TEST_DATABASE_URL (PostgreSQL): on SQLite one process opens the store";

const here = import.meta.dirname;
const modules = {
  store: path.resolve(here, "store.ts"),
  build: path.resolve(here, "index-build.ts"),
  sermons: path.resolve(here, "../routes/sermons/index.ts"),
};

/** Another process: opens the store, prints "opened", ensures the sermons' index. */
function startOtherProcess(schema: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lampstand-build-"));
  const script = `
    import { openStore } from ${JSON.stringify(modules.store)};
    import { ensureIndexBuilt } from ${JSON.stringify(modules.build)};
    import { sermonResource } from ${JSON.stringify(modules.sermons)};
    const store = await openStore({
      dataDir: ${JSON.stringify(dataDir)},
      databaseUrl: ${JSON.stringify(databaseUrl)},
      databaseSchema: ${JSON.stringify(schema)},
    });
    console.log("opened");
    let built = false;
    const rows = await ensureIndexBuilt(store.db, store.kind, sermonResource.search, {
      workers: 0,
      onBuilt: () => (built = true),
    });
    console.log(JSON.stringify({ rows: rows ?? null, built }));
    await store.close();
  `;
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  let errors = "";
  child.stdout.on("data", (chunk: Buffer) => (output += String(chunk)));
  child.stderr.on("data", (chunk: Buffer) => (errors += String(chunk)));
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => resolve(code)),
  );
  return {
    child,
    exited,
    lines: () => output.split("\n").filter(Boolean),
    errors: () => errors,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!databaseUrl)(`one build across processes (${reason})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  test(
    "a second process waits for the first one's build, then uses it",
    { timeout: 60_000 },
    async () => {
      const db = t.app.store.db;
      const now = new Date().toISOString();
      await db
        .insertInto("sermons")
        .values(
          Array.from({ length: 60 }, (_, i) => ({
            title: `进程 ${i + 1} 祷告`,
            titlePinyin: `jin cheng ${i + 1}`,
            preachedOn: "2026-01-01",
            body: "<p>我们要常常喜乐，不住地祷告，凡事谢恩。</p>",
            status: "published",
            createdAt: now,
            updatedAt: now,
          })),
        )
        .execute();
      await sql`delete from search_state where tbl = 'sermons'`.execute(db);

      // This process builds, held before its first batch is written.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let holding = false;
      const build = ensureIndexBuilt(
        db,
        t.app.store.kind,
        sermonResource.search as SearchSpec,
        {
          workers: 0,
          batchSize: 20,
          beforeBatch: async () => {
            holding = true;
            await held;
          },
        },
      );
      while (!holding) await sleep(5);

      const other = startOtherProcess(t.config.databaseSchema!);
      try {
        for (let waited = 0; !other.lines().includes("opened"); waited += 50) {
          expect(waited, other.errors()).toBeLessThan(30_000);
          expect(other.child.exitCode, other.errors()).toBeNull();
          await sleep(50);
        }
        // It found the lock taken: it neither built its own index nor returned.
        await sleep(1500);
        expect(other.child.exitCode, other.errors()).toBeNull();

        release();
        expect(await build).toBe(60);
        expect(await other.exited, other.errors()).toBe(0);
        // It waited, found the index current, and built nothing.
        expect(JSON.parse(other.lines().at(-1)!)).toEqual({
          rows: null,
          built: false,
        });
        const docs = await sql<{
          n: number;
        }>`select count(*) as n from search_docs where tbl = 'sermons'`.execute(
          db,
        );
        expect(Number(docs.rows[0]!.n)).toBe(60);
      } finally {
        release();
        other.child.kill("SIGKILL");
      }
    },
  );
});
