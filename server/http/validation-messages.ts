import type { z } from "zod";
import type { Language } from "../../common/codes.js";
import {
  VALIDATION_MESSAGES,
  wordValidation,
} from "../../common/validation-wording.js";
import { describeIssue } from "../../common/zod-issues.js";
import { BIDI_CONTROL_ISSUE } from "../../common/schemas/text.js";
import { REFERENCE_VALIDATION_MESSAGES } from "../../common/reference-messages.js";
import { ASK_VALIDATION_MESSAGES } from "../../common/ask-messages.js";
import { SYSTEM_VALIDATION_MESSAGES } from "../../common/system-messages.js";
import { JOB_VALIDATION_MESSAGES } from "../../common/job-messages.js";
import { SPIDER_VALIDATION_MESSAGES } from "../../common/spider-messages.js";
import { CONTENT_VALIDATION_MESSAGES } from "../../common/content-messages.js";
import { DISCIPLE_VALIDATION_MESSAGES } from "../../common/disciple-messages.js";
import { LIVE_VALIDATION_MESSAGES } from "../../common/live-messages.js";

type Issue = z.core.$ZodRawIssue;

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
  "bad url": {
    "zh-CN": "网址编码有误",
    "en-US": "The URL is not correctly encoded",
  },
  "path too long": {
    "zh-CN": "路径参数过长",
    "en-US": "A path parameter is too long",
  },
  [BIDI_CONTROL_ISSUE]: {
    "zh-CN": "不能包含双向文本控制字符",
    "en-US": "Must not contain bidirectional control characters",
  },
  "malformed multipart": {
    "zh-CN": "上传的表单数据格式有误",
    "en-US": "The uploaded form data is malformed",
  },
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
  "not a scripture reference": {
    "zh-CN": "不是有效的经文出处（例如：约翰福音 3:16）",
    "en-US": "Not a scripture reference (e.g. John 3:16)",
  },
  "no such passage": {
    "zh-CN": "没有这处经文：章或节超出了该卷书的范围",
    "en-US":
      "No such passage: the chapter or verse is past the end of the book",
  },
  "stale version": {
    "zh-CN": "数据冲突：记录已被他人修改，请刷新后重试",
    "en-US":
      "Conflict: the record was changed by someone else; reload and try again",
  },
  "transition not allowed": {
    "zh-CN": "当前状态下不能执行此操作",
    "en-US": "The record cannot move to this status from its current one",
  },
  "must be in the future": {
    "zh-CN": "必须是将来的时间",
    "en-US": "Must be a time in the future",
  },
  "unknown tag": {
    "zh-CN": "包含不存在的标签",
    "en-US": "Contains a tag that does not exist",
  },
  "unknown file": {
    "zh-CN": "文件不存在",
    "en-US": "The file does not exist",
  },
  "not a image file": {
    "zh-CN": "请选择图片文件",
    "en-US": "Must be an image file",
  },
  "not a audio file": {
    "zh-CN": "请选择音频文件",
    "en-US": "Must be an audio file",
  },
  "not a video file": {
    "zh-CN": "请选择视频文件",
    "en-US": "Must be a video file",
  },
  "not a document file": {
    "zh-CN": "请选择文档文件",
    "en-US": "Must be a document file",
  },
  "record in use": {
    "zh-CN": "该记录正被其他内容引用，不能删除",
    "en-US": "This record is used by other content and cannot be deleted",
  },
  "unknown reference": {
    "zh-CN": "引用的记录不存在",
    "en-US": "A record this refers to does not exist",
  },
  "file in use": {
    "zh-CN": "该文件正被其他内容引用，不能删除",
    "en-US": "This file is used by other content and cannot be deleted",
  },
  "revision not found": {
    "zh-CN": "该版本不存在",
    "en-US": "No such revision",
  },
  "revision no longer valid": {
    "zh-CN": "该版本的内容已不符合现在的规则，无法恢复",
    "en-US":
      "This revision no longer passes today's checks and cannot be restored",
  },
  "unknown suggestion field": {
    "zh-CN": "不支持该字段的建议",
    "en-US": "No suggestions for this field",
  },
};

/** The message for one field problem, in the caller's language (see common/zod-issues). */
export function localizeIssue(issue: Issue, language: Language): string {
  // A schema that names its own message (a key of ours, or a shared schema's key) wins,
  // whatever the issue's code: `.regex(re, { message: key })` reports invalid_format.
  if (typeof issue.message === "string") {
    const worded = knownText(issue.message, language);
    if (worded !== undefined) return worded;
  }
  return wordValidation(describeIssue(issue), language);
}

/** Localizes one of our own short messages (see CUSTOM_MESSAGES). */
function knownText(message: string, language: Language): string | undefined {
  return (
    CUSTOM_MESSAGES[message]?.[language] ??
    VALIDATION_MESSAGES[language][message] ??
    REFERENCE_VALIDATION_MESSAGES[language][message] ??
    SYSTEM_VALIDATION_MESSAGES[language][message] ??
    JOB_VALIDATION_MESSAGES[language][message] ??
    SPIDER_VALIDATION_MESSAGES[language][message] ??
    CONTENT_VALIDATION_MESSAGES[language][message] ??
    DISCIPLE_VALIDATION_MESSAGES[language][message] ??
    ASK_VALIDATION_MESSAGES[language][message] ??
    LIVE_VALIDATION_MESSAGES[language][message]
  );
}

export function localizeText(message: string, language: Language): string {
  return knownText(message, language) ?? message;
}
