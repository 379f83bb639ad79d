import { afterAll, beforeAll, expect, test } from "vitest";
import { nowIso } from "../../db/dialect.js";
import {
  jobLogText,
  storedJobLogMessage,
  type JobLogMessage,
} from "../../../common/job-messages.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { publishScheduled } from "./publishing.js";

let t: TestApp;
let editor: string;
beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.loginAs("editor");
});
afterAll(async () => {
  await t.close();
});

test("is seeded as a built-in job and flips due scheduled sermons to published", async () => {
  const seeded = await t.app.store.db
    .selectFrom("jobs")
    .select(["handler", "status"])
    .where("handler", "=", "content.publishDue")
    .executeTakeFirst();
  expect(seeded).toEqual({ handler: "content.publishDue", status: "normal" });

  const publishAt = new Date(Date.now() + 3600_000).toISOString();
  const created = await t.request({
    method: "POST",
    url: "/tjc/sermons",
    token: editor,
    payload: {
      title: "定时发布的讲道",
      preacher: "张牧师",
      preachedOn: "2026-11-22",
      status: "scheduled",
      publishAt,
    },
  });
  expect(created.json().code, created.body).toBe(0);
  const id = created.json().data.id as number;
  const context = (at: number) => ({
    app: t.app,
    signal: new AbortController().signal,
    scheduledAt: nowIso(at),
    now: () => at,
  });

  const read = (message: unknown, language: "zh-CN" | "en-US") =>
    jobLogText(storedJobLogMessage(message as JobLogMessage), language);
  const none = await publishScheduled.run({}, context(Date.now()));
  expect(read(none, "en-US")).toBe("Nothing was due");
  const later = Date.parse(publishAt) + 60_000;
  const published = await publishScheduled.run({}, context(later));
  expect(read(published, "en-US")).toBe("Published: Sermons 1");
  expect(read(published, "zh-CN")).toBe("已发布：讲道 1");
  const row = await t.app.store.db
    .selectFrom("sermons")
    .select(["status", "publishedAt"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe("published");
  expect(Date.parse(String(row.publishedAt))).toBe(Date.parse(publishAt));
});
