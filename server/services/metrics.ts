import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
} from "prom-client";
import type { KyselyPlugin } from "kysely";
import type { Store } from "../db/store.js";

/**
 * The Prometheus metrics (prom-client), in a registry of their own per server so tests
 * can build several. Served only on the ops port (ops-server.ts), never on the API's.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: "lampstand_http_requests_total",
    help: "HTTP requests answered, by method, route template and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: "lampstand_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route template",
    labelNames: ["method", "route"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  readonly storeDuration = new Histogram({
    name: "lampstand_store_query_duration_seconds",
    help: "Time the store took, by operation (query: one Kysely query; read: a batch of reads)",
    labelNames: ["operation"] as const,
    buckets: [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1, 0.5, 2],
    registers: [this.registry],
  });

  readonly logLinesDropped = new Counter({
    name: "lampstand_log_lines_dropped_total",
    help: "Log lines dropped because whatever reads the server's output fell 16 MiB behind (logging.ts)",
    registers: [this.registry],
  });

  readonly jobRuns = new Counter({
    name: "lampstand_job_runs_total",
    help: "Scheduled job runs, by job",
    labelNames: ["job"] as const,
    registers: [this.registry],
  });

  readonly jobFailures = new Counter({
    name: "lampstand_job_failures_total",
    help: "Scheduled job runs that failed, by job",
    labelNames: ["job"] as const,
    registers: [this.registry],
  });

  readonly uploadBytes = new Counter({
    name: "lampstand_upload_bytes_total",
    help: "Bytes of uploaded files kept",
    labelNames: ["kind"] as const,
    registers: [this.registry],
  });

  constructor() {
    // Process metrics, event-loop lag among them (nodejs_eventloop_lag_seconds).
    collectDefaultMetrics({ register: this.registry, prefix: "lampstand_" });
  }

  /** Counts the live sessions at each scrape (one indexed count query). */
  watchSessions(countLive: () => Promise<number>): void {
    new Gauge({
      name: "lampstand_sessions_active",
      help: "Sessions neither revoked nor expired",
      registers: [this.registry],
      async collect() {
        this.set(await countLive());
      },
    });
  }

  /** Runs a job, counting its runs and failures. */
  async runJob<T>(job: string, work: () => Promise<T>): Promise<T> {
    this.jobRuns.inc({ job });
    try {
      return await work();
    } catch (error) {
      this.jobFailures.inc({ job });
      throw error;
    }
  }
}

/** Times every query that goes through Kysely. */
function timingPlugin(metrics: Metrics): KyselyPlugin {
  // Keyed by Kysely's query id object: a query compiled but run elsewhere (store.read)
  // or one that failed never reaches transformResult, and its entry goes with it.
  const started = new WeakMap<object, number>();
  return {
    transformQuery({ node, queryId }) {
      started.set(queryId, performance.now());
      return node;
    },
    async transformResult({ result, queryId }) {
      const at = started.get(queryId);
      if (at !== undefined) {
        started.delete(queryId);
        metrics.storeDuration.observe(
          { operation: "query" },
          (performance.now() - at) / 1000,
        );
      }
      return result;
    },
  };
}

/** The store with its queries timed; close and transactions are the store's own. */
export function instrumentStore(store: Store, metrics: Metrics): Store {
  const read: Store["read"] = async (steps) => {
    const end = metrics.storeDuration.startTimer({ operation: "read" });
    try {
      return await store.read(steps);
    } finally {
      end();
    }
  };
  return {
    ...store,
    db: store.db.withPlugin(timingPlugin(metrics)),
    read,
  };
}
