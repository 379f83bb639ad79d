import fs from "node:fs";
import { LOG_REDACT, LOG_SERIALIZERS } from "../logging.js";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import type {
  FastifyInstance,
  FastifyServerOptions,
  InjectOptions,
  LightMyRequestResponse,
} from "fastify";
import { loadConfig, type Config } from "../config.js";
import { buildServer } from "../server.js";
import { nowIso } from "../db/dialect.js";
import { hashPassword } from "../services/password.js";
import {
  newTotpSecret,
  totpCode,
  twoFactorRequired,
} from "../services/two-factor.js";
import type { Lifecycle } from "../services/lifecycle.js";
import type { Metrics } from "../services/metrics.js";
import { indexBuildsSettled } from "../db/index-ready.js";

export const ADMIN_LOGIN = "admin";
export const ADMIN_PASSWORD = "admin-test-password";

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Logs in as a fresh user holding `role` ("none": a user with no role) and returns a token. */
  loginAs(
    role: "admin" | "editor" | "moderator" | "member" | "none",
  ): Promise<string>;
  /** app.inject with the bearer token and language set. */
  request(
    options: InjectOptions & { token?: string; language?: string },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A web dir shaped like the build output, so serving can be tested without building. */
function makeWebDir(root: string): string {
  const webDir = path.join(root, "web");
  fs.mkdirSync(path.join(webDir, "public-site"), { recursive: true });
  fs.mkdirSync(path.join(webDir, "assets"), { recursive: true });
  fs.writeFileSync(
    path.join(webDir, "index.html"),
    "<!doctype html><title>admin</title><div id=admin></div>",
  );
  fs.writeFileSync(
    path.join(webDir, "public-site", "index.html"),
    '<!doctype html><html lang="zh-CN"><head><title>public</title><!--page-head--></head><body><div id="root"><!--page-body--></div></body></html>',
  );
  fs.writeFileSync(
    path.join(webDir, "assets", "app-3f9a1c.js"),
    "console.log('app')",
  );
  fs.writeFileSync(
    path.join(webDir, "favicon.svg"),
    "<svg xmlns='http://www.w3.org/2000/svg'/>",
  );
  return webDir;
}

/**
 * Puts a copy of the run's migrated SQLite file (test/global-setup.ts) where the store
 * opens, so buildServer finds every migration applied. Nothing outside Vitest or when the
 * directory already holds a store.
 */
function startFromMigratedSqlite(dataDir: string): void {
  // The bench builds apps with this helper outside Vitest, where there is nothing to inject.
  const migrated = process.env.VITEST
    ? inject("migratedSqliteFile")
    : undefined;
  const target = path.join(dataDir, "lampstand.db");
  if (!migrated || fs.existsSync(target)) return;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.copyFileSync(migrated, target);
}

/**
 * Builds the whole app on a fresh store: a temporary SQLite directory, or a fresh
 * PostgreSQL schema when TEST_DATABASE_URL is set. Close it in afterAll/afterEach.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    logger?: FastifyServerOptions["logger"];
    logStream?: { write(line: string): void };
    lifecycle?: Lifecycle;
    metrics?: Metrics;
    /** SQLite even when TEST_DATABASE_URL is set (tests that move data between stores). */
    sqlite?: boolean;
  } = {},
): Promise<TestApp> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "lampstand-test-"));
  const databaseUrl = options.sqlite
    ? undefined
    : process.env.TEST_DATABASE_URL || undefined;
  const dataDir = path.join(root, "data");
  if (!databaseUrl) startFromMigratedSqlite(env.DATA_DIR ?? dataDir);
  const schema = databaseUrl
    ? `t_${randomBytes(6).toString("hex")}`
    : undefined;
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      ADMIN_LOGIN,
      ADMIN_PASSWORD,
      LOG_LEVEL: "silent",
      // Route tests drive the scheduler themselves (a fake clock, tick()).
      JOB_SCHEDULER: "off",
      JOB_TEST_HANDLERS: "true",
      ...env,
    }),
    databaseUrl,
    databaseSchema: schema,
    // WEB_DIR set: serve that (a missing one means an unbuilt install).
    webDir: env.WEB_DIR ? path.resolve(env.WEB_DIR) : makeWebDir(root),
  };
  const app = await buildServer({
    config,
    // A test that reads the log passes a stream; the others log nothing.
    logger:
      options.logger ??
      (options.logStream
        ? {
            level: "info",
            stream: options.logStream,
            redact: LOG_REDACT,
            serializers: LOG_SERIALIZERS,
          }
        : false),
    announce: () => {},
    lifecycle: options.lifecycle,
    metrics: options.metrics,
  });
  await app.ready();
  // Word indexes build in the background after start; tests begin once they are built.
  await indexBuildsSettled(app.store.db);

  let userCounter = 0;
  const request: TestApp["request"] = ({
    token,
    language,
    headers,
    ...options
  }) =>
    app.inject({
      ...options,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(language ? { "accept-language": language } : {}),
        ...headers,
      },
    });

  return {
    app,
    config,
    request,
    async loginAs(role) {
      userCounter += 1;
      const loginName = `${role}-${userCounter}-${randomBytes(3).toString("hex")}`;
      const password = "test-password";
      const now = nowIso();
      const user = await app.store.db
        .insertInto("users")
        .values({
          loginName,
          userName: loginName,
          passwordHash: await hashPassword(password),
          status: "active",
          createdAt: now,
          updatedAt: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (role !== "none") {
        const roleRow = await app.store.db
          .selectFrom("roles")
          .select("id")
          .where("code", "=", role)
          .executeTakeFirstOrThrow();
        await app.store.db
          .insertInto("userRoles")
          .values({ userId: user.id, roleId: roleRow.id })
          .execute();
      }
      // A role that requires two-factor login (admin): the user is enrolled with a fresh
      // secret of their own and logs in with its current code, through the real login.
      let otp: string | undefined;
      if (await twoFactorRequired(app.store.db, user.id)) {
        const secret = newTotpSecret();
        await app.store.db
          .updateTable("users")
          .set({ totpSecret: secret, totpEnabledAt: now })
          .where("id", "=", user.id)
          .execute();
        otp = totpCode(secret);
      }
      const response = await request({
        method: "POST",
        url: "/tjc/auth/login",
        payload: { loginName, password, otp },
        // Distinct addresses, so the per-IP login throttle never trips across tests.
        remoteAddress: `10.0.${userCounter % 250}.${(userCounter * 7) % 250}`,
      });
      const body = response.json();
      if (body.code !== 0)
        throw new Error(`login as ${role} failed: ${response.body}`);
      return body.data.token as string;
    },
    async close() {
      await app.close();
      if (databaseUrl && schema) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        } finally {
          await client.end();
        }
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * A request as `token` that must succeed (code 0; the body is shown when not): answers
 * its `data`.
 */
export async function okData(
  t: TestApp,
  token: string,
  method: string,
  url: string,
  payload?: object,
  // The data's shape is the caller's to know.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<any> {
  const response = await t.request({
    method: method as "GET",
    url,
    token,
    payload,
  });
  const body = response.json();
  if (body.code !== 0)
    throw new Error(`${method} ${url} answered ${response.body}`);
  return body.data;
}
