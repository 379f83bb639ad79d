/**
 * How a member gets their notices by e-mail (issue 24 item 4): each one at once, a daily
 * or a weekly digest (the default), or never. The site's notices stay either way.
 * No zod here, so the public site's preferences form imports these without pulling the
 * schemas into its first JS (as `ask-limits.ts`).
 */
export const NOTICE_MAIL_CHOICES = [
  "instant",
  "daily",
  "weekly",
  "never",
] as const;
export type NoticeMailChoice = (typeof NOTICE_MAIL_CHOICES)[number];
export const DEFAULT_NOTICE_MAIL: NoticeMailChoice = "weekly";

/** Reads a stored choice; anything unknown is the default. */
export function noticeMailChoice(value: unknown): NoticeMailChoice {
  return (
    NOTICE_MAIL_CHOICES.find((choice) => choice === value) ??
    DEFAULT_NOTICE_MAIL
  );
}
