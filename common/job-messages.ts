/**
 * The jobs' own validation keys and their messages in every supported language. The server
 * words `data.errors` with them and the admin merges the same texts, so a bad cron reads the
 * same whichever side caught it. No zod here: the admin's catalogue stays light.
 */
import type { Language } from "./codes.js";

export const JOB_ERRORS = {
  cronFields: "job.validation.cron_fields",
  cron: "job.validation.cron",
  cronNever: "job.validation.cron_never",
  timezone: "job.validation.timezone",
  handler: "job.validation.handler",
  params: "job.validation.params",
  paramsJson: "job.validation.params_json",
  builtIn: "job.validation.built_in",
} as const;

export const JOB_VALIDATION_MESSAGES: Record<
  Language,
  Record<string, string>
> = {
  "zh-CN": {
    [JOB_ERRORS.cronFields]:
      "cron 表达式应有 5 个字段（分 时 日 月 周）或 6 个字段（秒 分 时 日 月 周）",
    [JOB_ERRORS.cron]:
      "不是有效的 cron 表达式，例如：0 */5 * * * *（每 5 分钟）",
    [JOB_ERRORS.cronNever]: "这个 cron 表达式永远不会触发",
    [JOB_ERRORS.timezone]: "不是有效的时区，例如：Asia/Shanghai",
    [JOB_ERRORS.handler]: "没有这个处理程序",
    [JOB_ERRORS.params]: "参数不符合该处理程序的要求",
    [JOB_ERRORS.paramsJson]: "参数应为 JSON 对象",
    [JOB_ERRORS.builtIn]: "内置任务不能删除，可以暂停它",
  },
  "en-US": {
    [JOB_ERRORS.cronFields]:
      "A cron expression has 5 fields (minute hour day month weekday) or 6 (second first)",
    [JOB_ERRORS.cron]:
      "Not a valid cron expression; for example 0 */5 * * * * (every 5 minutes)",
    [JOB_ERRORS.cronNever]: "This cron expression never fires",
    [JOB_ERRORS.timezone]: "Not a valid time zone; for example Asia/Shanghai",
    [JOB_ERRORS.handler]: "No handler has this name",
    [JOB_ERRORS.params]: "The parameters do not suit this handler",
    [JOB_ERRORS.paramsJson]: "Parameters must be a JSON object",
    [JOB_ERRORS.builtIn]: "A built-in job cannot be deleted; pause it instead",
  },
};
