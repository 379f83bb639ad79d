import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_SAMPLES } from "../services/image-samples.js";
import { buildServer } from "../server.js";
import { loadConfig } from "../config.js";
import {
  ADMIN_LOGIN,
  ADMIN_PASSWORD,
  buildTestApp,
  type TestApp,
} from "../test/helper.js";
import { newTotpSecret, totpCode } from "../services/two-factor.js";
import { backup, type Manifest } from "./backup.js";
import { restore } from "./restore.js";
import { indexBuildsSettled, isIndexReady } from "../db/index-ready.js";
import type { StoreAddress } from "./snapshot.js";

/**
 * Backup and restore between stores. The SQLite legs run in every pass; the PostgreSQL
 * legs (SQLite → PostgreSQL → backup → compare, and back to SQLite) in the pass with
 * TEST_DATABASE_URL set, so CI runs the round trip between stores.
 */
const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "lampstand-backup-"));
const schemas: string[] = [];
let source: TestApp;
let sourceBackup: string;

function sqliteTarget(name: string): StoreAddress {
  return { dataDir: path.join(root, name) };
}

function postgresTarget(name: string): StoreAddress {
  const schema = `b_${randomBytes(5).toString("hex")}`;
  schemas.push(schema);
  return {
    dataDir: path.join(root, name),
    databaseUrl,
    databaseSchema: schema,
  };
}

/** Two backups hold the same rows and files, line for line. */
function expectSameBackup(a: string, b: string) {
  const read = (dir: string) =>
    JSON.parse(
      fs.readFileSync(path.join(dir, "manifest.json"), "utf8"),
    ) as Manifest;
  const [left, right] = [read(a), read(b)];
  expect(right.tables).toEqual(left.tables);
  expect(right.files).toEqual(left.files);
  expect(right.migrations).toEqual(left.migrations);
  for (const table of left.tables) {
    const lines = (dir: string) =>
      fs
        .readFileSync(path.join(dir, "tables", `${table.name}.ndjson`), "utf8")
        .split("\n");
    expect(lines(b), table.name).toEqual(lines(a));
  }
}

/** A server on a restored store: its data answers, and new rows get fresh ids. */
async function expectServes(address: StoreAddress, tagCount: number) {
  const server = await buildServer({
    config: {
      ...loadConfig({ DATA_DIR: address.dataDir, LOG_LEVEL: "silent" }),
      databaseUrl: address.databaseUrl,
      databaseSchema: address.databaseSchema,
    },
    logger: false,
    announce: () => {},
  });
  try {
    // The admin role requires two-factor login: the restored administrator is enrolled
    // here with a secret of this test's, then logs in with its code.
    const secret = newTotpSecret();
    await server.store.db
      .updateTable("users")
      .set({ totpSecret: secret, totpEnabledAt: new Date().toISOString() })
      .where("loginName", "=", ADMIN_LOGIN)
      .execute();
    const login = await server.inject({
      method: "POST",
      url: "/tjc/auth/login",
      payload: {
        loginName: ADMIN_LOGIN,
        password: ADMIN_PASSWORD,
        otp: totpCode(secret),
      },
    });
    const token = login.json().data.token as string;
    const headers = { authorization: `Bearer ${token}` };
    const list = await server.inject({
      method: "GET",
      url: "/tjc/tags?range=[0,99]",
      headers,
    });
    expect(list.json().data.total).toBe(tagCount);
    // The word index is not in the backup: the start rebuilt it from the rows, and a
    // keyword finds what it found in the source store.
    await indexBuildsSettled(server.store.db);
    expect(isIndexReady(server.store.db, "tags")).toBe(true);
    const found = await server.inject({
      method: "GET",
      url: `/tjc/tags?filter=${encodeURIComponent(JSON.stringify({ q: "prayer" }))}`,
      headers,
    });
    expect(
      found.json().data.list.map((tag: { name: string }) => tag.name),
    ).toEqual(["祷告"]);
    const created = await server.inject({
      method: "POST",
      url: "/tjc/tags",
      headers,
      payload: { name: `after restore ${randomBytes(3).toString("hex")}` },
    });
    expect(created.json().code).toBe(0);
  } finally {
    await server.close();
  }
}

let tagCount = 0;

