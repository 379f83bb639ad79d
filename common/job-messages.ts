/**
 * The jobs' own validation keys and their messages in every supported language. The server
 * words `data.errors` with them and the admin merges the same texts, so a bad cron reads the
 * same whichever side caught it. No zod here: the admin's catalogue stays light.
 */
import type { Language } from "./codes.js";
import { AUDIT_RESOURCE_LABELS } from "./audit-labels.js";

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

/**
 * A job log's message as a key and its values (issue 25 item 19: the log read in English in
 * the zh-CN admin). The scheduler stores it as JSON in the log's `message` (or `error`)
 * column; the server words it in each reader's language when it answers a list, a log or an
 * export. A stored text that is not such JSON (rows written before) reads as it is.
 */
export const JOB_LOG_KEYS = {
  skippedRunning: "job.log.skipped_running",
  timedOut: "job.log.timed_out",
  instanceStopped: "job.log.instance_stopped",
  deletedSessions: "job.log.deleted_sessions",
  deletedLoginFailures: "job.log.deleted_login_failures",
  deletedJobLogs: "job.log.deleted_job_logs",
  deletedLoginLogs: "job.log.deleted_login_logs",
  deletedRawEvents: "job.log.deleted_raw_events",
  rolledUp: "job.log.rolled_up",
  published: "job.log.published",
  nothingDue: "job.log.nothing_due",
  crawled: "job.log.crawled",
  waited: "job.log.waited",
  digests: "job.log.digests",
  digestsNoOrigin: "job.log.digests_no_origin",
} as const;
type JobLogKey = (typeof JOB_LOG_KEYS)[keyof typeof JOB_LOG_KEYS];

/** A value of a message: a number, a text, or counts by resource (`{ articles: 2 }`). */
export type JobLogValue = string | number | Record<string, number>;
export interface JobLogMessage {
  key: JobLogKey;
  params?: Record<string, JobLogValue>;
}

/**
 * `%{name}` is a value; `{name, one {…} other {…}}` picks by the number `name`, with `#`
 * standing for it (English needs it; Chinese has no plural forms).
 */
export const JOB_LOG_MESSAGES: Record<Language, Record<JobLogKey, string>> = {
  "zh-CN": {
    [JOB_LOG_KEYS.skippedRunning]: "上一次运行尚未结束，本次跳过",
    [JOB_LOG_KEYS.timedOut]: "运行超过 %{seconds} 秒，已超时",
    [JOB_LOG_KEYS.instanceStopped]: "运行它的服务实例已停止",
    [JOB_LOG_KEYS.deletedSessions]: "删除了 %{count} 个会话",
    [JOB_LOG_KEYS.deletedLoginFailures]: "删除了 %{count} 条登录失败记录",
    [JOB_LOG_KEYS.deletedJobLogs]:
      "删除了 %{count} 条早于 %{days} 天的任务日志",
    [JOB_LOG_KEYS.deletedLoginLogs]:
      "删除了 %{count} 条早于 %{days} 天的登录日志",
    [JOB_LOG_KEYS.deletedRawEvents]:
      "删除了 %{count} 条早于 %{days} 天的原始行为事件",
    [JOB_LOG_KEYS.rolledUp]: "汇总了 %{from} 至 %{to}：%{rows} 行每日统计",
    [JOB_LOG_KEYS.published]: "已发布：%{counts}",
    [JOB_LOG_KEYS.nothingDue]: "没有到期的定时发布内容",
    [JOB_LOG_KEYS.crawled]:
      "抓取 %{pages} 个网页，新建 %{created} 条，跳过 %{duplicates} 条重复，%{blocked} 个被 robots.txt 禁止，%{errors} 个错误",
    [JOB_LOG_KEYS.waited]: "等待了 %{ms} 毫秒",
    [JOB_LOG_KEYS.digests]: "发出 %{count} 封通知摘要邮件",
    [JOB_LOG_KEYS.digestsNoOrigin]:
      "未设置 PUBLIC_ORIGIN，邮件中的链接无从生成，没有发出摘要",
  },
  "en-US": {
    [JOB_LOG_KEYS.skippedRunning]: "Skipped: the previous run is still going",
    [JOB_LOG_KEYS.timedOut]: "Timed out after %{seconds} s",
    [JOB_LOG_KEYS.instanceStopped]: "The server instance running it stopped",
    [JOB_LOG_KEYS.deletedSessions]:
      "Deleted {count, one {# session} other {# sessions}}",
    [JOB_LOG_KEYS.deletedLoginFailures]:
      "Deleted {count, one {# login failure} other {# login failures}}",
    [JOB_LOG_KEYS.deletedJobLogs]:
      "Deleted {count, one {# job log} other {# job logs}} older than {days, one {# day} other {# days}}",
    [JOB_LOG_KEYS.deletedLoginLogs]:
      "Deleted {count, one {# login log entry} other {# login log entries}} older than {days, one {# day} other {# days}}",
    [JOB_LOG_KEYS.deletedRawEvents]:
      "Deleted {count, one {# raw event} other {# raw events}} older than {days, one {# day} other {# days}}",
    [JOB_LOG_KEYS.rolledUp]:
      "Rolled up %{from} to %{to}: {rows, one {# daily row} other {# daily rows}}",
    [JOB_LOG_KEYS.published]: "Published: %{counts}",
    [JOB_LOG_KEYS.nothingDue]: "Nothing was due",
    [JOB_LOG_KEYS.crawled]:
      "Fetched {pages, one {# page} other {# pages}}, created %{created}, skipped {duplicates, one {# duplicate} other {# duplicates}}, %{blocked} blocked by robots.txt, {errors, one {# error} other {# errors}}",
    [JOB_LOG_KEYS.waited]: "Waited %{ms} ms",
    [JOB_LOG_KEYS.digests]:
      "Queued {count, one {# notice digest} other {# notice digests}}",
    [JOB_LOG_KEYS.digestsNoOrigin]:
      "PUBLIC_ORIGIN is not set, so no link could be written: no digest was sent",
  },
};

const STORED_PREFIX = '{"key":"job.log.';

/** The text the scheduler stores for a message. */
export function storedJobLogMessage(message: JobLogMessage): string {
  return JSON.stringify({ key: message.key, params: message.params ?? {} });
}

/**
 * A stored message in `language`: a keyed one worded from the catalogue, anything else
 * (an older row, a handler's plain text, an error's stack) as it is.
 */
export function jobLogText(
  stored: string | null,
  language: Language,
): string | null {
  if (stored === null || !stored.startsWith(STORED_PREFIX)) return stored;
  let message: { key: string; params?: Record<string, JobLogValue> };
  try {
    message = JSON.parse(stored) as typeof message;
  } catch {
    return stored;
  }
  const template = (
    JOB_LOG_MESSAGES[language] as Record<string, string | undefined>
  )[message.key];
  if (template === undefined) return stored;
  const params = message.params ?? {};
  const list = language === "zh-CN" ? "、" : ", ";
  return template
    .replace(
      /\{(\w+), one \{([^{}]*)\} other \{([^{}]*)\}\}/g,
      (_, name: string, one: string, other: string) => {
        const count = Number(params[name]);
        return (count === 1 ? one : other).replace("#", String(params[name]));
      },
    )
    .replace(/%\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) return "";
      if (typeof value !== "object") return String(value);
      return Object.entries(value)
        .map(
          ([resource, count]) =>
            `${AUDIT_RESOURCE_LABELS[language][resource] ?? resource} ${count}`,
        )
        .join(list);
    });
}
