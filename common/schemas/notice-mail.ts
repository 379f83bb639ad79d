import { z } from "zod";

import {
  DEFAULT_NOTICE_MAIL,
  NOTICE_MAIL_CHOICES,
  noticeMailChoice,
  type NoticeMailChoice,
} from "./notice-mail-choices.js";

export { DEFAULT_NOTICE_MAIL, NOTICE_MAIL_CHOICES, noticeMailChoice };
export type { NoticeMailChoice };

export const noticeMailInputSchema = z.object({
  noticeMail: z.enum(NOTICE_MAIL_CHOICES),
});

export const noticeMailSchema = z.object({
  noticeMail: z.enum(NOTICE_MAIL_CHOICES),
  /** The address the mail goes to; null: none yet, so nothing is sent. */
  email: z.string().nullable(),
});
export type NoticeMailPreferences = z.infer<typeof noticeMailSchema>;