beforeAll(async () => {
  // A store holding every resource: users with roles, sessions, a failed login, tags
  // (odd text and nulls too) and an upload.
  source = await buildTestApp({}, { sqlite: true });
  const editor = await source.loginAs("editor");
  await source.loginAs("member");
  await source.request({
    method: "POST",
    url: "/tjc/auth/login",
    payload: { loginName: ADMIN_LOGIN, password: "wrong password" },
  });
  for (const payload of [
    { name: "祷告", nameEn: "Prayer", sortOrder: 3 },
    { name: 'say "amen" \\ 🙏', nameEn: null },
    { name: "שָׁלוֹם", sortOrder: 1_000_000 },
    { name: "Zebra" },
    { name: "apple" },
  ]) {
    const response = await source.request({
      method: "POST",
      url: "/tjc/tags",
      token: editor,
      payload,
    });
    expect(response.json().code).toBe(0);
    tagCount += 1;
  }
  const boundary = "----backup";
  const upload = await source.request({
    method: "POST",
    url: "/tjc/files/images",
    token: editor,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.from(IMAGE_SAMPLES.png),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(upload.json().code).toBe(0);
  // A half-written upload (a dot-file, wherever it lies) is not backed up.
  fs.writeFileSync(
    path.join(source.config.dataDir, "files", "library", ".upload-left"),
    "x",
  );

  // Backed up while the server holds the store open, as in production.
  sourceBackup = path.join(root, "from-sqlite");
  await backup(source.config, sourceBackup);
});

afterAll(async () => {
  await source.close();
  if (databaseUrl && schemas.length > 0) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (const schema of schemas)
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await client.end();
    }
  }
  fs.rmSync(root, { recursive: true, force: true });
});

describe("backup", () => {
  it("writes every table with row counts and checksums, and the uploads", () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(sourceBackup, "manifest.json"), "utf8"),
    ) as Manifest;
    expect(manifest.source).toBe("sqlite");
    const rowsOf = Object.fromEntries(
      manifest.tables.map((table) => [table.name, table.rows]),
    );
    expect(rowsOf.tags).toBe(tagCount);
    expect(rowsOf.users).toBe(3);
    expect(rowsOf.sessions).toBeGreaterThanOrEqual(2);
    expect(rowsOf.login_failures).toBeGreaterThanOrEqual(1);
    expect(rowsOf.user_roles).toBeGreaterThanOrEqual(3);
    expect(rowsOf.role_permissions).toBeGreaterThan(0);
    // Parents load before the tables that reference them.
    const order = manifest.tables.map((table) => table.name);
    expect(order.indexOf("users")).toBeLessThan(order.indexOf("user_roles"));
    expect(order.indexOf("roles")).toBeLessThan(order.indexOf("user_roles"));
    // No FTS shadow tables, no migration bookkeeping.
    expect(order.some((name) => name.includes("fts"))).toBe(false);
    expect(order).not.toContain("kysely_migration");
    expect(manifest.files.map((file) => file.path)).toEqual([
      expect.stringMatching(/^library\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/),
    ]);
  });

  it("refuses a directory that is not empty", async () => {
    await expect(backup(source.config, sourceBackup)).rejects.toThrow(
      /not empty/,
    );
  });
});

describe("restore", () => {
  it("SQLite → SQLite: the backup of the restored store is the same, and it serves", async () => {
    const target = sqliteTarget("sqlite-copy");
    await restore(target, sourceBackup);
    const again = path.join(root, "from-sqlite-copy");
    await backup(target, again);
    expectSameBackup(sourceBackup, again);
    await expectServes(target, tagCount);
  });

  it("refuses a store that holds data unless forced", async () => {
    const target = sqliteTarget("sqlite-copy");
    await expect(restore(target, sourceBackup)).rejects.toThrow(/not empty/);
    await restore(target, sourceBackup, { force: true });
    const again = path.join(root, "from-sqlite-forced");
    await backup(target, again);
    expectSameBackup(sourceBackup, again);
  });

  it("refuses a backup that does not match its manifest, and writes nothing", async () => {
    const broken = path.join(root, "broken");
    fs.cpSync(sourceBackup, broken, { recursive: true });
    fs.appendFileSync(
      path.join(broken, "tables", "tags.ndjson"),
      '{"id":999,"name":"smuggled"}\n',
    );
    const target = sqliteTarget("never-written");
    await expect(restore(target, broken)).rejects.toThrow(/checksum/);
    expect(fs.existsSync(path.join(target.dataDir, "lampstand.db"))).toBe(
      false,
    );
  });

  it.runIf(databaseUrl)(
    "SQLite → PostgreSQL → backup: the same rows, row for row, and back to SQLite",
    async () => {
      const target = postgresTarget("pg-copy");
      await restore(target, sourceBackup);
      const fromPostgres = path.join(root, "from-postgres");
      const manifest = await backup(target, fromPostgres);
      expect(manifest.source).toBe("postgres");
      expectSameBackup(sourceBackup, fromPostgres);
      await expectServes(target, tagCount);

      const back = sqliteTarget("sqlite-from-pg");
      await restore(back, fromPostgres);
      const fromBack = path.join(root, "from-sqlite-again");
      await backup(back, fromBack);
      expectSameBackup(fromPostgres, fromBack);
    },
    60_000,
  );
});
