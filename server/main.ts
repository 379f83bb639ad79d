import { loadConfig } from "./config.js";
import { buildServer } from "./server.js";
import { DataDirLockedError } from "./db/lock.js";
import { startOpsServer, type OpsServer } from "./ops-server.js";
import { Lifecycle } from "./services/lifecycle.js";
import { Metrics } from "./services/metrics.js";

const startedAt = performance.now();

async function main(): Promise<void> {
  const config = loadConfig();
  const lifecycle = new Lifecycle();
  const metrics = new Metrics();
  // The ops port opens first, so readiness says "migrating" while the store migrates.
  let ops: OpsServer | undefined;
  if (config.metrics.port !== undefined) {
    ops = await startOpsServer({
      port: config.metrics.port,
      host: config.metrics.host,
      token: config.metrics.token,
      metrics,
      lifecycle,
    });
  }
  let server;
  try {
    server = await buildServer({ config, lifecycle, metrics });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info({ signal }, "shutting down");
    // Stop accepting, let in-flight requests finish, then close the store and its lock.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    lifecycle.phase = "stopping";
    server.close().then(
      async () => {
        await ops?.close();
        process.exit(0);
      },
      (error) => {
        server.log.error({ err: error }, "error while shutting down");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  await server.listen({ port: config.port, host: config.host });
  server.log.info(
    {
      store: server.store.kind,
      readyMs: Math.round(performance.now() - startedAt),
      opsPort: ops?.port,
    },
    "lampstand ready",
  );
}

main().catch((error) => {
  process.stderr.write(
    `Lampstand failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
