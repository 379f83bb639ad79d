import { z } from "zod";
import { nullableText } from "./text.js";
import { clearable } from "./fields.js";
import { checkCron, DEFAULT_JOB_TIMEZONE, isTimeZone } from "../cron.js";
import { JOB_ERRORS } from "../job-messages.js";

export const MISFIRE_POLICIES = ["fireAll", "fireOnce", "doNothing"] as const;
export const JOB_STATUSES = ["normal", "paused"] as const;
export const JOB_TRIGGERS = ["schedule", "manual", "misfire"] as const;
export const JOB_LOG_STATUSES = [
  "running",
  "success",
  "failed",
  "skipped",
] as const;

/** Largest params object, as JSON. */
export const MAX_PARAMS_BYTES = 4096;
/** Longest run allowed; 0 means no limit. */
export const MAX_TIMEOUT_SEC = 24 * 3600;

/** A six-field cron expression (seconds first), checked in UTC. */
export const cronField = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .superRefine((value, ctx) => {
    // Checked in UTC here; the time zone has its own field and check.
    const checked = checkCron(value, "UTC");
    if (!checked.ok) ctx.addIssue({ code: "custom", message: checked.error });
  });

const paramsField = z
  .record(z.string(), z.unknown())
  .refine(
    (value) =>
      new TextEncoder().encode(JSON.stringify(value)).length <=
      MAX_PARAMS_BYTES,
    { message: JOB_ERRORS.params },
  );

/**
 * A scheduled job as the admin sends it. Shared by the server (the final word: it also
 * checks the handler's name and params against the registry) and the admin form.
 */
export const jobInputSchema = z.object({
  name: z.string().trim().min(1).max(64),
  group: clearable(z.string().trim().min(1).max(64), "default"),
  /** A registry entry's name (GET /tjc/system/jobs/handlers). */
  handler: z.string().trim().min(1).max(64),
  params: clearable(paramsField, {}),
  cron: cronField,
  timezone: clearable(
    z
      .string()
      .trim()
      .min(1)
      .max(64)
      .refine(isTimeZone, { message: JOB_ERRORS.timezone }),
    DEFAULT_JOB_TIMEZONE,
  ),
  misfirePolicy: clearable(z.enum(MISFIRE_POLICIES), "doNothing"),
  concurrent: clearable(z.boolean(), false),
  status: clearable(z.enum(JOB_STATUSES), "normal"),
  timeoutSec: clearable(z.number().int().min(0).max(MAX_TIMEOUT_SEC), 0),
  remark: nullableText(500),
});
export type JobInput = z.input<typeof jobInputSchema>;

export const jobSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  group: z.string(),
  handler: z.string(),
  params: z.record(z.string(), z.unknown()),
  cron: z.string(),
  timezone: z.string(),
  misfirePolicy: z.enum(MISFIRE_POLICIES),
  concurrent: z.boolean(),
  status: z.enum(JOB_STATUSES),
  timeoutSec: z.number().int(),
  remark: z.string().nullable(),
  /** A built-in job (housekeeping): it may be paused, not deleted. */
  builtIn: z.boolean(),
  /** The next five fire times (ISO UTC); empty while paused. */
  nextRuns: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Job = z.infer<typeof jobSchema>;

export const JOB_SORT_FIELDS = [
  "id",
  "name",
  "group",
  "handler",
  "status",
  "createdAt",
  "updatedAt",
] as const;

export const jobLogSchema = z.object({
  id: z.number().int(),
  jobId: z.number().int().nullable(),
  jobName: z.string(),
  handler: z.string(),
  trigger: z.enum(JOB_TRIGGERS),
  scheduledAt: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  status: z.enum(JOB_LOG_STATUSES),
  message: z.string().nullable(),
  error: z.string().nullable(),
  instance: z.string(),
});
export type JobLog = z.infer<typeof jobLogSchema>;

export const JOB_LOG_SORT_FIELDS = [
  "id",
  "jobName",
  "scheduledAt",
  "startedAt",
  "durationMs",
  "status",
] as const;

/** A handler as GET /tjc/system/jobs/handlers lists it. */
export const jobHandlerInfoSchema = z.object({
  name: z.string(),
  label: z.object({ "zh-CN": z.string(), "en-US": z.string() }),
  description: z.object({ "zh-CN": z.string(), "en-US": z.string() }),
  paramsSchema: z.record(z.string(), z.unknown()),
});
export type JobHandlerInfo = z.infer<typeof jobHandlerInfoSchema>;
