import { z } from "zod";
import type { Language } from "../codes.js";
import { optionalText } from "./text.js";
import { workflowInputShape, workflowRecordShape } from "./workflow.js";

const fileId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1)
  .nullish();

/** A sermon (issue 11 item 3). Shared by the server (the final word) and the admin forms. */
export const sermonInputSchema = z.object({
  title: z.string().trim().min(1).max(200),
  preacher: optionalText(64),
  series: optionalText(100),
  serviceType: optionalText(64),
  /** The day it was preached, YYYY-MM-DD. */
  preachedOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)))
    .nullish(),
  /** Free text such as 约翰福音 3:16-18 or John 3:16-18. */
  passage: optionalText(200),
  summary: optionalText(2000),
  /** Rich text; sanitised on the server. */
  body: z.string().max(500_000).nullish(),
  audioFileId: fileId,
  videoFileId: fileId,
  /** An external video instead of a file: https mp4, HLS, YouTube or Bilibili. */
  videoUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^https:\/\/\S+$/)
    .nullish()
    .or(z.literal("").transform(() => null)),
  attachmentIds: z
    .array(
      z
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
    )
    .max(20)
    .optional(),
  coverFileId: fileId,
  /** The church's place: a region code of fixtures/regions.json. */
  regionCode: z
    .string()
    .regex(/^\d{6}$/)
    .nullish(),
  ...workflowInputShape,
});
export type SermonInput = z.input<typeof sermonInputSchema>;

export const sermonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  preacher: z.string().nullable(),
  series: z.string().nullable(),
  serviceType: z.string().nullable(),
  preachedOn: z.string().nullable(),
  passage: z.string().nullable(),
  summary: z.string().nullable(),
  body: z.string(),
  audioFileId: z.number().int().nullable(),
  videoFileId: z.number().int().nullable(),
  videoUrl: z.string().nullable(),
  attachmentIds: z.array(z.number().int()),
  coverFileId: z.number().int().nullable(),
  regionCode: z.string().nullable(),
  views: z.number().int(),
  ...workflowRecordShape,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Sermon = z.infer<typeof sermonSchema>;

export const SERMON_SORT_FIELDS = [
  "id",
  "title",
  "preachedOn",
  "createdAt",
  "updatedAt",
  "publishedAt",
  "views",
] as const;

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
