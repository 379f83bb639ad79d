// The field labels of audio in both languages, without zod: the admin's message
// catalogue imports them (in the feature's messages chunk, src/i18n/featureMessages.ts).
import type { Language } from "../codes.js";
import { CONTENT_WORKFLOW_LABELS } from "./record-labels.js";

/** The labels every content resource's workflow fields share (kept under its old name). */
export { CONTENT_WORKFLOW_LABELS as contentWorkflowLabels };

export const AUDIO_FIELD_LABELS = {
  "zh-CN": {
    id: "编号",
    title: "标题",
    description: "简介",
    audioFileId: "音频文件",
    coverFileId: "封面",
    durationSec: "时长",
    speaker: "讲员",
    series: "系列",
    ...CONTENT_WORKFLOW_LABELS["zh-CN"],
  },
  "en-US": {
    id: "ID",
    title: "Title",
    description: "Description",
    audioFileId: "Audio file",
    coverFileId: "Cover",
    durationSec: "Duration",
    speaker: "Speaker",
    series: "Series",
    ...CONTENT_WORKFLOW_LABELS["en-US"],
  },
} satisfies Record<Language, Record<string, string>>;
