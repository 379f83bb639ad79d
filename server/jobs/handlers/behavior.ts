import { z } from "zod";
import { rollUp, statsDay } from "../../behavior/rollup.js";
import { JOB_LOG_KEYS } from "../../../common/job-messages.js";
import { defineJobHandler } from "../registry.js";

const DAY_MS = 24 * 3600 * 1000;
/** Raw events are kept this long when the setting behavior.rawRetentionDays is missing. */
export const DEFAULT_RAW_RETENTION_DAYS = 90;

export const behaviorRollup = defineJobHandler({
  name: "behavior.rollup",
  label: { "zh-CN": "行为统计汇总", "en-US": "Behaviour statistics rollup" },
  description: {
    "zh-CN":
      "把最近几天的原始行为事件重新汇总为每日统计（可重复执行，结果相同）。",
    "en-US":
      "Recomputes the daily statistics of the last days from the raw events (rerunning gives the same numbers).",
  },
  params: z
    .object({
      /** Days to recompute, today included. */
      days: z.number().int().min(1).max(400).default(2),
    })
    .strict(),
  async run({ days }, { app, now }) {
    // Events still queued in this instance count too.
    await app.behavior.flush();
    const to = statsDay(now());
    const from = statsDay(now() - (days - 1) * DAY_MS);
    const rows = await rollUp(app.store, from, to);
    return { key: JOB_LOG_KEYS.rolledUp, params: { from, to, rows } };
  },
});

export const behaviorRetention = defineJobHandler({
  name: "behavior.retention",
  label: {
    "zh-CN": "行为原始事件保留",
    "en-US": "Raw behaviour event retention",
  },
  description: {
    "zh-CN":
      "删除早于保留天数（系统配置 behavior.rawRetentionDays）的原始行为事件；每日统计保留。",
    "en-US":
      "Deletes raw behaviour events older than the setting behavior.rawRetentionDays; the daily statistics stay.",
  },
  params: z.object({}).strict(),
  async run(_params, { app, now }) {
    const days = app.settings.number(
      "behavior.rawRetentionDays",
      DEFAULT_RAW_RETENTION_DAYS,
    );
    // By whole statistics days (the indexed column): the raw events of a day go together.
    const cutoff = statsDay(now() - days * DAY_MS);
    const result = await app.store.db
      .deleteFrom("behaviorEvents")
      .where("day", "<", cutoff)
      .executeTakeFirst();
    return {
      key: JOB_LOG_KEYS.deletedRawEvents,
      params: { count: Number(result.numDeletedRows), days },
    };
  },
});

export const BEHAVIOR_HANDLERS = [behaviorRollup, behaviorRetention];
