import type { Store } from "../db/store.js";
import { nowIso } from "../db/dialect.js";

/**
 * The built-in jobs: the housekeeping every installation needs. Each is added at start
 * when missing (an upgrade brings the new ones); an administrator may edit or pause them,
 * not delete them, so none comes back against their will (as the seeded menu pages).
 */
export const BUILT_IN_JOBS = [
  {
    seedKey: "session.cleanup",
    name: "清理过期会话",
    cron: "0 7 * * * *",
    remark: "Deletes sessions past their expiry (hourly).",
  },
  {
    seedKey: "loginFailure.prune",
    name: "清理登录失败记录",
    cron: "0 */10 * * * *",
    remark: "Drops login failures older than the throttle window.",
  },
  {
    seedKey: "jobLog.retention",
    name: "任务日志保留",
    cron: "0 10 3 * * *",
    remark: "Deletes job logs older than the setting jobLog.retentionDays.",
  },
  {
    seedKey: "loginLog.retention",
    name: "登录日志保留",
    cron: "0 20 3 * * *",
    remark: "Deletes login log entries older than loginLog.retentionDays.",
  },
  {
    seedKey: "behavior.rollup",
    name: "行为统计汇总",
    cron: "0 */10 * * * *",
    remark: "Rolls raw behaviour events up into the daily statistics.",
  },
  {
    seedKey: "behavior.retention",
    name: "行为原始事件保留",
    cron: "0 30 3 * * *",
    remark:
      "Deletes raw behaviour events older than behavior.rawRetentionDays.",
  },
  {
    seedKey: "content.publishDue",
    name: "定时发布",
    cron: "0 * * * * *",
    remark: "Marks scheduled content whose time has come as published.",
  },
  {
    seedKey: "noticeMail.digest",
    name: "通知摘要邮件",
    cron: "0 15 * * * *",
    remark:
      "Hourly: e-mails the daily and weekly notice digests that are due (PUBLIC_ORIGIN needed).",
  },
] as const;

export async function seedJobs(store: Store): Promise<void> {
  const now = nowIso();
  const known = new Set(
    (
      await store.db
        .selectFrom("jobs")
        .select("seedKey")
        .where("seedKey", "is not", null)
        .execute()
    ).map((row) => row.seedKey),
  );
  for (const job of BUILT_IN_JOBS) {
    if (known.has(job.seedKey)) continue;
    await store.db
      .insertInto("jobs")
      .values({
        ...job,
        handler: job.seedKey,
        group: "system",
        params: "{}",
        timezone: "Asia/Shanghai",
        misfirePolicy: "fireOnce",
        concurrent: 0,
        status: "normal",
        timeoutSec: 600,
        lastFireAt: now,
        createdAt: now,
        updatedAt: now,
      })
      // Instances starting together: the first one's row wins (seed key and name are unique).
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
