import fp from "fastify-plugin";
import { sql } from "kysely";
import { nowIso } from "../db/dialect.js";
import { SESSION_IDLE_TIMEOUT_MS } from "../../common/constants.js";

/**
 * Feeds app.metrics (services/metrics.ts): every answer by route template and status,
 * the live sessions at each scrape, and the scheduled jobs (removing dead sessions
 * hourly). The lifecycle turns "ready" once the app is, "stopping" as it closes.
 */
export const metricsPlugin = fp(
  async (app) => {
    const { metrics, lifecycle } = app;

    app.addHook("onResponse", (request, reply, done) => {
      // The template (/tjc/tags/:id), never the path, so the label set stays small.
      const route = request.routeOptions.url ?? "unmatched";
      const method = request.method;
      metrics.httpRequests.inc({
        method,
        route,
        status: String(reply.statusCode),
      });
      metrics.httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
      done();
    });

    metrics.watchSessions(async () => {
      const now = Date.now();
      const { count } = await app.store.db
        .selectFrom("sessions")
        .select(sql<number>`count(*)`.as("count"))
        .where("revokedAt", "is", null)
        .where("expiresAt", ">", nowIso(now))
        .where("lastSeenAt", ">", nowIso(now - SESSION_IDLE_TIMEOUT_MS))
        .executeTakeFirstOrThrow();
      return Number(count);
    });

    app.addHook("onReady", async () => {
      lifecycle.phase = "ready";
    });
    app.addHook("preClose", async () => {
      lifecycle.phase = "stopping";
    });
  },
  { name: "metrics", dependencies: ["store", "auth"] },
);
