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
import { nowIso } from "../../db/dialect.js";
import { ok } from "../../http/envelope.js";
import { envelope } from "../../resources/resource-definition.js";
import { statsDay } from "../../behavior/rollup.js";
import {
  deviceClass,
  optedOut,
  referrerDomain,
  truncateIp,
} from "../../behavior/privacy.js";
import { behaviorStats } from "./stats.js";
import { csvSafe } from "../../resources/csv-safe.js";

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

/**
 * `POST /tjc/public/behavior` (the trackers' batches: public, rate-limited per address,
 * 50 events and 16 KB at most, nothing stored for Do-Not-Track or GPC) and the statistics
 * `GET /tjc/system/behavior-stats` with its CSV export.
 */
export const behaviorRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

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
      const device = deviceClass(request.headers["user-agent"]);
      const ipPrefix = truncateIp(request.ip);
      const host = request.headers.host;
      app.behavior.add(
        request.body.events.map((event) => {
          const at = Math.abs(event.at - now) > CLOCK_SKEW_MS ? now : event.at;
          return {
            day: statsDay(at),
            occurredAt: nowIso(at),
            type: event.type,
            app: event.app,
            visitorId: event.visitorId,
            sessionId: event.sessionId,
            path: event.path.split(/[?#]/)[0]!.slice(0, 512),
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
        }),
      );
      return ok({ stored: request.body.events.length });
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
