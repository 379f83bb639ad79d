import { z } from "zod";
import type { Language } from "../codes.js";
import { MEDIA_KINDS } from "../media-rules.js";

/** A media library file (issue 11 item 1), as the API answers it. */
export const fileSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MEDIA_KINDS),
  originalName: z.string(),
  mime: z.string(),
  size: z.number(),
  sha256: z.string(),
  /** Where it is served: `/files/<key>`. */
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationSec: z.number().nullable(),
  /** How many records use it; a used file cannot be deleted. */
  usageCount: z.number().int(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type MediaFile = z.infer<typeof fileSchema>;

export const FILE_SORT_FIELDS = [
  "id",
  "kind",
  "size",
  "usageCount",
  "createdAt",
] as const;

export const FILE_FIELD_LABELS = {
  "zh-CN": {
    id: "编号",
    kind: "类型",
    originalName: "文件名",
    mime: "格式",
    size: "大小",
    sha256: "SHA-256",
    url: "地址",
    width: "宽度",
    height: "高度",
    durationSec: "时长（秒）",
    usageCount: "引用数",
    createdBy: "上传者",
    createdAt: "上传时间",
    updatedAt: "更新时间",
    version: "版本",
    q: "搜索",
  },
  "en-US": {
    id: "ID",
    kind: "Kind",
    originalName: "File name",
    mime: "Format",
    size: "Size",
    sha256: "SHA-256",
    url: "URL",
    width: "Width",
    height: "Height",
    durationSec: "Duration (s)",
    usageCount: "Used by",
    createdBy: "Uploaded by",
    createdAt: "Uploaded",
    updatedAt: "Updated",
    version: "Version",
    q: "Search",
  },
} satisfies Record<Language, Record<string, string>>;
