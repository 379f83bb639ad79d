import type { Language } from "../codes.js";
import { RECORD_STAMP_LABELS } from "./record-labels.js";

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
    ...RECORD_STAMP_LABELS["zh-CN"],
  },
  "en-US": {
    id: "ID",
    name: "Name",
    nameEn: "English name",
    sortOrder: "Sort order",
    ...RECORD_STAMP_LABELS["en-US"],
  },
} satisfies Record<Language, Record<string, string>>;
