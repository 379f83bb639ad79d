import {
  JOB_LOG_KEYS,
  jobLogText,
  storedJobLogMessage,
  type JobLogMessage,
} from "../../../common/job-messages.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { nowIso } from "../../db/dialect.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import {
  loginFailurePrune,
  loginLogRetention,
  jobLogRetention,
  sessionCleanup,
} from "./housekeeping.js";
import type { JobContext } from "../registry.js";

/** A handler's answer as an English reader of the log reads it. */
function english(message: unknown): string | null {
  return jobLogText(storedJobLogMessage(message as JobLogMessage), "en-US");
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const NOW = Date.parse("2026-06-01T12:00:00.000Z");
const DAY = 24 * 3600 * 1000;
function context(): JobContext {
  return {
    app: t.app,
    signal: new AbortController().signal,
    scheduledAt: nowIso(NOW),
    now: () => NOW,
  };
}

describe("built-in housekeeping handlers", () => {
  test("the built-ins are seeded as jobs", async () => {
    const jobs = await t.app.store.db
      .selectFrom("jobs")
      .select(["handler", "status", "group"])
      .execute();
    expect(jobs.map((job) => job.handler).sort()).toEqual([
      "behavior.retention",
      "behavior.rollup",
      "content.publishDue",
      "jobLog.retention",
      "loginFailure.prune",
      "loginLog.retention",
      "noticeMail.digest",
      "session.cleanup",
    ]);
    for (const job of jobs)
      expect(job).toMatchObject({ status: "normal", group: "system" });
  });

  test("session.cleanup deletes expired sessions and keeps live ones", async () => {
    const user = await t.app.store.db
      .insertInto("users")
      .values({
        loginName: "sess-user",
        userName: "u",
        passwordHash: "x",
        status: "active",
        createdAt: nowIso(NOW),
        updatedAt: nowIso(NOW),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const session = (hash: string, expiresAt: number) => ({
      tokenHash: hash,
      userId: user.id,
      createdAt: nowIso(NOW - DAY),
      lastSeenAt: nowIso(NOW - 1000),
      renewedAt: nowIso(NOW - 1000),
      expiresAt: nowIso(expiresAt),
    });
    await t.app.store.db
      .insertInto("sessions")
      .values([session("expired", NOW - 1000), session("live", NOW + DAY)])
      .execute();
    const message = await sessionCleanup.run({}, context());
    expect(message).toMatchObject({ key: JOB_LOG_KEYS.deletedSessions });
    const stored = storedJobLogMessage(message as JobLogMessage);
    expect(jobLogText(stored, "en-US")).toMatch(/^Deleted \d+ sessions?$/);
    expect(jobLogText(stored, "zh-CN")).toMatch(/^删除了 \d+ 个会话$/);
    const left = await t.app.store.db
      .selectFrom("sessions")
      .select("tokenHash")
      .where("userId", "=", user.id)
      .execute();
    expect(left.map((row) => row.tokenHash)).toEqual(["live"]);
  });

  test("loginFailure.prune drops failures outside the window", async () => {
    await t.app.store.db.deleteFrom("loginFailures").execute();
    await t.app.store.db
      .insertInto("loginFailures")
      .values([
        { key: "ip:1.2.3.4", failedAt: nowIso(NOW - 2 * DAY) },
        { key: "ip:1.2.3.4", failedAt: nowIso(NOW - 1000) },
      ])
      .execute();
    expect(english(await loginFailurePrune.run({}, context()))).toBe(
      "Deleted 1 login failure",
    );
  });

  test("jobLog.retention keeps the period's logs and running ones", async () => {
    await t.app.store.db.deleteFrom("jobLogs").execute();
    const log = (daysAgo: number, status: string) => ({
      jobId: 1,
      jobName: "x",
      handler: "x",
      trigger: "schedule",
      scheduledAt: nowIso(NOW - daysAgo * DAY),
      startedAt: nowIso(NOW - daysAgo * DAY),
      status,
      instance: "i",
    });
    await t.app.store.db
      .insertInto("jobLogs")
      .values([log(40, "success"), log(40, "running"), log(10, "failed")])
      .execute();
    // Left out, the period is the setting jobLog.retentionDays (30 as seeded).
    expect(english(await jobLogRetention.run({}, context()))).toBe(
      "Deleted 1 job log older than 30 days",
    );
    expect(english(await jobLogRetention.run({ days: 5 }, context()))).toBe(
      "Deleted 1 job log older than 5 days",
    );
    const left = await t.app.store.db
      .selectFrom("jobLogs")
      .select("status")
      .execute();
    expect(left.map((row) => row.status)).toEqual(["running"]);
  });
});

test("loginLog.retention keeps the configured period of the login log", async () => {
  await t.app.store.db.deleteFrom("loginLogs").execute();
  const entry = (daysAgo: number) => ({
    loginName: "someone",
    result: "success",
    createdAt: nowIso(NOW - daysAgo * DAY),
  });
  await t.app.store.db
    .insertInto("loginLogs")
    .values([entry(200), entry(10)] as never)
    .execute();
  await t.app.store.db
    .updateTable("configs")
    .set({ value: "5" })
    .where("key", "=", "loginLog.retentionDays")
    .execute();
  await t.app.settings.refresh();
  expect(english(await loginLogRetention.run({}, context()))).toBe(
    "Deleted 2 login log entries older than 5 days",
  );
});
