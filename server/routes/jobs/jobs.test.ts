import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  test,
} from "vitest";
import { Code } from "../../../common/codes.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";

let t: TestApp;
let admin: string;
let editor: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs("admin");
  editor = await t.loginAs("editor"); // holds no job permission
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.app.store.db.deleteFrom("jobLogs").execute();
  await t.app.store.db.deleteFrom("jobs").execute();
});

const valid = {
  name: "测试任务",
  handler: "test.wait",
  params: { ms: 0 },
  cron: "*/10 * * * * *",
};

async function createJob(payload: Record<string, unknown> = valid) {
  const response = await t.request({
    method: "POST",
    url: "/tjc/system/jobs",
    token: admin,
    payload,
  });
  expect(response.json().code, response.body).toBe(0);
  return response.json().data as Record<string, unknown> & {
    id: number;
    version: number;
    nextRuns: string[];
  };
}

function post(payload: Record<string, unknown>, language = "en-US") {
  return t.request({
    method: "POST",
    url: "/tjc/system/jobs",
    token: admin,
    payload,
    language,
  });
}

function rejectsWithoutSessionAndPermission(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
) {
  test("rejects without a session", async () => {
    const response = await t.request({ method, url, payload });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });
  test("rejects without permission", async () => {
    const response = await t.request({ method, url, payload, token: editor });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(Code.FORBIDDEN);
  });
}

describe("GET /tjc/system/jobs/handlers", () => {
  rejectsWithoutSessionAndPermission("GET", "/tjc/system/jobs/handlers");

  test("lists the registry with labels in both languages and params as JSON Schema", async () => {
    const response = await t.request({
      method: "GET",
      url: "/tjc/system/jobs/handlers",
      token: admin,
    });
    const handlers = response.json().data as {
      name: string;
      label: Record<string, string>;
      paramsSchema: { type: string; properties?: Record<string, unknown> };
    }[];
    const names = handlers.map((handler) => handler.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "session.cleanup",
        "loginFailure.prune",
        "jobLog.retention",
        "test.wait",
      ]),
    );
    const retention = handlers.find((h) => h.name === "jobLog.retention")!;
    expect(retention.label["zh-CN"]).toBe("任务日志保留");
    expect(retention.label["en-US"]).toBe("Job log retention");
    expect(retention.paramsSchema.type).toBe("object");
    expect(retention.paramsSchema.properties?.days).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 3650,
    });
  });
});

describe("GET /tjc/system/jobs", () => {
  rejectsWithoutSessionAndPermission("GET", "/tjc/system/jobs");

  test("lists jobs with their next five fire times, none while paused", async () => {
    await createJob();
    await createJob({ ...valid, name: "paused", status: "paused" });
    const response = await t.request({
      method: "GET",
      url: `/tjc/system/jobs?sort=${encodeURIComponent('["name","ASC"]')}`,
      token: admin,
    });
    const list = response.json().data.list as {
      name: string;
      nextRuns: string[];
    }[];
    expect(list.map((job) => job.name)).toEqual(["paused", "测试任务"]);
    expect(list[0]!.nextRuns).toEqual([]);
    const runs = list[1]!.nextRuns.map((time) => Date.parse(time));
    expect(runs).toHaveLength(5);
    for (let i = 1; i < runs.length; i++)
      expect(runs[i]! - runs[i - 1]!).toBe(10_000);
  });

  test("filters by status and handler; an unknown status is 40000", async () => {
    await createJob();
    await createJob({ ...valid, name: "b", status: "paused" });
    const list = async (filter: object) =>
      t.request({
        method: "GET",
        url: `/tjc/system/jobs?filter=${encodeURIComponent(JSON.stringify(filter))}`,
        token: admin,
      });
    expect((await list({ status: "paused" })).json().data.total).toBe(1);
    expect((await list({ handler: "test.wait" })).json().data.total).toBe(2);
    expect((await list({ name: "测试" })).json().data.total).toBe(1);
    const bad = await list({ status: "sleeping" });
    expect(bad.json().code).toBe(Code.VALIDATION);
  });
});

