import type { Language } from "../codes.js";
import { TAG_FIELD_LABELS } from "./tag-labels.js";

/** The Q&A tag fields' names: the moderation screen's labels and the CSV export headers. */
export const ASK_TAG_FIELD_LABELS = {
  "zh-CN": {
    ...TAG_FIELD_LABELS["zh-CN"],
    description: "描述",
    descriptionEn: "英文描述",
  },
  "en-US": {
    ...TAG_FIELD_LABELS["en-US"],
    description: "Description",
    descriptionEn: "English description",
  },
} satisfies Record<Language, Record<string, string>>;
