// The field labels of gospel-doc in both languages, without zod: the admin's message
// catalogue imports them (in the feature's messages chunk, src/i18n/featureMessages.ts).
import type { Language } from "../codes.js";
import { CONTENT_WORKFLOW_LABELS } from "./record-labels.js";

export const GOSPEL_DOC_FIELD_LABELS = {
  "zh-CN": {
    id: "编号",
    title: "标题",
    description: "简介",
    passage: "经文",
    fileId: "文档文件",
    coverFileId: "封面",
    language: "语言",
    ...CONTENT_WORKFLOW_LABELS["zh-CN"],
  },
  "en-US": {
    id: "ID",
    title: "Title",
    description: "Description",
    passage: "Passage",
    fileId: "Document file",
    coverFileId: "Cover",
    language: "Language",
    ...CONTENT_WORKFLOW_LABELS["en-US"],
  },
} satisfies Record<Language, Record<string, string>>;
