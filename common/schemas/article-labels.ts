// The field labels of article in both languages, without zod: the admin's message
// catalogue imports them (in the feature's messages chunk, src/i18n/featureMessages.ts).
import type { Language } from "../codes.js";
import { CONTENT_WORKFLOW_LABELS } from "./record-labels.js";

export const ARTICLE_FIELD_LABELS = {
  "zh-CN": {
    id: "编号",
    title: "标题",
    author: "作者",
    category: "分类",
    coverFileId: "封面",
    summary: "摘要",
    body: "正文",
    sourceUrl: "原文链接",
    ...CONTENT_WORKFLOW_LABELS["zh-CN"],
    passage: "经文",
  },
  "en-US": {
    id: "ID",
    title: "Title",
    author: "Author",
    category: "Category",
    coverFileId: "Cover",
    summary: "Summary",
    body: "Text",
    sourceUrl: "Source link",
    ...CONTENT_WORKFLOW_LABELS["en-US"],
    passage: "Passage",
  },
} satisfies Record<Language, Record<string, string>>;
