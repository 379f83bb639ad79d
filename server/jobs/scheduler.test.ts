import { jobLogText } from "../../common/job-messages.js";
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  test,
} from "vitest";
import { nowIso } from "../db/dialect.js";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { LEASE_STALE_MS, Scheduler } from "./scheduler.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.app.store.db.deleteFrom("jobLogs").execute();
  await t.app.store.db.deleteFrom("jobs").execute();
});

const T0 = Date.parse("2026-03-01T00:00:00.000Z");

/** A scheduler on the test app's store with a clock the test moves. */
function fakeScheduler(instance = "test-a") {
  const clock = { now: T0 };
  const scheduler = new Scheduler({
    app: t.app,
    registry: t.app.jobHandlers,
    clock: () => clock.now,
    instance,
  });
  return { scheduler, clock };
}

async function insertJob(values: Record<string, unknown> = {}) {
  const now = nowIso(T0);
  return t.app.store.db
    .insertInto("jobs")
    .values({
      name: `job-${Math.random().toString(36).slice(2, 8)}`,
      handler: "test.wait",
      params: JSON.stringify({ ms: 0 }),
      cron: "* * * * * *", // every second
      timezone: "UTC",
      misfirePolicy: "doNothing",
      concurrent: 0,
      status: "normal",
      timeoutSec: 0,
      lastFireAt: now,
      createdAt: now,
      updatedAt: now,
      ...values,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

async function logs(jobId: number) {
  return t.app.store.db
    .selectFrom("jobLogs")
    .selectAll()
    .where("jobId", "=", jobId)
    .orderBy("scheduledAt")
    .orderBy("id")
    .execute();
}

describe("firing on time", () => {
  test("each due fire runs once, even with two schedulers ticking on one store", async () => {
    const job = await insertJob({ concurrent: 1 });
    const a = fakeScheduler("a");
    const b = fakeScheduler("b");
    for (let second = 1; second <= 10; second++) {
      a.clock.now = b.clock.now = T0 + second * 1000 + 200;
      await Promise.all([a.scheduler.tick(), b.scheduler.tick()]);
    }
    await Promise.all([a.scheduler.idle(), b.scheduler.idle()]);
    const rows = await logs(job.id);
    expect(rows.map((row) => row.scheduledAt)).toEqual(
      Array.from({ length: 10 }, (_, i) => nowIso(T0 + (i + 1) * 1000)),
    );
    expect(rows.every((row) => row.trigger === "schedule")).toBe(true);
    expect(rows.every((row) => row.status === "success")).toBe(true);
  });

  test("a paused job does not fire", async () => {
    const job = await insertJob({ status: "paused" });
    const { scheduler, clock } = fakeScheduler();
    clock.now = T0 + 3000;
    await scheduler.tick();
    await scheduler.idle();
    expect(await logs(job.id)).toHaveLength(0);
  });

  test("a job whose handler fails is logged as failed and the scheduler goes on", async () => {
    const bad = await insertJob({ params: JSON.stringify({ fail: true }) });
    const gone = await insertJob({ handler: "no.such.handler" });
    const good = await insertJob();
    const { scheduler, clock } = fakeScheduler();
    clock.now = T0 + 1000;
    await scheduler.tick();
    await scheduler.idle();
    expect((await logs(bad.id))[0]).toMatchObject({ status: "failed" });
    expect((await logs(bad.id))[0]!.error).toContain("failed as asked");
    expect((await logs(gone.id))[0]!.error).toContain("no handler");
    expect((await logs(good.id))[0]).toMatchObject({ status: "success" });
  });
});

describe("misfire policies (fires missed while no instance ran)", () => {
  // Ten minutes down with a per-minute cron: ten fires missed.
  const down = { cron: "0 * * * * *" };
  const later = T0 + 10 * 60_000 + 2000;

  test("fireAll runs each missed fire, oldest first", async () => {
    const job = await insertJob({ ...down, misfirePolicy: "fireAll" });
    const { scheduler, clock } = fakeScheduler();
    clock.now = later;
    await scheduler.tick();
    await scheduler.idle();
    const rows = await logs(job.id);
    expect(rows).toHaveLength(10);
    expect(rows.map((row) => row.trigger)).toEqual(
      Array(9).fill("misfire").concat("schedule"),
    );
    expect(rows[0]!.scheduledAt).toBe(nowIso(T0 + 60_000));
  });

  test("fireAll runs at most the newest 100", async () => {
    const job = await insertJob({ misfirePolicy: "fireAll", concurrent: 1 });
    const { scheduler, clock } = fakeScheduler();
    clock.now = T0 + 500 * 1000 + 100; // 500 per-second fires missed
    await scheduler.tick();
    await scheduler.idle();
    const rows = await logs(job.id);
    expect(rows).toHaveLength(100);
    expect(rows.at(-1)!.scheduledAt).toBe(nowIso(T0 + 500_000));
  });

  test("fireOnce runs once for everything missed", async () => {
    const job = await insertJob({ ...down, misfirePolicy: "fireOnce" });
    const { scheduler, clock } = fakeScheduler();
    clock.now = later + 30_000; // the newest fire is missed too
    await scheduler.tick();
    await scheduler.idle();
    const rows = await logs(job.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      trigger: "misfire",
      scheduledAt: nowIso(T0 + 10 * 60_000),
    });
  });

  test("doNothing waits for the next fire", async () => {
    const job = await insertJob({ ...down, misfirePolicy: "doNothing" });
    const { scheduler, clock } = fakeScheduler();
    clock.now = later + 30_000;
    await scheduler.tick();
    await scheduler.idle();
    expect(await logs(job.id)).toHaveLength(0);
    clock.now = T0 + 11 * 60_000 + 500;
    await scheduler.tick();
    await scheduler.idle();
    const rows = await logs(job.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      trigger: "schedule",
      scheduledAt: nowIso(T0 + 11 * 60_000),
    });
  });
});

describe("concurrency and timeouts", () => {
  test("a non-concurrent job's fire during its last run is logged as skipped", async () => {
    const job = await insertJob({ params: JSON.stringify({ ms: 300 }) });
    const { scheduler, clock } = fakeScheduler();
    clock.now = T0 + 1000;
    await scheduler.tick();
    clock.now = T0 + 2000;
    await scheduler.tick();
    await scheduler.idle();
    const rows = await logs(job.id);
    expect(rows.map((row) => row.status)).toEqual(["success", "skipped"]);
    expect(jobLogText(rows[1]!.message, "en-US")).toBe(
      "Skipped: the previous run is still going",
    );
    expect(jobLogText(rows[1]!.message, "zh-CN")).toBe(
      "上一次运行尚未结束，本次跳过",
    );
    // The lease is given back: the next fire runs.
    clock.now = T0 + 3000;
    await scheduler.tick();
    await scheduler.idle();
    expect((await logs(job.id)).at(-1)!.status).toBe("success");
  });

  test("a non-concurrent run held by another instance skips here too", async () => {
    const job = await insertJob({ params: JSON.stringify({ ms: 300 }) });
    const a = fakeScheduler("a");
    const b = fakeScheduler("b");
    a.clock.now = T0 + 1000;
    await a.scheduler.tick();
    b.clock.now = T0 + 2000;
    await b.scheduler.tick();
    await Promise.all([a.scheduler.idle(), b.scheduler.idle()]);
    const rows = await logs(job.id);
    expect(rows.map((row) => [row.instance, row.status])).toEqual([
      ["a", "success"],
      ["b", "skipped"],
    ]);
  });

  test("a concurrent job's runs may overlap", async () => {
    const job = await insertJob({
      concurrent: 1,
      params: JSON.stringify({ ms: 300 }),
    });
    const { scheduler, clock } = fakeScheduler();
    clock.now = T0 + 1000;
    await scheduler.tick();
    clock.now = T0 + 2000;
    await scheduler.tick();
    await scheduler.idle();
    expect((await logs(job.id)).map((row) => row.status)).toEqual([
      "success",
      "success",
    ]);
  });

  test("a run past its timeout is failed and its handler is aborted", async () => {
    const job = await insertJob({
      params: JSON.stringify({ ms: 60_000 }),
      timeoutSec: 1,
    });
    const { scheduler } = fakeScheduler();
    const started = Date.now();
    const run = await scheduler.runNow(job.id);
    await run!.finished;
    expect(Date.now() - started).toBeLessThan(5000);
    const [row] = await logs(job.id);
    expect(row).toMatchObject({
      status: "failed",
      trigger: "manual",
    });
    expect(jobLogText(row!.message, "en-US")).toBe("Timed out after 1 s");
    expect(jobLogText(row!.message, "zh-CN")).toBe("运行超过 1 秒，已超时");
    // The lease was given back, so the job can run again.
    const again = await t.app.store.db
      .selectFrom("jobs")
      .select("runningBy")
      .where("id", "=", job.id)
      .executeTakeFirstOrThrow();
    expect(again.runningBy).toBeNull();
  });

  test("a lease left by a dead instance is taken over once stale; its running log is closed", async () => {
    const job = await insertJob({
      runningBy: "dead/1",
      runningSeenAt: nowIso(T0),
    });
    await t.app.store.db
      .insertInto("jobLogs")
      .values({
        jobId: job.id,
        jobName: "x",
        handler: "test.wait",
        trigger: "schedule",
        scheduledAt: nowIso(T0),
        startedAt: nowIso(T0),
        status: "running",
        instance: "dead",
      })
      .execute();
    const { scheduler, clock } = fakeScheduler();
    clock.now = T0 + 1000;
    await scheduler.tick();
    await scheduler.idle();
    expect((await logs(job.id)).map((row) => row.status)).toEqual([
      "running",
      "skipped",
    ]);
    clock.now = T0 + LEASE_STALE_MS + 2000;
    // Per-second cron and doNothing: the fires of the gap are missed, the newest is on time.
    await scheduler.tick();
    await scheduler.idle();
    const rows = await logs(job.id);
    expect(rows[0]).toMatchObject({ instance: "dead", status: "failed" });
    expect(rows.at(-1)).toMatchObject({
      instance: "test-a",
      status: "success",
    });
  });
});
