// The field labels of sermon in both languages, without zod: the admin's message
// catalogue imports them (in the feature's messages chunk, src/i18n/featureMessages.ts).
import type { Language } from "../codes.js";
import { CONTENT_WORKFLOW_LABELS } from "./record-labels.js";

export const SERMON_FIELD_LABELS = {
  "zh-CN": {
    id: "编号",
    title: "标题",
    preacher: "讲员",
    series: "系列",
    serviceType: "聚会类型",
    preachedOn: "讲道日期",
    passage: "经文",
    summary: "摘要",
    body: "正文",
    audioFileId: "音频",
    videoFileId: "视频",
    videoUrl: "视频链接",
    attachmentIds: "附件",
    coverFileId: "封面",
    regionCode: "地区",
    views: "浏览量",
    ...CONTENT_WORKFLOW_LABELS["zh-CN"],
  },
  "en-US": {
    id: "ID",
    title: "Title",
    preacher: "Preacher",
    series: "Series",
    serviceType: "Service type",
    preachedOn: "Preached on",
    passage: "Passage",
    summary: "Summary",
    body: "Text",
    audioFileId: "Audio",
    videoFileId: "Video",
    videoUrl: "Video link",
    attachmentIds: "Attachments",
    coverFileId: "Cover",
    regionCode: "Region",
    views: "Views",
    ...CONTENT_WORKFLOW_LABELS["en-US"],
  },
} satisfies Record<Language, Record<string, string>>;
