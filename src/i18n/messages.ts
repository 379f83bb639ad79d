import type { TranslationMessages } from "ra-core";
import englishMessages from "ra-language-english";
import type { Language } from "../../common/codes";
import { appMessages } from "./appMessages";
import { deepMerge, nestMessages } from "./deepMerge";
import { VALIDATION_MESSAGES } from "../../common/validation-wording";
import { raChineseMessages } from "./raChinese";

/**
 * The shell's catalogue, in the first chunk: react-admin's, ours (login, layout, menu,
 * page names, errors) and the shared validation wording. Each feature's messages load
 * with its screens (./featureMessages) and are merged over this one as they arrive.
 */
export const catalogue: Record<Language, TranslationMessages> = {
  "zh-CN": deepMerge(
    raChineseMessages as Record<string, unknown>,
    appMessages["zh-CN"],
    nestMessages(VALIDATION_MESSAGES["zh-CN"]),
  ) as TranslationMessages,
  "en-US": deepMerge(
    englishMessages as Record<string, unknown>,
    appMessages["en-US"],
    nestMessages(VALIDATION_MESSAGES["en-US"]),
  ) as TranslationMessages,
};
