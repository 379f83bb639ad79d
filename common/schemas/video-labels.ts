// The field labels of video in both languages, without zod: the admin's message
// catalogue imports them (in the feature's messages chunk, src/i18n/featureMessages.ts).
import type { Language } from "../codes.js";
import { CONTENT_WORKFLOW_LABELS } from "./record-labels.js";

export const VIDEO_FIELD_LABELS = {
  "zh-CN": {
    id: "编号",
    title: "标题",
    description: "简介",
    videoFileId: "视频文件",
    videoUrl: "视频链接",
    coverFileId: "封面",
    durationSec: "时长",
    source: "来源",
    ...CONTENT_WORKFLOW_LABELS["zh-CN"],
  },
  "en-US": {
    id: "ID",
    title: "Title",
    description: "Description",
    videoFileId: "Video file",
    videoUrl: "Video link",
    coverFileId: "Cover",
    durationSec: "Duration",
    source: "Source",
    ...CONTENT_WORKFLOW_LABELS["en-US"],
  },
} satisfies Record<Language, Record<string, string>>;
