import { z } from "zod";
import { JOB_LOG_KEYS } from "../../../common/job-messages.js";
import { defineJobHandler } from "../registry.js";

/**
 * A handler for proving the scheduler (tests, the multi-instance check): it waits, then
 * succeeds or fails as told. Registered only with JOB_TEST_HANDLERS=true, so production
 * lists never offer it.
 */
export const testWait = defineJobHandler({
  name: "test.wait",
  label: { "zh-CN": "测试：等待", "en-US": "Test: wait" },
  description: {
    "zh-CN": "等待指定的毫秒数后结束，可选择以失败结束。",
    "en-US": "Waits the given milliseconds, then succeeds or fails as told.",
  },
  params: z
    .object({
      ms: z.number().int().min(0).max(600_000).default(0),
      fail: z.boolean().default(false),
    })
    .strict(),
  async run({ ms, fail }, { signal }) {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener(
        "abort",
        () => {
          clearTimeout(timer);
          reject(new Error("aborted"));
        },
        { once: true },
      );
    });
    if (fail) throw new Error("failed as asked");
    return { key: JOB_LOG_KEYS.waited, params: { ms } };
  },
});
