import type { TranslationMessages } from "ra-core";
import englishMessages from "ra-language-english";
import type { Language } from "../../common/codes";
import { editorMessages } from "../editor/messages";
import { mediaMessages } from "../media/messages";
import { referenceMessages } from "../reference/messages";
import { systemMessages } from "../resources/system/messages";
import { jobMessages } from "../resources/jobs/messages";
import { behaviorStatsMessages } from "../behaviorStats/messages";
import { contentMessages } from "../content/messages";
import { appMessages } from "./appMessages";
import { deepMerge, nestMessages } from "./deepMerge";
import { VALIDATION_MESSAGES } from "../../common/validation-wording";
import { raChineseMessages } from "./raChinese";
import { tiptapMessages } from "./tiptap";

/** The whole catalogue: react-admin's, the editor toolbar's, ours and each feature folder's. */
export const catalogue: Record<Language, TranslationMessages> = {
  "zh-CN": deepMerge(
    raChineseMessages as Record<string, unknown>,
    tiptapMessages["zh-CN"],
    appMessages["zh-CN"],
    editorMessages["zh-CN"],
    referenceMessages["zh-CN"],
    systemMessages["zh-CN"],
    mediaMessages["zh-CN"],
    jobMessages["zh-CN"],
    behaviorStatsMessages["zh-CN"],
    contentMessages["zh-CN"],
    nestMessages(VALIDATION_MESSAGES["zh-CN"]),
  ) as TranslationMessages,
  "en-US": deepMerge(
    englishMessages as Record<string, unknown>,
    tiptapMessages["en-US"],
    appMessages["en-US"],
    editorMessages["en-US"],
    referenceMessages["en-US"],
    systemMessages["en-US"],
    mediaMessages["en-US"],
    jobMessages["en-US"],
    behaviorStatsMessages["en-US"],
    contentMessages["en-US"],
    nestMessages(VALIDATION_MESSAGES["en-US"]),
  ) as TranslationMessages,
};
