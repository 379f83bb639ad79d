/**
 * Coded values as a person reads them: a record's status, kind or trigger. The admin's
 * screens show these (each feature's messages spread its sets) and the server's CSV exports
 * write them in the caller's language (a CSV column's `values`), so a list and its export
 * never disagree (issue 25 item 19). No zod here: the admin's catalogue stays light. A
 * believer's gender and status live in `schemas/disciple-labels.ts`.
 */
import type { Language } from "./codes.js";
import type { CONFIG_TYPES } from "./schemas/config.js";
import type { MEDIA_KINDS } from "./media-rules.js";
import type { DOC_LANGUAGES } from "./schemas/gospel-doc.js";
import type {
  JOB_LOG_STATUSES,
  JOB_STATUSES,
  JOB_TRIGGERS,
  MISFIRE_POLICIES,
} from "./schemas/job.js";
import type { CHANNEL_STATUSES, LIVE_VIDEO_STATUSES } from "./schemas/live.js";
import type { LOGIN_RESULTS } from "./schemas/login-log.js";
import type { OUTBOX_STATUSES } from "./schemas/mail-outbox.js";
import type { SPIDER_RUN_STATUSES, SPIDER_TARGETS } from "./schemas/spider.js";
import type { USER_STATUSES } from "./schemas/user.js";
import type { WORKFLOW_STATUSES } from "./schemas/workflow.js";

type Labels<T extends readonly string[]> = Record<T[number], string>;

interface ChoiceLabels {
  contentStatus: Labels<typeof WORKFLOW_STATUSES>;
  docLanguage: Labels<typeof DOC_LANGUAGES>;
  mediaKind: Labels<typeof MEDIA_KINDS>;
  jobStatus: Labels<typeof JOB_STATUSES>;
  jobLogStatus: Labels<typeof JOB_LOG_STATUSES>;
  jobTrigger: Labels<typeof JOB_TRIGGERS>;
  jobMisfire: Labels<typeof MISFIRE_POLICIES>;
  channelStatus: Labels<typeof CHANNEL_STATUSES>;
  liveVideoStatus: Labels<typeof LIVE_VIDEO_STATUSES>;
  spiderTarget: Labels<typeof SPIDER_TARGETS>;
  spiderRunStatus: Labels<typeof SPIDER_RUN_STATUSES>;
  userStatus: Labels<typeof USER_STATUSES>;
  outboxStatus: Labels<typeof OUTBOX_STATUSES>;
  loginResult: Labels<typeof LOGIN_RESULTS>;
  configType: Labels<typeof CONFIG_TYPES>;
  /** A yes/no column (enabled, built in, visible): the lists show it as a tick. */
  yesNo: { true: string; false: string };
}

export const CHOICE_LABELS: Record<Language, ChoiceLabels> = {
  "zh-CN": {
    contentStatus: {
      draft: "草稿",
      published: "已发布",
      scheduled: "定时发布",
      archived: "已归档",
    },
    docLanguage: {
      "zh-CN": "简体中文",
      "zh-TW": "繁体中文",
      "en-US": "英文",
      other: "其他",
    },
    mediaKind: {
      image: "图片",
      audio: "音频",
      video: "视频",
      document: "文档",
    },
    jobStatus: { normal: "正常", paused: "暂停" },
    jobLogStatus: {
      running: "运行中",
      success: "成功",
      failed: "失败",
      skipped: "已跳过",
    },
    jobTrigger: { schedule: "定时", manual: "手动", misfire: "错过补跑" },
    jobMisfire: {
      fireAll: "立即执行（补跑每次错过的执行）",
      fireOnce: "执行一次",
      doNothing: "放弃执行",
    },
    channelStatus: { idle: "空闲", live: "直播中", offline: "已停用" },
    liveVideoStatus: {
      scheduled: "计划中",
      live: "直播中",
      ended: "已结束",
      cancelled: "已取消",
    },
    spiderTarget: { sermon: "讲道（草稿）", article: "文章（草稿）" },
    spiderRunStatus: { running: "运行中", success: "成功", failed: "失败" },
    userStatus: { enabled: "启用", disabled: "停用" },
    outboxStatus: { pending: "待发送", sent: "已发送", failed: "发送失败" },
    loginResult: {
      success: "成功",
      failure: "失败",
      throttled: "已限制",
      disabled: "账号停用",
      otpRequired: "待输入验证码",
    },
    configType: {
      string: "文本",
      number: "数字",
      boolean: "开关",
      json: "JSON",
    },
    yesNo: { true: "是", false: "否" },
  },
  "en-US": {
    contentStatus: {
      draft: "Draft",
      published: "Published",
      scheduled: "Scheduled",
      archived: "Archived",
    },
    docLanguage: {
      "zh-CN": "Simplified Chinese",
      "zh-TW": "Traditional Chinese",
      "en-US": "English",
      other: "Other",
    },
    mediaKind: {
      image: "image",
      audio: "audio",
      video: "video",
      document: "document",
    },
    jobStatus: { normal: "Normal", paused: "Paused" },
    jobLogStatus: {
      running: "Running",
      success: "Success",
      failed: "Failed",
      skipped: "Skipped",
    },
    jobTrigger: { schedule: "Schedule", manual: "Manual", misfire: "Misfire" },
    jobMisfire: {
      fireAll: "Run now (each missed fire)",
      fireOnce: "Run once",
      doNothing: "Do nothing",
    },
    channelStatus: { idle: "Idle", live: "Live", offline: "Offline" },
    liveVideoStatus: {
      scheduled: "Scheduled",
      live: "Live",
      ended: "Ended",
      cancelled: "Cancelled",
    },
    spiderTarget: { sermon: "Sermon (draft)", article: "Article (draft)" },
    spiderRunStatus: {
      running: "Running",
      success: "Success",
      failed: "Failed",
    },
    userStatus: { enabled: "Enabled", disabled: "Disabled" },
    outboxStatus: { pending: "Waiting", sent: "Sent", failed: "Failed" },
    loginResult: {
      success: "Success",
      failure: "Failure",
      throttled: "Throttled",
      disabled: "Account disabled",
      otpRequired: "Code asked for",
    },
    configType: {
      string: "Text",
      number: "Number",
      boolean: "Switch",
      json: "JSON",
    },
    yesNo: { true: "Yes", false: "No" },
  },
};

/** One set's labels in every language, as a CSV column's `values` takes them. */
export function choiceLabels(
  set: keyof ChoiceLabels,
): Record<Language, Record<string, string>> {
  return {
    "zh-CN": CHOICE_LABELS["zh-CN"][set],
    "en-US": CHOICE_LABELS["en-US"][set],
  };
}
