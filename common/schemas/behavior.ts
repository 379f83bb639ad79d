import { z } from "zod";
import { MAX_BEHAVIOR_BYTES, MAX_BEHAVIOR_EVENTS } from "./behavior-limits.js";

export { MAX_BEHAVIOR_BYTES, MAX_BEHAVIOR_EVENTS };
/** The time zone whose calendar days the statistics count in. */
export const STATS_TIMEZONE = "Asia/Shanghai";

let statsDayFormat: Intl.DateTimeFormat | undefined;

/**
 * The calendar day (YYYY-MM-DD) of a time in the statistics' time zone: the days the
 * rollup counts in and the statistics screen asks for.
 */
export function statsDayOf(time: number): string {
  statsDayFormat ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: STATS_TIMEZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return statsDayFormat.format(new Date(time));
}

const randomId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

/**
 * One tracked event, as the tracker sends it: a page view, a named event (a click), or
 * the time spent on a page when it is left. No personal data: a random visitor id kept in
 * the browser, a random id per visit, the path without its query, the referrer's address
 * (the server keeps its domain only).
 */
export const behaviorEventSchema = z.strictObject({
  type: z.enum(["pageview", "event", "leave"]),
  app: z.enum(["admin", "public"]),
  visitorId: randomId,
  sessionId: randomId,
  path: z.string().max(512).regex(/^\//),
  name: z.string().trim().min(1).max(64).optional(),
  durationMs: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600 * 1000)
    .optional(),
  referrer: z.string().max(2048).optional(),
  /** When it happened, by the browser's clock (ms since the epoch). */
  at: z.number().int().positive(),
});
export type BehaviorEvent = z.infer<typeof behaviorEventSchema>;

export const behaviorBatchSchema = z.strictObject({
  events: z.array(behaviorEventSchema).min(1).max(MAX_BEHAVIOR_EVENTS),
});

export const DEVICE_CLASSES = ["mobile", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

const day = z.iso.date();
export const behaviorStatsQuerySchema = z
  .strictObject({ from: day, to: day })
  .refine((range) => range.from <= range.to, {
    message: "invalid range",
    path: ["to"],
  })
  .refine(
    (range) =>
      Date.parse(range.to) - Date.parse(range.from) <= 366 * 24 * 3600 * 1000,
    { message: "range too long", path: ["to"] },
  );

const row = z.object({
  key: z.string(),
  pv: z.number(),
  uv: z.number(),
  avgDurationMs: z.number().nullable(),
});
export const behaviorStatsSchema = z.object({
  series: z.array(
    z.object({
      day: z.string(),
      pv: z.number(),
      uv: z.number(),
      sessions: z.number(),
      avgDurationMs: z.number().nullable(),
    }),
  ),
  topPaths: z.array(row),
  devices: z.array(row),
  referrers: z.array(row),
  events: z.array(row),
});
export type BehaviorStats = z.infer<typeof behaviorStatsSchema>;
