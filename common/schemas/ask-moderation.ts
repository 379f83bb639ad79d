import { z } from "zod";
import { MAX_INT32 } from "./fields.js";
import {
  ASK_BODY_MAX,
  ASK_TAGS_MAX,
  ASK_TAGS_MIN,
  ASK_TITLE_MAX,
  ASK_TITLE_MIN,
} from "./ask-limits.js";
import { CONFIG_DESCRIPTIONS } from "../system-messages.js";

/** Community settings (issue 15), stored as `ask.*` rows of the system configuration. */
export const PRE_MODERATION_MODES = ["off", "newMembers", "all"] as const;
export type PreModerationMode = (typeof PRE_MODERATION_MODES)[number];

export const BANNED_WORD_ACTIONS = ["block", "review"] as const;
export const BANNED_WORDS_MAX = 2000;

export const bannedWordSchema = z.object({
  word: z.string().trim().min(1).max(64),
  action: z.enum(BANNED_WORD_ACTIONS),
});
export type BannedWord = z.infer<typeof bannedWordSchema>;

const count = z.number().int().min(0).max(100_000);

export const askConfigSchema = z.object({
  preModeration: z.enum(PRE_MODERATION_MODES),
  /** With `newMembers`: a member's first N posts wait for review. */
  preModerationPosts: z.number().int().min(1).max(1000),
  /** Questions a member may ask a day; 0: no limit. */
  dailyQuestions: count,
  /** Answers a member may write a day; 0: no limit. */
  dailyAnswers: count,
  /** Hours an account must exist before it may post; 0: at once. */
  minAccountAgeHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 365),
  signUpOpen: z.boolean(),
  bannedWords: z.array(bannedWordSchema).max(BANNED_WORDS_MAX),
  /** Whether members may post anonymously (issue 24). */
  anonymousPosting: z.boolean(),
  /** Days an account must exist before it may post anonymously; 0: at once. */
  anonymousMinAccountDays: z.number().int().min(0).max(3650),
});
export type AskConfig = z.infer<typeof askConfigSchema>;

export const ASK_CONFIG_DEFAULTS: AskConfig = {
  preModeration: "off",
  preModerationPosts: 3,
  dailyQuestions: 20,
  dailyAnswers: 50,
  minAccountAgeHours: 0,
  signUpOpen: true,
  bannedWords: [],
  anonymousPosting: true,
  anonymousMinAccountDays: 0,
};

/** The configuration key of each setting. */
export const ASK_CONFIG_KEYS: Record<keyof AskConfig, string> = {
  preModeration: "ask.preModeration",
  preModerationPosts: "ask.preModerationPosts",
  dailyQuestions: "ask.dailyQuestions",
  dailyAnswers: "ask.dailyAnswers",
  minAccountAgeHours: "ask.minAccountAgeHours",
  signUpOpen: "ask.signUpOpen",
  bannedWords: "ask.bannedWords",
  anonymousPosting: "ask.anonymousPosting",
  anonymousMinAccountDays: "ask.anonymousMinAccountDays",
};

/** How each setting is stored as a configuration row (text with a type). */
export const ASK_CONFIG_TYPES: Record<
  keyof AskConfig,
  "string" | "number" | "boolean" | "json"
> = {
  preModeration: "string",
  preModerationPosts: "number",
  dailyQuestions: "number",
  dailyAnswers: "number",
  minAccountAgeHours: "number",
  signUpOpen: "boolean",
  bannedWords: "json",
  anonymousPosting: "boolean",
  anonymousMinAccountDays: "number",
};

export function encodeAskSetting(key: keyof AskConfig, value: unknown): string {
  return ASK_CONFIG_TYPES[key] === "json"
    ? JSON.stringify(value)
    : String(value);
}

/** The descriptions seeded with the rows (`CONFIG_DESCRIPTIONS`, zh-CN as the seed stores). */
export const ASK_CONFIG_DESCRIPTIONS = Object.fromEntries(
  (Object.keys(ASK_CONFIG_KEYS) as (keyof AskConfig)[]).map((field) => [
    field,
    CONFIG_DESCRIPTIONS["zh-CN"][ASK_CONFIG_KEYS[field]]!,
  ]),
) as Record<keyof AskConfig, string>;

export const ASK_STATUS_ACTIONS = [
  "approve",
  "reject",
  "hide",
  "unhide",
  "close",
  "reopen",
  "delete",
  "restore",
] as const;
export type AskStatusAction = (typeof ASK_STATUS_ACTIONS)[number];
/** Every moderation action on a question: the statuses' and pinning (the batch route's names). */
export const QUESTION_BATCH_ACTIONS = [
  ...ASK_STATUS_ACTIONS,
  "pin",
  "unpin",
] as const;
export type QuestionBatchAction = (typeof QUESTION_BATCH_ACTIONS)[number];

/** A moderator's change of a question: a state change, pin, or title and tags. */
export const questionModerationSchema = z.object({
  version: z.number().int().min(1),
  status: z
    .enum(["pending", "visible", "hidden", "closed", "deleted"])
    .optional(),
  reason: z.string().trim().max(500).optional(),
  pinned: z.boolean().optional(),
  title: z.string().trim().min(ASK_TITLE_MIN).max(ASK_TITLE_MAX).optional(),
  tagIds: z
    .array(z.number().int().positive().max(MAX_INT32))
    .min(ASK_TAGS_MIN)
    .max(ASK_TAGS_MAX)
    .optional(),
});
export type QuestionModeration = z.infer<typeof questionModerationSchema>;

export const answerModerationSchema = z.object({
  version: z.number().int().min(1),
  status: z.enum(["pending", "visible", "hidden", "deleted"]).optional(),
  reason: z.string().trim().max(500).optional(),
  recommended: z.boolean().optional(),
  recommendNote: z.string().trim().max(500).optional(),
  body: z.string().max(ASK_BODY_MAX).optional(),
});
export type AnswerModeration = z.infer<typeof answerModerationSchema>;

export const REPORT_RESOLUTIONS = ["dismiss", "hide", "mute"] as const;

export const muteInputSchema = z.object({
  userId: z.number().int().positive().max(MAX_INT32),
  reason: z.string().trim().max(500).default(""),
  /** When the mute ends (ISO time, in the future); null: permanent. */
  until: z.iso.datetime({ offset: true }).nullable(),
});
