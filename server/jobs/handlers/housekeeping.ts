import { z } from "zod";
import { nowIso } from "../../db/dialect.js";
import { SessionStore } from "../../services/session-store.js";
import { LoginThrottle } from "../../services/login-throttle.js";
import { pruneLoginLog } from "../../services/login-log.js";
import { JOB_LOG_KEYS } from "../../../common/job-messages.js";
import { defineJobHandler } from "../registry.js";

/** How long job logs are kept when the setting `jobLog.retentionDays` is missing. */
export const DEFAULT_JOB_LOG_RETENTION_DAYS = 30;
/** How long the login log is kept when the setting `loginLog.retentionDays` is missing. */
export const DEFAULT_LOGIN_LOG_RETENTION_DAYS = 180;
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
    const sessions = new SessionStore(app.store, now);
    // The idle timeout is a setting (session.idleMinutes), as the app's own store reads it.
    sessions.idleTimeoutMs = app.sessions.idleTimeoutMs;
    const deleted = await sessions.deleteExpired();
    return { key: JOB_LOG_KEYS.deletedSessions, params: { count: deleted } };
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
    return {
      key: JOB_LOG_KEYS.deletedLoginFailures,
      params: { count: deleted },
    };
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
      /** Days to keep; left out, the setting jobLog.retentionDays decides. */
      days: z.number().int().min(1).max(3650).optional(),
    })
    .strict(),
  async run(params, { app, now }) {
    const days =
      params.days ??
      app.settings.number(
        "jobLog.retentionDays",
        DEFAULT_JOB_LOG_RETENTION_DAYS,
      );
    const result = await app.store.db
      .deleteFrom("jobLogs")
      .where("startedAt", "<", nowIso(now() - days * DAY_MS))
      .where("status", "!=", "running")
      .executeTakeFirst();
    return {
      key: JOB_LOG_KEYS.deletedJobLogs,
      params: { count: Number(result.numDeletedRows), days },
    };
  },
});

export const loginLogRetention = defineJobHandler({
  name: "loginLog.retention",
  label: { "zh-CN": "登录日志保留", "en-US": "Login log retention" },
  description: {
    "zh-CN": "删除早于保留天数（系统配置 loginLog.retentionDays）的登录日志。",
    "en-US":
      "Deletes login log entries older than the setting loginLog.retentionDays.",
  },
  params: z.object({}).strict(),
  async run(_params, { app, now }) {
    const days = app.settings.number(
      "loginLog.retentionDays",
      DEFAULT_LOGIN_LOG_RETENTION_DAYS,
    );
    const deleted = await pruneLoginLog(app.store, days, now());
    return {
      key: JOB_LOG_KEYS.deletedLoginLogs,
      params: { count: deleted, days },
    };
  },
});

export const HOUSEKEEPING_HANDLERS = [
  loginLogRetention,
  sessionCleanup,
  loginFailurePrune,
  jobLogRetention,
];
