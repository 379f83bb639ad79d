import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { stringify } from "csv-stringify/sync";
import { z } from "zod";
import {
  MAX_BEHAVIOR_BYTES,
  behaviorBatchSchema,
  behaviorStatsQuerySchema,
  behaviorStatsSchema,
} from "../../../common/schemas/behavior.js";
import type { Language } from "../../../common/codes.js";
import { Code } from "../../../common/codes.js";
import { ok } from "../../http/envelope.js";
import { ApiError } from "../../http/errors.js";
import { envelope } from "../../resources/resource-definition.js";
import { statsDay } from "../../behavior/rollup.js";
import {
  deviceClass,
  optedOut,
  referrerDomain,
  truncateIp,
} from "../../behavior/privacy.js";
import { behaviorStats } from "./stats.js";
import type { BehaviorRow } from "../../behavior/writer.js";
import { batchValidatorCompiler } from "./batch-check.js";
import { csvSafe } from "../../resources/csv-safe.js";

/** A full write queue is written within a second or so: the client may retry after. */
const QUEUE_FULL_RETRY_S = 1;
/** A browser clock this far off is not believed: the event is dated on arrival. */
const CLOCK_SKEW_MS = 24 * 3600 * 1000;

const CSV_HEADERS: Record<Language, string[]> = {
  "zh-CN": [
    "类别",
    "日期或名称",
    "浏览量",
    "访客数",
    "会话数",
    "平均停留（毫秒）",
  ],
  "en-US": [
    "Section",
    "Day or key",
    "Page views",
    "Visitors",
    "Sessions",
    "Average stay (ms)",
  ],
};
const CSV_SECTIONS: Record<Language, Record<string, string>> = {
  "zh-CN": {
    series: "每日",
    topPaths: "热门页面",
    devices: "设备",
    referrers: "来源",
    events: "事件",
  },
  "en-US": {
    series: "Daily",
    topPaths: "Top pages",
    devices: "Devices",
    referrers: "Referrers",
    events: "Events",
  },
};

/** The path without its query or fragment (the schema keeps it to 512 characters). */
function withoutQuery(path: string): string {
  let end = path.indexOf("?");
  const hash = path.indexOf("#");
  if (hash >= 0 && (end < 0 || hash < end)) end = hash;
  return end < 0 ? path : path.slice(0, end);
}

/**
 * The last answer of `compute`, kept for the next call with the same input: a tracker's
 * batches come in runs from one address and one browser, and the regular expressions
 * of the device class and the address were a measurable share of the endpoint.
 */
function lastOf<T>(compute: (input: string | undefined) => T) {
  let lastInput: string | undefined;
  let lastOutput = compute(undefined);
  return (input: string | undefined): T => {
    if (input !== lastInput) {
      lastOutput = compute(input);
      lastInput = input;
    }
    return lastOutput;
  };
}

/**
 * `POST /tjc/public/behavior` (the trackers' batches: public, rate-limited per address,
 * 50 events and 16 KB at most, nothing stored for Do-Not-Track or GPC) and the statistics
 * `GET /tjc/system/behavior-stats` with its CSV export.
 */
export const behaviorRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const deviceClassOf = lastOf(deviceClass);
  const ipPrefixOf = lastOf(truncateIp);

  app.post(
    "/public/behavior",
    {
      config: {
        permission: "public",
        rateLimit: {
          max: app.config.behaviorRatePerMinute,
          timeWindow: "1 minute",
        },
      },
      bodyLimit: MAX_BEHAVIOR_BYTES,
      // Fastify types a route's compiler by the whole route schema; it gets each part's.
      validatorCompiler: batchValidatorCompiler as never,
      schema: {
        tags: ["behavior"],
        summary:
          "Record a batch of page views, events and stays (no personal data; DNT and GPC honoured)",
        body: behaviorBatchSchema,
        response: { 200: envelope(z.object({ stored: z.number() })) },
      },
    },
    async (request) => {
      if (optedOut(request.headers)) return ok({ stored: 0 });
      const now = Date.now();
      const device = deviceClassOf(request.headers["user-agent"]);
      const ipPrefix = ipPrefixOf(request.ip);
      const host = request.headers.host;
      const { events } = request.body;
      const rows = new Array<BehaviorRow>(events.length);
      for (let i = 0; i < events.length; i++) {
        const event = events[i]!;
        const at = Math.abs(event.at - now) > CLOCK_SKEW_MS ? now : event.at;
        rows[i] = {
          day: statsDay(at),
          at,
          type: event.type,
          app: event.app,
          visitorId: event.visitorId,
          sessionId: event.sessionId,
          path: withoutQuery(event.path),
          name: event.type === "event" ? (event.name ?? null) : null,
          durationMs:
            event.type === "leave" ? (event.durationMs ?? null) : null,
          referrerDomain:
            event.type === "pageview"
              ? referrerDomain(event.referrer, host)
              : null,
          device,
          ipPrefix,
        };
      }
      if (!app.behavior.add(rows)) {
        // The write queue is full (the store is not keeping up): nothing of the batch
        // is kept, and the answer says so rather than claim it stored.
        throw new ApiError(Code.TOO_MANY_REQUESTS, {
          headers: { "Retry-After": String(QUEUE_FULL_RETRY_S) },
          data: { retryAfter: QUEUE_FULL_RETRY_S },
        });
      }
      return ok({ stored: events.length });
    },
  );

  app.get(
    "/system/behavior-stats",
    {
      config: { permission: "behaviorStat:read" },
      schema: {
        tags: ["behavior"],
        summary:
          "Daily page views, visitors, sessions and stays, and the top pages, devices, referrers and events of a range of days",
        querystring: behaviorStatsQuerySchema,
        response: { 200: envelope(behaviorStatsSchema) },
      },
    },
    async (request) =>
      ok(await behaviorStats(app.store, request.query.from, request.query.to)),
  );

  app.get(
    "/system/behavior-stats/export",
    {
      config: { permission: "behaviorStat:export" },
      schema: {
        tags: ["behavior"],
        summary:
          "The same numbers as CSV, with headers in the caller's language",
        querystring: behaviorStatsQuerySchema,
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const stats = await behaviorStats(app.store, from, to);
      const language = request.language;
      const section = CSV_SECTIONS[language];
      const records: (string | number | null)[][] = [CSV_HEADERS[language]];
      for (const day of stats.series) {
        records.push([
          section.series!,
          day.day,
          day.pv,
          day.uv,
          day.sessions,
          day.avgDurationMs,
        ]);
      }
      for (const key of [
        "topPaths",
        "devices",
        "referrers",
        "events",
      ] as const) {
        for (const row of stats[key]) {
          records.push([
            section[key]!,
            csvSafe(row.key),
            row.pv,
            row.uv,
            null,
            row.avgDurationMs,
          ]);
        }
      }
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="behavior-${from}-${to}.csv"`,
        );
      return `\uFEFF${stringify(records)}`;
    },
  );
};

export default behaviorRoutes;
