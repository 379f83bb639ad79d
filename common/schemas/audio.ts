import { z } from "zod";
import type { Language } from "../codes.js";
import { workflowInputShape, workflowRecordShape } from "./workflow.js";
import { fileIdField, optionalText } from "./content-fields.js";

/** An audio recording (issue 11 item 5). Shared by the server (the final word) and the admin. */
export const audioInputSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: optionalText(2000),
  /** The recording: a library file of kind audio. Its duration comes from the library. */
  audioFileId: fileIdField,
  coverFileId: fileIdField.nullish(),
  speaker: optionalText(64),
  series: optionalText(100),
  ...workflowInputShape,
});
export type AudioInput = z.input<typeof audioInputSchema>;

export const audioSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  audioFileId: z.number().int(),
  coverFileId: z.number().int().nullable(),
  durationSec: z.number().nullable(),
  speaker: z.string().nullable(),
  series: z.string().nullable(),
  ...workflowRecordShape,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Audio = z.infer<typeof audioSchema>;

export const AUDIO_SORT_FIELDS = [
  "id",
  "title",
  "durationSec",
  "createdAt",
  "updatedAt",
  "publishedAt",
] as const;

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
