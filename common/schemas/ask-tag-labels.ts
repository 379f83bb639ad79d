import type { Language } from "../codes.js";

/** The Q&A tag fields' names: the moderation screen's labels and the CSV export headers. */
export const ASK_TAG_FIELD_LABELS = {
  "zh-CN": {
    id: "编号",
    name: "名称",
    nameEn: "英文名称",
    description: "描述",
    descriptionEn: "英文描述",
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
    description: "Description",
    descriptionEn: "English description",
    sortOrder: "Sort order",
    createdAt: "Created",
    updatedAt: "Updated",
    version: "Version",
    q: "Search",
  },
} satisfies Record<Language, Record<string, string>>;
