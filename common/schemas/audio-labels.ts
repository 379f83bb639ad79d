// The field labels of audio in both languages, without zod: the admin's message
// catalogue imports them (in the feature's messages chunk, src/i18n/featureMessages.ts).
import type { Language } from "../codes.js";

const WORKFLOW_LABELS = {
  "zh-CN": {
    status: "状态",
    publishAt: "定时发布时间",
    publishedAt: "发布时间",
    tagIds: "标签",
    createdBy: "创建者",
    updatedBy: "修改者",
    createdAt: "创建时间",
    updatedAt: "更新时间",
    version: "版本",
    q: "搜索",
  },
  "en-US": {
    status: "Status",
    publishAt: "Scheduled for",
    publishedAt: "Published",
    tagIds: "Tags",
    createdBy: "Created by",
    updatedBy: "Updated by",
    createdAt: "Created",
    updatedAt: "Updated",
    version: "Version",
    q: "Search",
  },
} satisfies Record<Language, Record<string, string>>;

/** The labels every content resource's workflow fields share. */
export const contentWorkflowLabels = WORKFLOW_LABELS;

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
    ...WORKFLOW_LABELS["zh-CN"],
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
    ...WORKFLOW_LABELS["en-US"],
  },
} satisfies Record<Language, Record<string, string>>;
