import type { Language } from "../codes.js";

/**
 * The labels every stored record's table shares: its stamps and the list's search box.
 * Each resource's label table spreads them in, so "创建时间" / "Created" is written once.
 */
export const RECORD_STAMP_LABELS = {
  "zh-CN": {
    createdAt: "创建时间",
    updatedAt: "更新时间",
    version: "版本",
    q: "搜索",
  },
  "en-US": {
    createdAt: "Created",
    updatedAt: "Updated",
    version: "Version",
    q: "Search",
  },
} satisfies Record<Language, Record<string, string>>;

/** The labels every content resource's workflow fields share (sermons to documents). */
export const CONTENT_WORKFLOW_LABELS = {
  "zh-CN": {
    status: "状态",
    publishAt: "定时发布时间",
    publishedAt: "发布时间",
    tagIds: "标签",
    createdBy: "创建者",
    updatedBy: "修改者",
    ...RECORD_STAMP_LABELS["zh-CN"],
  },
  "en-US": {
    status: "Status",
    publishAt: "Scheduled for",
    publishedAt: "Published",
    tagIds: "Tags",
    createdBy: "Created by",
    updatedBy: "Updated by",
    ...RECORD_STAMP_LABELS["en-US"],
  },
} satisfies Record<Language, Record<string, string>>;
