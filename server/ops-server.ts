import http from "node:http";
import type { AddressInfo } from "node:net";
import { timingSafeEqual } from "node:crypto";
import type { Lifecycle } from "./services/lifecycle.js";
import type { Metrics } from "./services/metrics.js";

export interface OpsServer {
  port: number;
  close(): Promise<void>;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The operator's port, apart from the API's so it is never public: GET /metrics
 * (Prometheus text), /ready (200 only when serving; 503 while migrating, starting or
 * stopping) and /live. It opens before the store is migrated, so a long migration shows
 * as "migrating". Bound to the loopback address unless METRICS_HOST says otherwise;
 * METRICS_TOKEN, when set, is required as a bearer token.
 */
export async function startOpsServer(options: {
  port: number;
  host: string;
  token?: string;
  metrics: Metrics;
  lifecycle: Lifecycle;
}): Promise<OpsServer> {
  const { metrics, lifecycle, token } = options;
  const server = http.createServer((request, response) => {
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, {
        "Content-Type": type,
        "Cache-Control": "no-store",
      });
      response.end(body);
    };
    if (request.method !== "GET" && request.method !== "HEAD") {
      send(405, "text/plain; charset=utf-8", "method not allowed\n");
      return;
    }
    if (token) {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? "");
      if (!given || !sameSecret(given[1]!, token)) {
        send(401, "text/plain; charset=utf-8", "unauthorized\n");
        return;
      }
    }
    const path = (request.url ?? "/").split("?")[0];
    if (path === "/metrics") {
      metrics.registry.metrics().then(
        (text) => send(200, metrics.registry.contentType, text),
        (error: unknown) =>
          send(500, "text/plain; charset=utf-8", `${String(error)}\n`),
      );
    } else if (path === "/ready") {
      send(
        lifecycle.ready ? 200 : 503,
        "application/json; charset=utf-8",
        JSON.stringify({ status: lifecycle.phase }),
      );
    } else if (path === "/live") {
      send(200, "application/json; charset=utf-8", '{"status":"ok"}');
    } else {
      send(404, "text/plain; charset=utf-8", "not found\n");
    }
  });
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
