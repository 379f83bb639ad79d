import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  test,
} from "vitest";
import { Code } from "../../../common/codes.js";
import {
  JOB_LOG_KEYS,
  storedJobLogMessage,
} from "../../../common/job-messages.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";

let t: TestApp;
let admin: string;
let editor: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs("admin");
  editor = await t.loginAs("editor");
});
afterAll(async () => {
  await t.close();
});

async function seedLogs() {
  await t.app.store.db.deleteFrom("jobLogs").execute();
  const base = {
    jobId: 7,
    jobName: "清理",
    handler: "session.cleanup",
    trigger: "schedule",
    instance: "host:1:ab",
  };
  const rows = [
    {
      ...base,
      startedAt: "2026-01-01T00:00:00.000Z",
      status: "success",
      message: "ok",
    },
    {
      ...base,
      startedAt: "2026-01-02T00:00:00.000Z",
      status: "failed",
      error: "boom",
    },
    {
      ...base,
      startedAt: "2026-01-03T00:00:00.000Z",
      status: "skipped",
      jobId: 8,
      jobName: "Other job",
      trigger: "manual",
    },
    { ...base, startedAt: "2026-01-04T00:00:00.000Z", status: "running" },
  ];
  for (const row of rows) {
    await t.app.store.db
      .insertInto("jobLogs")
      .values({ ...row, scheduledAt: row.startedAt })
      .execute();
  }
}
beforeEach(seedLogs);

function list(filter: object, token = admin) {
  return t.request({
    method: "GET",
    url: `/tjc/system/job-logs?filter=${encodeURIComponent(JSON.stringify(filter))}`,
    token,
    language: "en-US",
  });
}

function rejects(method: "GET" | "POST", url: string, payload?: object) {
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

describe("GET /tjc/system/job-logs", () => {
  rejects("GET", "/tjc/system/job-logs");

  test("lists newest first and filters by status, job, trigger, name and time", async () => {
    const all = (await list({})).json().data;
    expect(all.total).toBe(4);
    expect(all.list[0].startedAt).toBe("2026-01-04T00:00:00.000Z");
    const count = async (filter: object) =>
      (await list(filter)).json().data.total;
    expect(await count({ status: "failed" })).toBe(1);
    expect(await count({ jobId: 8 })).toBe(1);
    expect(await count({ trigger: "manual" })).toBe(1);
    expect(await count({ jobName: "other" })).toBe(1);
    expect(await count({ jobName: "%" })).toBe(0);
    expect(
      await count({
        startedFrom: "2026-01-02T00:00:00Z",
        startedTo: "2026-01-03T23:59:59Z",
      }),
    ).toBe(2);
    // A bare date means the whole day (the shared date-range filter).
    expect(
      await count({ startedFrom: "2026-01-02", startedTo: "2026-01-03" }),
    ).toBe(2);
  });

  test("bad filters are 40000", async () => {
    for (const filter of [
      { status: "done" },
      { trigger: "cron" },
      { startedFrom: "yesterday" },
      { jobId: "x" },
      { secret: 1 },
    ]) {
      const response = await list(filter);
      expect(response.statusCode, JSON.stringify(filter)).toBe(400);
      expect(response.json().code).toBe(Code.VALIDATION);
    }
  });
});

describe("GET /tjc/system/job-logs/export", () => {
  rejects("GET", "/tjc/system/job-logs/export");

  test("exports the matching logs as CSV with headers in the caller's language", async () => {
    const response = await t.request({
      method: "GET",
      url: `/tjc/system/job-logs/export?filter=${encodeURIComponent('{"status":"failed"}')}&tz=UTC`,
      token: admin,
      language: "zh-CN",
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain("任务名称");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("boom");
  });
});

describe("job log messages in the reader's language", () => {
  test("a keyed message reads in each language in the list, one log and the export; an older text reads as it is", async () => {
    const startedAt = "2026-01-05T00:00:00.000Z";
    const keyed = await t.app.store.db
      .insertInto("jobLogs")
      .values({
        jobId: 9,
        jobName: "清理任务日志",
        handler: "jobLog.retention",
        trigger: "schedule",
        instance: "host:1:ab",
        startedAt,
        scheduledAt: startedAt,
        status: "success",
        message: storedJobLogMessage({
          key: JOB_LOG_KEYS.deletedJobLogs,
          params: { count: 1, days: 30 },
        }),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const read = (language: string) =>
      t.request({
        method: "GET",
        url: `/tjc/system/job-logs/${keyed.id}`,
        token: admin,
        language,
      });
    expect((await read("zh-CN")).json().data.message).toBe(
      "删除了 1 条早于 30 天的任务日志",
    );
    expect((await read("en-US")).json().data.message).toBe(
      "Deleted 1 job log older than 30 days",
    );
    const listed = (await list({})).json().data.list as {
      id: number;
      message: string | null;
    }[];
    expect(listed.find((log) => log.id === keyed.id)!.message).toBe(
      "Deleted 1 job log older than 30 days",
    );
    // A row written before messages had keys keeps its text.
    expect(listed.map((log) => log.message)).toContain("ok");
    const exported = await t.request({
      method: "GET",
      url: "/tjc/system/job-logs/export?tz=UTC",
      token: admin,
      language: "zh-CN",
    });
    expect(exported.body).toContain("删除了 1 条早于 30 天的任务日志");
    expect(exported.body).not.toContain("job.log.");
  });
});

describe("GET /tjc/system/job-logs/:id", () => {
  rejects("GET", "/tjc/system/job-logs/1");

  test("answers one log, or 40400", async () => {
    const [row] = (await list({ status: "failed" })).json().data.list;
    const one = await t.request({
      method: "GET",
      url: `/tjc/system/job-logs/${row.id}`,
      token: admin,
    });
    expect(one.json().data).toMatchObject({ status: "failed", error: "boom" });
    const missing = await t.request({
      method: "GET",
      url: "/tjc/system/job-logs/99999",
      token: admin,
    });
    expect(missing.json().code).toBe(Code.NOT_FOUND);
  });
});

describe("POST /tjc/system/job-logs/clear", () => {
  rejects("POST", "/tjc/system/job-logs/clear", {
    before: "2026-01-03T00:00:00Z",
  });

  test("clears logs started before the time, never a running one", async () => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/system/job-logs/clear",
      token: admin,
      payload: { before: "2026-01-03T00:00:00+00:00" },
    });
    expect(response.json().data).toEqual({ deleted: 2 });
    const all = await t.request({
      method: "POST",
      url: "/tjc/system/job-logs/clear",
      token: admin,
      payload: { before: "2030-01-01T00:00:00Z" },
    });
    expect(all.json().data).toEqual({ deleted: 1 });
    expect(
      (await list({}))
        .json()
        .data.list.map((r: { status: string }) => r.status),
    ).toEqual(["running"]);
  });

  test("a missing or bad time is 40000", async () => {
    for (const payload of [
      {},
      { before: "soon" },
      { before: 5 },
      { before: "2026-01-01T00:00:00Z", extra: 1 },
    ]) {
      const response = await t.request({
        method: "POST",
        url: "/tjc/system/job-logs/clear",
        token: admin,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe(Code.VALIDATION);
    }
  });
});