describe("POST /tjc/system/jobs", () => {
  rejectsWithoutSessionAndPermission("POST", "/tjc/system/jobs", valid);

  test("creates a job with the defaults filled in", async () => {
    const job = await createJob();
    expect(job).toMatchObject({
      name: "测试任务",
      group: "default",
      handler: "test.wait",
      params: { ms: 0, fail: false },
      timezone: "Asia/Shanghai",
      misfirePolicy: "doNothing",
      concurrent: false,
      status: "normal",
      timeoutSec: 0,
      remark: null,
    });
    expect(job.nextRuns).toHaveLength(5);
  });

  test("takes 5-field cron in the job's time zone", async () => {
    const job = await createJob({
      ...valid,
      cron: "30 9 * * *",
      timezone: "Asia/Shanghai",
    });
    // 09:30 in Shanghai is 01:30 UTC.
    for (const time of job.nextRuns) expect(time).toMatch(/T01:30:00\.000Z$/);
  });

  test("refuses bad cron expressions with a readable message in the caller's language", async () => {
    const cases = [
      "* * * *",
      "* * * * * * *",
      "61 * * * *",
      "bad cron x y",
      "0 0 30 2 *",
      "@daily",
      "",
    ];
    for (const cron of cases) {
      const response = await post({ ...valid, cron });
      expect(response.statusCode, cron).toBe(400);
      expect(response.json().code, cron).toBe(Code.VALIDATION);
      expect(response.json().data.errors.cron, cron).toMatch(/[A-Za-z]/);
    }
    const zh = await post({ ...valid, cron: "61 * * * *" }, "zh-CN");
    expect(zh.json().data.errors.cron).toContain("cron 表达式");
    const en = await post({ ...valid, cron: "* * *" }, "en-US");
    expect(en.json().data.errors.cron).toBe(
      "A cron expression has 5 fields (minute hour day month weekday) or 6 (second first)",
    );
    const never = await post({ ...valid, cron: "0 0 30 2 *" }, "en-US");
    expect(never.json().data.errors.cron).toBe(
      "This cron expression never fires",
    );
  });

  test("refuses an unknown handler, unsuitable params, a bad time zone and bad fields with 40000", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, handler: "process.exit" }, "handler"],
      [{ ...valid, handler: "" }, "handler"],
      [{ ...valid, params: { ms: -1 } }, "params.ms"],
      [{ ...valid, params: { ms: "soon" } }, "params.ms"],
      [{ ...valid, params: { evil: "x" } }, "params"],
      [{ ...valid, params: "{}" }, "params"],
      [{ ...valid, params: { big: "x".repeat(5000) } }, "params"],
      [{ ...valid, timezone: "Mars/Base" }, "timezone"],
      [{ ...valid, misfirePolicy: "sometimes" }, "misfirePolicy"],
      [{ ...valid, timeoutSec: -5 }, "timeoutSec"],
      [{ ...valid, timeoutSec: 1.5 }, "timeoutSec"],
      [{ ...valid, name: "" }, "name"],
      [{ ...valid, name: "x".repeat(65) }, "name"],
      [{ ...valid, remark: "x".repeat(501) }, "remark"],
      [{ ...valid, concurrent: "yes" }, "concurrent"],
    ];
    for (const [payload, field] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(
        400,
      );
      expect(response.json().code).toBe(Code.VALIDATION);
      const errors = Object.keys(response.json().data.errors);
      expect(
        errors.some((key) => key === field || key.startsWith(`${field}.`)),
        `${field}: ${errors}`,
      ).toBe(true);
    }
    const zh = await post({ ...valid, handler: "nope" }, "zh-CN");
    expect(zh.json().data.errors.handler).toBe("没有这个处理程序");
    expect(
      (await t.app.store.db.selectFrom("jobs").select("id").execute()).length,
    ).toBe(0);
  });

  test("a duplicate name is 40900", async () => {
    await createJob();
    const response = await post(valid);
    expect(response.json().code).toBe(Code.CONFLICT);
  });
});

