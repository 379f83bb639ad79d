/**
 * The Q&A community's own validation keys and their messages in every supported language,
 * for the envelope's field errors (the public site shows the same texts).
 */
import type { Language } from "./codes.js";

export const ASK_VALIDATION_ERRORS = {
  unknownTag: "ask.validation.unknownTag",
  emptyBody: "ask.validation.emptyBody",
} as const;

export const ASK_VALIDATION_MESSAGES: Record<
  Language,
  Record<string, string>
> = {
  "zh-CN": {
    [ASK_VALIDATION_ERRORS.unknownTag]: "没有这个标签",
    [ASK_VALIDATION_ERRORS.emptyBody]: "内容不能为空",
  },
  "en-US": {
    [ASK_VALIDATION_ERRORS.unknownTag]: "No such tag",
    [ASK_VALIDATION_ERRORS.emptyBody]: "The content must not be empty",
  },
};
