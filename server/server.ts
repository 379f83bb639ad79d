import { randomUUID } from "node:crypto";
import { installRequestDeadlines } from "./http/request-deadline.js";
import fp from "fastify-plugin";
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
} from "fastify";
import type { Config } from "./config.js";
import { openStore, type Store } from "./db/store.js";
import { migrateToLatest } from "./db/migrate.js";
import { warnOfLoginNameClashes } from "./services/login-names.js";
import { seedDatabase } from "./services/seed.js";
import { app, type DevOptions } from "./app.js";
import { limitConnectionsPerAddress } from "./http/connection-limit.js";
import { answerClientError, answerFrameworkError } from "./http/edge-errors.js";
import { loggerOptions, RequestLogController } from "./logging.js";
import { Lifecycle } from "./services/lifecycle.js";
import { instrumentStore, Metrics } from "./services/metrics.js";

/** Node checks the request and header deadlines on this beat (30 s by default). */
function checkingInterval(timeouts: Config["timeouts"]): number {
  const deadlines = [timeouts.headersMs, timeouts.requestMs].filter(
    (ms) => ms > 0,
  );
  if (deadlines.length === 0) return 30_000;
  return Math.max(
    100,
    Math.min(30_000, Math.floor(Math.min(...deadlines) / 4)),
  );
}
export interface BuildOptions {
  config: Config;
  /** An already opened store (tests); otherwise one is opened from the config. */
  store?: Store;
  logger?: FastifyServerOptions["logger"];
  /** Dev mode: Vite middlewares and HTML (server/dev.ts). */
  dev?: DevOptions;
  /** Where a generated admin password is shown; the console by default. */
  announce?: (text: string) => void;
  /** Shared with the ops port when main.ts opens it before migrating; else made here. */
  lifecycle?: Lifecycle;
  metrics?: Metrics;
}

/** Opens the store, migrates and seeds it, and builds the Fastify instance around app.ts. */
export async function buildServer(
  options: BuildOptions,
): Promise<FastifyInstance> {
  const { config } = options;
  const lifecycle = options.lifecycle ?? new Lifecycle();
  const metrics = options.metrics ?? new Metrics();
  const store =
    options.store ??
    (await openStore({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      databaseSchema: config.databaseSchema,
    }));
  lifecycle.phase = "migrating";
  try {
    await migrateToLatest(store.db, store.kind, store.schema);
    await seedDatabase(store, {
      adminLogin: config.adminLogin,
      adminPassword: config.adminPassword,
      adminTotpSecret: config.adminTotpSecret,
      announce: options.announce ?? ((text) => process.stdout.write(text)),
    });
  } catch (error) {
    await store.close();
    throw error;
  }
  const fastify = Fastify({
    logger:
      options.logger ??
      (await loggerOptions(config.logLevel, process.stdout, {
        onDrop: (lines) => metrics.logLinesDropped.inc(lines),
      })),
    // One line per answered request, at a level by what it was (server/logging.ts).
    logController: new RequestLogController(),
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      return typeof incoming === "string" && /^[\w.-]{1,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: config.bodyLimit,
    // Fastify accepts a hop count too, though its types do not say so.
    trustProxy: config.trustProxy as FastifyServerOptions["trustProxy"],
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: true,
    // Answered before any hook runs: still envelopes with the API's headers.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // A client that sends part of a request and goes quiet is cut off (docs/operations.md).
    // REQUEST_TIMEOUT_MS is kept per request (http/request-deadline.ts), so uploads get
    // time by their size; Node's own timeout would cut a 1 GB video off at 120 s.
    requestTimeout: 0,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    connectionTimeout: config.timeouts.idleMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      // Node checks the request and header deadlines on this beat (30 s by default).
      connectionsCheckingInterval: checkingInterval(config.timeouts),
    },
  });
  // Names that differ only in case from before they were refused: named at every start.
  await warnOfLoginNameClashes(store.db, fastify.log);
  limitConnectionsPerAddress(fastify.server, config.maxConnectionsPerIp);
  installRequestDeadlines(fastify, config.timeouts.requestMs);
  fastify.addHook("onRequest", (request, reply, done) => {
    reply.header("X-Request-Id", request.id);
    done();
  });
  fastify.decorate("metrics", metrics);
  fastify.decorate("lifecycle", lifecycle);
  // fastify-plugin lifts app.ts's decorations (store, config, sessions) to the root.
  await fastify.register(fp(app, { name: "lampstand" }), {
    config,
    store: instrumentStore(store, metrics),
    dev: options.dev,
  });
  return fastify;
}
