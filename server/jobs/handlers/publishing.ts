import { z } from "zod";
import { publishDue } from "../../resources/workflow.js";
import { JOB_LOG_KEYS } from "../../../common/job-messages.js";
import { defineJobHandler } from "../registry.js";

/**
 * Scheduled publishing: reads already treat a scheduled record as published once its
 * time has passed, so this only makes the stored status agree (for exports, counts and
 * anything that reads the column itself). It flips every workflow resource at once.
 */
export const publishScheduled = defineJobHandler({
  name: "content.publishDue",
  label: { "zh-CN": "定时发布", "en-US": "Scheduled publishing" },
  description: {
    "zh-CN": "将发布时间已到的“定时发布”内容标记为“已发布”。",
    "en-US": "Marks scheduled content whose time has come as published.",
  },
  params: z.object({}).strict(),
  async run(_params, { app, now }) {
    const flipped = await publishDue(app.store, new Date(now()));
    const counts = Object.fromEntries(
      Object.entries(flipped).filter(([, count]) => count > 0),
    );
    return Object.keys(counts).length > 0
      ? { key: JOB_LOG_KEYS.published, params: { counts } }
      : { key: JOB_LOG_KEYS.nothingDue };
  },
});

export const PUBLISHING_HANDLERS = [publishScheduled];
