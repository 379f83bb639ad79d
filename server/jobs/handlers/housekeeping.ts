import { z } from "zod";
import { nowIso } from "../../db/dialect.js";
import { SessionStore } from "../../services/session-store.js";
import { LoginThrottle } from "../../services/login-throttle.js";
import { defineJobHandler } from "../registry.js";

/**
 * How long job logs are kept when the job's params name no period. The system
 * configuration store is not on main yet; when it lands, its value should take this
 * one's place (docs/operations.md, "Scheduled jobs").
 */
export const DEFAULT_JOB_LOG_RETENTION_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

export const sessionCleanup = defineJobHandler({
  name: "session.cleanup",
  label: { "zh-CN": "清理过期会话", "en-US": "Clean up expired sessions" },
  description: {
    "zh-CN": "删除已过期、闲置过久或已撤销的登录会话。",
    "en-US": "Deletes sessions that expired, idled out or were revoked.",
  },
  params: z.object({}).strict(),
  async run(_params, { app, now }) {
    const deleted = await new SessionStore(app.store, now).deleteExpired();
    return `deleted ${deleted} sessions`;
  },
});

export const loginFailurePrune = defineJobHandler({
  name: "loginFailure.prune",
  label: { "zh-CN": "清理登录失败记录", "en-US": "Prune login failures" },
  description: {
    "zh-CN": "删除登录限流窗口之外的失败记录。",
    "en-US": "Deletes failed login attempts older than the throttle window.",
  },
  params: z.object({}).strict(),
  async run(_params, { app, now }) {
    const deleted = await new LoginThrottle(app.store, now).prune();
    return `deleted ${deleted} login failures`;
  },
});

export const jobLogRetention = defineJobHandler({
  name: "jobLog.retention",
  label: { "zh-CN": "任务日志保留", "en-US": "Job log retention" },
  description: {
    "zh-CN": "删除早于保留天数的任务日志（不删除仍在运行的记录）。",
    "en-US":
      "Deletes job logs older than the retention period (never a run still going).",
  },
  params: z
    .object({
      /** Days to keep; the default applies when left out. */
      days: z
        .number()
        .int()
        .min(1)
        .max(3650)
        .default(DEFAULT_JOB_LOG_RETENTION_DAYS),
    })
    .strict(),
  async run({ days }, { app, now }) {
    const result = await app.store.db
      .deleteFrom("jobLogs")
      .where("startedAt", "<", nowIso(now() - days * DAY_MS))
      .where("status", "!=", "running")
      .executeTakeFirst();
    return `deleted ${Number(result.numDeletedRows)} job logs older than ${days} days`;
  },
});

export const HOUSEKEEPING_HANDLERS = [
  sessionCleanup,
  loginFailurePrune,
  jobLogRetention,
];
