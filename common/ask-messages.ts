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
  displayNameTaken: "ask.validation.displayNameTaken",
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
    [ASK_VALIDATION_ERRORS.displayNameTaken]: "这个昵称已被使用",
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
    [ASK_VALIDATION_ERRORS.displayNameTaken]: "That display name is taken",
  },
};

/**
 * Plain sentences for the refusals a member meets on the public site (issue 25): the
 * envelope's message, in place of the generic one of its code. `%{count}` is filled, in
 * English in the form the count needs.
 */
export const ASK_REFUSALS = {
  ownVote: {
    "zh-CN": "不能给自己的内容投票。",
    "en-US": "You cannot vote on your own post.",
  },
  alreadyReported: {
    "zh-CN": "你已经举报过这条内容，版主正在处理。",
    "en-US": "You already reported this; the moderators are looking at it.",
  },
  loginNameTaken: {
    "zh-CN": "这个登录名已被使用，请换一个。",
    "en-US": "That login name is taken; please choose another.",
  },
  displayNameTaken: {
    "zh-CN": "这个昵称已被使用，请换一个。",
    "en-US": "That display name is taken; please choose another.",
  },
  tagInUse: {
    "zh-CN": "这个标签正被 %{count} 个问题使用，请先合并到其他标签。",
    "en-US":
      "This tag is used by %{count} question; merge it into another tag first. |||| This tag is used by %{count} questions; merge it into another tag first.",
  },
  questionClosed: {
    "zh-CN": "这个问题已关闭，不再接受新回答。",
    "en-US": "This question is closed and takes no new answers.",
  },
  staleEdit: {
    "zh-CN": "内容已在别处修改，请刷新页面后再改。",
    "en-US": "This was changed elsewhere; reload the page and edit again.",
  },
  anonymousOff: {
    "zh-CN": "本站目前不接受匿名发帖。",
    "en-US": "This site does not take anonymous posts at the moment.",
  },
  anonymousTooNew: {
    "zh-CN": "注册满 %{count} 天后才能匿名发帖。",
    "en-US":
      "You can post anonymously once your account is %{count} day old. |||| You can post anonymously once your account is %{count} days old.",
  },
} as const satisfies Record<string, Record<Language, string>>;

export type AskRefusal = keyof typeof ASK_REFUSALS;

/** A refusal's sentence in a language, with its count. */
export function askRefusal(
  refusal: AskRefusal,
  language: Language,
  count?: number,
): string {
  let text: string = ASK_REFUSALS[refusal][language];
  if (text.includes(" |||| ")) {
    const [one, other] = text.split(" |||| ");
    text =
      count !== undefined &&
      new Intl.PluralRules(language).select(count) === "one"
        ? one!
        : other!;
  }
  return text.replace("%{count}", String(count ?? ""));
}

/**
 * The name an anonymous post shows in every public rendering (issue 24): pages, the API,
 * feeds, JSON-LD and notifications. docs/community.md, "Anonymous posts".
 */
export const ANONYMOUS_NAME: Record<Language, string> = {
  "zh-CN": "匿名弟兄姊妹",
  "en-US": "Anonymous member",
};
