/** The job and job-log screens' strings (merged into the admin's i18n catalogue). */
import { JOB_VALIDATION_MESSAGES } from "../../../common/job-messages";
import {
  JOB_FIELD_LABELS,
  JOB_LOG_FIELD_LABELS,
} from "../../../common/schemas/job-labels";
import { nestMessages } from "../../i18n/deepMerge";
import { CHOICE_LABELS } from "../../../common/choice-labels";

export const jobMessages = {
  "zh-CN": {
    ...nestMessages(JOB_VALIDATION_MESSAGES["zh-CN"]),
    jobs: {
      misfire: CHOICE_LABELS["zh-CN"].jobMisfire,
      status: CHOICE_LABELS["zh-CN"].jobStatus,
      log_status: CHOICE_LABELS["zh-CN"].jobLogStatus,
      trigger: CHOICE_LABELS["zh-CN"].jobTrigger,
      next_runs: "接下来 5 次执行（%{zone}）",
      next_runs_none: "填写有效的 cron 表达式后，这里会显示接下来的执行时间",
      cron_helper: "5 个字段：分 时 日 月 周；6 个字段：秒 分 时 日 月 周",
      params_json: "参数（JSON 对象）",
      params_none: "此处理程序没有参数",
      params_default: "留空则使用默认值 %{value}",
      // The handlers' parameter names (issue 25 item 19: "days" stayed English).
      param: { days: "天数", ms: "等待毫秒数", fail: "模拟失败" },
      handler_pick: "先选择处理程序",
      run: "立即执行",
      run_started: "已开始执行，结果见任务日志",
      run_skipped: "上一次执行尚未结束，本次已跳过",
      pause: "暂停",
      resume: "恢复",
      paused_done: "已暂停",
      resumed_done: "已恢复",
      logs: "日志",
      timeout_helper: "0 表示不限时；超时的执行记为失败并被中止",
      clear: "清除旧日志",
      clear_title: "清除早于所选时间的日志",
      clear_before: "早于",
      clear_confirm: "清除",
      clear_cancel: "取消",
      cleared: "已清除 %{count} 条日志",
      started_from: "开始不早于",
      started_to: "开始早于",
    },
    resources: {
      "admin/system/jobManage": {
        fields: JOB_FIELD_LABELS["zh-CN"],
      },
      "admin/system/joblogManage": {
        fields: JOB_LOG_FIELD_LABELS["zh-CN"],
      },
    },
  },
  "en-US": {
    ...nestMessages(JOB_VALIDATION_MESSAGES["en-US"]),
    jobs: {
      misfire: CHOICE_LABELS["en-US"].jobMisfire,
      status: CHOICE_LABELS["en-US"].jobStatus,
      log_status: CHOICE_LABELS["en-US"].jobLogStatus,
      trigger: CHOICE_LABELS["en-US"].jobTrigger,
      next_runs: "Next 5 fire times (%{zone})",
      next_runs_none:
        "The next fire times appear here once the cron expression is valid",
      cron_helper:
        "5 fields: minute hour day month weekday; 6 fields: second first",
      params_json: "Parameters (a JSON object)",
      params_none: "This handler takes no parameters",
      params_default: "Left empty: %{value}",
      param: {
        days: "Days",
        ms: "Wait (milliseconds)",
        fail: "Fail on purpose",
      },
      handler_pick: "Choose a handler first",
      run: "Run now",
      run_started: "Started; see the job log for the outcome",
      run_skipped: "The previous run is still going; this one was skipped",
      pause: "Pause",
      resume: "Resume",
      paused_done: "Paused",
      resumed_done: "Resumed",
      logs: "Logs",
      timeout_helper:
        "0 means no limit; a run past it is logged as failed and aborted",
      clear: "Clear old logs",
      clear_title: "Clear the logs older than a time",
      clear_before: "Older than",
      clear_confirm: "Clear",
      clear_cancel: "Cancel",
      cleared: "%{count} logs cleared",
      started_from: "Started from",
      started_to: "Started before",
    },
    resources: {
      "admin/system/jobManage": {
        fields: JOB_FIELD_LABELS["en-US"],
      },
      "admin/system/joblogManage": {
        fields: JOB_LOG_FIELD_LABELS["en-US"],
      },
    },
  },
};