describe("PUT /tjc/system/jobs/:id", () => {
  rejectsWithoutSessionAndPermission("PUT", "/tjc/system/jobs/1", {
    ...valid,
    version: 1,
  });

  test("pauses and resumes; a stale version is 40900", async () => {
    const job = await createJob();
    const paused = await t.request({
      method: "PUT",
      url: `/tjc/system/jobs/${job.id}`,
      token: admin,
      payload: { ...valid, status: "paused", version: job.version },
    });
    expect(paused.json().data.status).toBe("paused");
    const stale = await t.request({
      method: "PUT",
      url: `/tjc/system/jobs/${job.id}`,
      token: admin,
      payload: { ...valid, status: "normal", version: job.version },
    });
    expect(stale.json().code).toBe(Code.CONFLICT);
    expect(stale.json().data.errors.version).toBeTruthy();
  });

  test("checks params against the handler named, in a batch too", async () => {
    const job = await createJob();
    const response = await t.request({
      method: "PUT",
      url: `/tjc/system/jobs/${job.id}`,
      token: admin,
      payload: {
        ...valid,
        handler: "jobLog.retention",
        params: { days: 0 },
        version: job.version,
      },
    });
    expect(response.json().code).toBe(Code.VALIDATION);
    expect(response.json().data.errors["params.days"]).toBeTruthy();
    const batch = await t.request({
      method: "POST",
      url: "/tjc/system/jobs/batch",
      token: admin,
      payload: { action: "update", ids: [job.id], data: { params: { ms: 5 } } },
    });
    expect(batch.json().code).toBe(Code.VALIDATION);
    expect(batch.json().data.errors.handler).toBeTruthy();
    const pauseAll = await t.request({
      method: "POST",
      url: "/tjc/system/jobs/batch",
      token: admin,
      payload: { action: "update", ids: [job.id], data: { status: "paused" } },
    });
    expect(pauseAll.json().code, pauseAll.body).toBe(0);
  });
});

describe("DELETE /tjc/system/jobs/:id", () => {
  rejectsWithoutSessionAndPermission("DELETE", "/tjc/system/jobs/1");

  test("refuses to delete a built-in job, alone or in a batch", async () => {
    const { seedJobs } = await import("../../jobs/seed.js");
    await seedJobs(t.app.store);
    const builtIn = await t.app.store.db
      .selectFrom("jobs")
      .select("id")
      .where("seedKey", "=", "session.cleanup")
      .executeTakeFirstOrThrow();
    const one = await t.request({
      method: "DELETE",
      url: `/tjc/system/jobs/${builtIn.id}`,
      token: admin,
      language: "en-US",
    });
    expect(one.json().code).toBe(Code.VALIDATION);
    expect(one.json().data.errors.id).toBe(
      "A built-in job cannot be deleted; pause it instead",
    );
    const batch = await t.request({
      method: "POST",
      url: "/tjc/system/jobs/batch",
      token: admin,
      payload: { action: "delete", ids: [builtIn.id] },
    });
    expect(batch.json().code).toBe(Code.VALIDATION);
    const got = await t.request({
      method: "GET",
      url: `/tjc/system/jobs/${builtIn.id}`,
      token: admin,
    });
    expect(got.json().data.builtIn).toBe(true);
  });

  test("deletes a job; its logs stay", async () => {
    const job = await createJob();
    await t.app.scheduler.runNow(job.id).then((run) => run!.finished);
    const response = await t.request({
      method: "DELETE",
      url: `/tjc/system/jobs/${job.id}`,
      token: admin,
    });
    expect(response.json().code).toBe(0);
    const logs = await t.app.store.db
      .selectFrom("jobLogs")
      .selectAll()
      .execute();
    expect(logs).toHaveLength(1);
  });
});

describe("POST /tjc/system/jobs/:id/run", () => {
  rejectsWithoutSessionAndPermission("POST", "/tjc/system/jobs/1/run");

  test("runs once now and logs it as manual", async () => {
    const job = await createJob({ ...valid, params: { ms: 20 } });
    const response = await t.request({
      method: "POST",
      url: `/tjc/system/jobs/${job.id}/run`,
      token: admin,
    });
    expect(response.json().data.status).toBe("running");
    await t.app.scheduler.idle();
    const log = await t.request({
      method: "GET",
      url: `/tjc/system/job-logs/${response.json().data.logId}`,
      token: admin,
    });
    expect(log.json().data).toMatchObject({
      jobId: job.id,
      trigger: "manual",
      status: "success",
      message: "等待了 20 毫秒",
      instance: t.app.scheduler.instance,
    });
    expect(log.json().data.durationMs).toBeGreaterThanOrEqual(15);
    // The run counts in the Prometheus job metrics, by handler.
    const scraped = await t.app.metrics.registry.metrics();
    expect(scraped).toMatch(
      /^lampstand_job_runs_total\{job="test\.wait"\} [1-9]\d*$/m,
    );
  });

  test("an unknown job is 40400", async () => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/system/jobs/999999/run",
      token: admin,
    });
    expect(response.json().code).toBe(Code.NOT_FOUND);
  });
});
