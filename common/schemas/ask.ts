import { z } from "zod";
import { nullableText } from "./text.js";
import { MAX_INT32, clearable } from "./fields.js";
import { TAG_SORT_FIELDS, tagSchema } from "./tag.js";

export {
  ASK_BODY_MAX,
  ASK_EDIT_WINDOW_MS,
  ASK_REPORTS_PER_DAY,
  ASK_REPORT_TEXT_MAX,
  ASK_TAGS_MAX,
  ASK_TAGS_MIN,
  ASK_TITLE_MAX,
  ASK_TITLE_MIN,
} from "./ask-limits.js";
import {
  ASK_BODY_MAX,
  ASK_REPORT_TEXT_MAX,
  ASK_TAGS_MAX,
  ASK_TAGS_MIN,
  ASK_TITLE_MAX,
  ASK_TITLE_MIN,
} from "./ask-limits.js";

const id = z.number().int().positive().max(MAX_INT32);

/** A question as a member asks it; the body is HTML, sanitised by the server. */
export const questionInputSchema = z.object({
  title: z.string().trim().min(ASK_TITLE_MIN).max(ASK_TITLE_MAX),
  body: z.string().max(ASK_BODY_MAX),
  tagIds: z
    .array(id)
    .min(ASK_TAGS_MIN)
    .max(ASK_TAGS_MAX)
    .transform((ids) => [...new Set(ids)]),
  /** Post without one's name (issue 24): the public sees "Anonymous member". */
  anonymous: z.boolean().optional(),
});
export type QuestionInput = z.input<typeof questionInputSchema>;

export const answerInputSchema = z.object({
  body: z.string().max(ASK_BODY_MAX),
  /** Post without one's name (issue 24). */
  anonymous: z.boolean().optional(),
});

export const voteInputSchema = z.object({
  targetType: z.enum(["question", "answer"]),
  targetId: id,
  /** 1 up, -1 down, 0 withdraws the vote. */
  value: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
});

export const acceptInputSchema = z.object({ answerId: id });

export const REPORT_REASONS = ["spam", "abuse", "offTopic", "other"] as const;
export const reportInputSchema = z.object({
  targetType: z.enum(["question", "answer", "user"]),
  targetId: id,
  reason: z.enum(REPORT_REASONS),
  text: z.string().trim().max(ASK_REPORT_TEXT_MAX).default(""),
});

export { ASK_TABS, type AskTab } from "./ask-tabs.js";

/** A Q&A tag as moderators edit it (the moderation issue adds its screen). */
export const askTagInputSchema = z.object({
  name: z.string().trim().min(1).max(64),
  nameEn: nullableText(64),
  description: nullableText(500),
  /** The description in English, shown on the en-US tag list (issue 25). */
  descriptionEn: nullableText(500),
  sortOrder: clearable(z.number().int().min(0).max(1_000_000), 0),
});

/** A Q&A tag is a tag with a description in each language. */
export const askTagSchema = tagSchema.extend({
  description: z.string().nullable(),
  descriptionEn: z.string().nullable(),
});
export type AskTag = z.infer<typeof askTagSchema>;

export const ASK_TAG_SORT_FIELDS = TAG_SORT_FIELDS;

/**
 * A post's author as the public reads it. An anonymous post (issue 24) names nobody:
 * `userId` 0, `userName` the anonymous name in the caller's language, `anonymous` true.
 */
export const askAuthorSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  anonymous: z.boolean(),
  /** Holds a back-office permission (any code outside `community:`): shown with a badge. */
  staff: z.boolean(),
});

export const askTagRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string().nullable(),
});

export const ASK_POST_STATUSES = [
  "pending",
  "visible",
  "hidden",
  "closed",
  "deleted",
] as const;

export const questionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** The body as plain text, cut short, for lists and meta descriptions. */
  excerpt: z.string(),
  status: z.enum(ASK_POST_STATUSES),
  score: z.number().int(),
  answerCount: z.number().int(),
  views: z.number().int(),
  acceptedAnswerId: z.number().int().nullable(),
  hot: z.number(),
  tags: z.array(askTagRefSchema),
  author: askAuthorSchema,
  /** Pinned by a moderator: first on /ask (issue 15). */
  pinned: z.boolean(),
  /** A closed question's reason, shown on its page; null otherwise. */
  closeReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Question = z.infer<typeof questionSchema>;

export const answerSchema = z.object({
  id: z.number().int(),
  questionId: z.number().int(),
  body: z.string(),
  status: z.enum(ASK_POST_STATUSES),
  score: z.number().int(),
  accepted: z.boolean(),
  recommended: z.boolean(),
  author: askAuthorSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Answer = z.infer<typeof answerSchema>;

export const NOTIFICATION_KINDS = [
  "answered",
  "accepted",
  "recommended",
  "hidden",
  "approved",
  "rejected",
  "reportHandled",
] as const;
/** Who caused a notification, as its reader may know them: a name and the staff mark. */
export const noticeActorSchema = z.object({
  userName: z.string(),
  staff: z.boolean(),
});
export type NoticeActor = z.infer<typeof noticeActorSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  questionId: z.number().int().nullable(),
  questionTitle: z.string().nullable(),
  answerId: z.number().int().nullable(),
  /** How many answers an `answered` notice stands for (a burst is merged); else 1. */
  count: z.number().int(),
  /** Who caused it (of a merged burst, the latest); null when nobody is known. */
  actor: noticeActorSchema.nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type AskNotification = z.infer<typeof notificationSchema>;

/** A member's own hidden posts on one question, each with the moderator's reason. */
export const hiddenPostsSchema = z.object({
  question: z
    .object({
      id: z.number().int(),
      title: z.string(),
      body: z.string(),
      reason: z.string().nullable(),
    })
    .nullable(),
  answers: z.array(
    z.object({
      id: z.number().int(),
      body: z.string(),
      reason: z.string().nullable(),
    }),
  ),
});
export type HiddenPosts = z.infer<typeof hiddenPostsSchema>;
