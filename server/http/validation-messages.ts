import { z } from "zod";
import type { Language } from "../../common/codes.js";
import { REFERENCE_VALIDATION_MESSAGES } from "../../common/reference-messages.js";
import { SYSTEM_VALIDATION_MESSAGES } from "../../common/system-messages.js";

type Issue = z.core.$ZodRawIssue;

const localeErrorMaps: Record<Language, z.core.$ZodErrorMap> = {
  "zh-CN": z.locales.zhCN().localeError,
  "en-US": z.locales.en().localeError,
};

/** Messages of our own checks that zod's locales do not know. Keys are issue messages. */
const CUSTOM_MESSAGES: Record<string, Record<Language, string>> = {
  "unknown field": { "zh-CN": "不支持的字段", "en-US": "Unknown field" },
  "not valid JSON": { "zh-CN": "不是有效的 JSON", "en-US": "Not valid JSON" },
  "range too large": {
    "zh-CN": "每页最多 100 条",
    "en-US": "At most 100 rows a page",
  },
  "invalid range": {
    "zh-CN": "范围应为 [起始, 结束]",
    "en-US": "Range must be [start, end]",
  },
  "invalid sort": {
    "zh-CN": '排序应为 [字段, "ASC"|"DESC"]',
    "en-US": 'Sort must be [field, "ASC"|"DESC"]',
  },
  required: { "zh-CN": "必填", "en-US": "Required" },
  "html too complex": {
    "zh-CN": "内容结构过于复杂，无法保存",
    "en-US": "The content is too deeply nested to be saved",
  },
  "contains a NUL character": {
    "zh-CN": "不能包含空字符（NUL）",
    "en-US": "Must not contain a NUL character",
  },
  "already taken": {
    "zh-CN": "该值已被使用",
    "en-US": "This value is already taken",
  },
  "stale version": {
    "zh-CN": "记录已被他人修改，请刷新后重试",
    "en-US": "The record was changed by someone else; reload and try again",
  },
};

/** The message for one field problem, in the caller's language. */
export function localizeIssue(issue: Issue, language: Language): string {
  // A schema that names its own message (a key of ours, or a shared schema's key) wins,
  // whatever the issue's code: `.regex(re, { message: key })` reports invalid_format.
  if (typeof issue.message === "string") {
    const worded = knownText(issue.message, language);
    if (worded !== undefined) return worded;
    if (issue.code === "custom") return issue.message;
  }
  const localized = localeErrorMaps[language](issue);
  if (typeof localized === "string") return localized;
  if (localized && typeof localized.message === "string")
    return localized.message;
  return typeof issue.message === "string" ? issue.message : "invalid";
}

/** Localizes one of our own short messages (see CUSTOM_MESSAGES). */
function knownText(message: string, language: Language): string | undefined {
  return (
    CUSTOM_MESSAGES[message]?.[language] ??
    REFERENCE_VALIDATION_MESSAGES[language][message] ??
    SYSTEM_VALIDATION_MESSAGES[language][message]
  );
}

export function localizeText(message: string, language: Language): string {
  return knownText(message, language) ?? message;
}
