import type { Language } from "../codes.js";

/**
 * The tag fields' names a person reads: the admin's column and input labels, and the
 * server's CSV export headers. One list, so the two never disagree.
 */
export const TAG_FIELD_LABELS = {
  "zh-CN": {
    id: "编号",
    name: "名称",
    nameEn: "英文名称",
    sortOrder: "排序",
    createdAt: "创建时间",
    updatedAt: "更新时间",
    version: "版本",
    q: "搜索",
  },
  "en-US": {
    id: "ID",
    name: "Name",
    nameEn: "English name",
    sortOrder: "Sort order",
    createdAt: "Created",
    updatedAt: "Updated",
    version: "Version",
    q: "Search",
  },
} satisfies Record<Language, Record<string, string>>;
