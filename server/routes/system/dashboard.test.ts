import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  test,
} from "vitest";
import { Code } from "../../../common/codes.js";
import type { Dashboard } from "../../../common/schemas/dashboard.js";
import { statsDay } from "../../behavior/rollup.js";
import { nowIso } from "../../db/dialect.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";

let t: TestApp;
const DAY_MS = 24 * 3600 * 1000;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  const db = t.app.store.db;
  await db.deleteFrom("sermons").execute();
  await db.deleteFrom("jobLogs").execute();
  await db.deleteFrom("behaviorDaily").execute();
});

async function dashboard(token?: string) {
  const response = await t.request({
    method: "GET",
    url: "/tjc/system/dashboard",
    token,
  });
  return response;
}

async function seed() {
  const db = t.app.store.db;
  const now = Date.now();
  const stamp = nowIso(now);
  await db
    .insertInto("sermons")
    .values([
      {
        title: "已排期",
        status: "scheduled",
        publishAt: nowIso(now + 3 * DAY_MS),
        createdAt: stamp,
        updatedAt: stamp,
      },
      {
        title: "更早排期",
        status: "scheduled",
        publishAt: nowIso(now + DAY_MS),
        createdAt: stamp,
        updatedAt: stamp,
      },
      { title: "草稿", status: "draft", createdAt: stamp, updatedAt: stamp },
    ])
    .execute();
  const log = {
    jobName: "j",
    handler: "session.cleanup",
    trigger: "schedule",
    scheduledAt: stamp,
    finishedAt: stamp,
    instance: "test",
  };
  await db
    .insertInto("jobLogs")
    .values([
      {
        ...log,
        status: "failed",
        startedAt: nowIso(now - 3600_000),
        error: "boom",
      },
      {
        ...log,
        status: "failed",
        startedAt: nowIso(now - 2 * DAY_MS),
        error: "old",
      },
      { ...log, status: "success", startedAt: stamp },
    ])
    .execute();
  const today = statsDay(now);
  await db
    .insertInto("behaviorDaily")
    .values({
      day: today,
      kind: "total",
      key: "",
      hits: 42,
      visitors: 7,
      sessions: 9,
      durationSum: 0,
      durationCount: 0,
    })
    .execute();
  return { today };
}

describe("GET /tjc/system/dashboard", () => {
  test("rejects without a session", async () => {
    const response = await dashboard();
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });

  test("without any permission it answers no widget at all", async () => {
    await seed();
    const response = await dashboard(await t.loginAs("none"));
    expect(response.json().code, response.body).toBe(0);
    expect(response.json().data).toEqual({});
  });

  test("an administrator gets every widget whose feature exists", async () => {
    const { today } = await seed();
    const response = await dashboard(await t.loginAs("admin"));
    expect(response.json().code, response.body).toBe(0);
    const data = response.json().data as Dashboard;
    const counts = Object.fromEntries(data.counts!.map((c) => [c.key, c]));
    expect(counts.sermons).toEqual({
      key: "sermons",
      count: 3,
      path: "/admin/sermonManage",
    });
    expect(Object.keys(counts)).toEqual(
      expect.arrayContaining([
        "sermons",
        "tags",
        "spiders",
        "questions",
        "users",
        "jobs",
      ]),
    );
    // 7 days, oldest first, today's numbers from the rollup, the others 0.
    expect(data.traffic).toHaveLength(7);
    expect(data.traffic![6]).toEqual({ day: today, pv: 42, uv: 7 });
    expect(data.traffic![0]).toMatchObject({ pv: 0, uv: 0 });
    expect(Array.isArray(data.audit)).toBe(true);
    expect(data.scheduled!.map((s) => s.title)).toEqual(["更早排期", "已排期"]);
    // Failed in the last day only: the older failure and the success do not count.
    expect(data.failedJobs!.total).toBe(1);
    expect(data.failedJobs!.recent[0]!.error).toBe("boom");
  });

  test("lists upcoming scheduled live videos by their scheduled_start (migration 0012-live)", async () => {
    const db = t.app.store.db;
    await db.deleteFrom("liveVideos").execute();
    const now = Date.now();
    const stamp = nowIso(now);
    const channel = await db
      .insertInto("channels")
      .values({ name: "主频道", createdAt: stamp, updatedAt: stamp })
      .returning("id")
      .executeTakeFirstOrThrow();
    const video = (title: string, startIn: number, status = "scheduled") => ({
      title,
      channelId: channel.id,
      scheduledStart: nowIso(now + startIn),
      scheduledEnd: nowIso(now + startIn + 3600_000),
      status,
      createdAt: stamp,
      updatedAt: stamp,
    });
    try {
      await db
        .insertInto("liveVideos")
        .values([
          video("后天的聚会", 2 * DAY_MS),
          video("明天的聚会", DAY_MS),
          video("昨天的聚会", -DAY_MS, "ended"),
          video("已取消", DAY_MS / 2, "cancelled"),
        ])
        .execute();
      const data = (await dashboard(await t.loginAs("admin"))).json()
        .data as Dashboard;
      expect(data.liveVideos?.map((v) => v.title)).toEqual([
        "明天的聚会",
        "后天的聚会",
      ]);
      expect(data.liveVideos![0]!.startAt).toBe(nowIso(now + DAY_MS));
      // Without liveVideo:read (a moderator), no widget.
      const moderator = (await dashboard(await t.loginAs("moderator"))).json()
        .data as Dashboard;
      expect(moderator.liveVideos).toBeUndefined();
    } finally {
      await db.deleteFrom("liveVideos").execute();
      await db.deleteFrom("channels").where("id", "=", channel.id).execute();
    }
  });

  test("features not built yet have no widget (no table, no count)", async () => {
    const data = (await dashboard(await t.loginAs("admin"))).json()
      .data as Dashboard;
    const tables = new Set(
      (await t.app.store.db.introspection.getTables())
        .filter(
          (table) => !t.app.store.schema || table.schema === t.app.store.schema,
        )
        .map((table) => table.name),
    );
    const keys = data.counts!.map((c) => c.key);
    expect(keys.includes("articles")).toBe(tables.has("articles"));
    expect(keys.includes("liveVideos")).toBe(tables.has("live_videos"));
    if (!tables.has("live_videos")) expect(data.liveVideos).toBeUndefined();
  });

  test("an editor sees content counts and scheduled content, not system widgets", async () => {
    await seed();
    const data = (await dashboard(await t.loginAs("editor"))).json()
      .data as Dashboard;
    const keys = data.counts!.map((c) => c.key);
    expect(keys).toEqual(
      expect.arrayContaining(["sermons", "tags", "spiders"]),
    );
    expect(keys).not.toContain("users");
    expect(keys).not.toContain("jobs");
    expect(keys).not.toContain("questions");
    expect(data.scheduled).toHaveLength(2);
    expect(data.traffic).toBeUndefined();
    expect(data.audit).toBeUndefined();
    expect(data.failedJobs).toBeUndefined();
  });

  test("a moderator sees the questions count only", async () => {
    await seed();
    const data = (await dashboard(await t.loginAs("moderator"))).json()
      .data as Dashboard;
    expect(data.counts!.map((c) => c.key)).toEqual(["questions"]);
    expect(data.scheduled).toBeUndefined();
    expect(data.traffic).toBeUndefined();
    expect(data.failedJobs).toBeUndefined();
  });

  test("a community member sees nothing", async () => {
    const data = (await dashboard(await t.loginAs("member"))).json().data;
    expect(data).toEqual({});
  });
});
