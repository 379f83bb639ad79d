/**
 * The Q&A community's own validation keys and their messages in every supported language,
 * for the envelope's field errors (the public site shows the same texts).
 */
import type { Language } from "./codes.js";

export const ASK_VALIDATION_ERRORS = {
  unknownTag: "ask.validation.unknownTag",
  emptyBody: "ask.validation.emptyBody",
  reasonRequired: "ask.validation.reasonRequired",
  untilInPast: "ask.validation.untilInPast",
  mergeSelf: "ask.validation.mergeSelf",
  hideUser: "ask.validation.hideUser",
  noChange: "ask.validation.noChange",
} as const;

export const ASK_VALIDATION_MESSAGES: Record<
  Language,
  Record<string, string>
> = {
  "zh-CN": {
    [ASK_VALIDATION_ERRORS.unknownTag]: "没有这个标签",
    [ASK_VALIDATION_ERRORS.emptyBody]: "内容不能为空",
    [ASK_VALIDATION_ERRORS.reasonRequired]: "请填写原因",
    [ASK_VALIDATION_ERRORS.untilInPast]: "结束时间必须晚于现在",
    [ASK_VALIDATION_ERRORS.mergeSelf]: "不能合并到同一个标签",
    [ASK_VALIDATION_ERRORS.hideUser]: "成员不能隐藏，请选择禁言",
    [ASK_VALIDATION_ERRORS.noChange]: "没有要修改的内容",
  },
  "en-US": {
    [ASK_VALIDATION_ERRORS.unknownTag]: "No such tag",
    [ASK_VALIDATION_ERRORS.emptyBody]: "The content must not be empty",
    [ASK_VALIDATION_ERRORS.reasonRequired]: "Please give a reason",
    [ASK_VALIDATION_ERRORS.untilInPast]: "The end must be later than now",
    [ASK_VALIDATION_ERRORS.mergeSelf]: "A tag cannot be merged into itself",
    [ASK_VALIDATION_ERRORS.hideUser]:
      "A member cannot be hidden; mute them instead",
    [ASK_VALIDATION_ERRORS.noChange]: "Nothing to change",
  },
};
