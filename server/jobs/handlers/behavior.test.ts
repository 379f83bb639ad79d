import {
  jobLogText,
  storedJobLogMessage,
  type JobLogMessage,
} from "../../../common/job-messages.js";
import { afterAll, beforeAll, expect, test } from "vitest";
import { statsDay } from "../../behavior/rollup.js";
import { nowIso } from "../../db/dialect.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { behaviorRetention } from "./behavior.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 24 * 3600 * 1000;

test("raw event retention deletes whole days older than behavior.rawRetentionDays", async () => {
  const now = Date.UTC(2026, 5, 15, 4, 0, 0);
  const event = (daysAgo: number) => ({
    day: statsDay(now - daysAgo * DAY_MS),
    occurredAt: nowIso(now - daysAgo * DAY_MS),
    type: "pageview",
    app: "public",
    visitorId: "visitor-123",
    sessionId: "session-123",
    path: `/p/${daysAgo}`,
    device: "desktop",
  });
  await t.app.store.db
    .insertInto("behaviorEvents")
    .values([event(200), event(91), event(90), event(89), event(0)])
    .execute();
  const message = await behaviorRetention.run(
    {},
    {
      app: t.app,
      signal: new AbortController().signal,
      scheduledAt: nowIso(now),
      now: () => now,
    },
  );
  const stored = storedJobLogMessage(message as JobLogMessage);
  expect(jobLogText(stored, "en-US")).toBe(
    "Deleted 2 raw events older than 90 days",
  );
  expect(jobLogText(stored, "zh-CN")).toBe(
    "删除了 2 条早于 90 天的原始行为事件",
  );
  const left = await t.app.store.db
    .selectFrom("behaviorEvents")
    .select("path")
    .orderBy("path")
    .execute();
  expect(left.map((row) => row.path)).toEqual(["/p/0", "/p/89", "/p/90"]);
});
