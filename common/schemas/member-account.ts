import { z } from "zod";
import { SUPPORTED_LANGUAGES } from "../codes.js";

/**
 * A community member's own account settings (`/ask?view=account`, issue 24 item 3): the
 * address in use, a new one waiting for its link, and the language of the site and mail.
 */
export const memberAccountSchema = z.object({
  loginName: z.string(),
  userName: z.string(),
  /** The address in use (notices, password reset); null: none. */
  email: z.string().nullable(),
  /** Whether `email` was confirmed by its link. */
  emailVerified: z.boolean(),
  /** A new address waiting for its link; `email` stays in use until it is opened. */
  pendingEmail: z.string().nullable(),
  language: z.enum(SUPPORTED_LANGUAGES).nullable(),
});
export type MemberAccount = z.infer<typeof memberAccountSchema>;

/** A new address; the one in use again (or empty with nothing in use) cancels a change. */
export const memberEmailInputSchema = z.object({
  email: z.string().trim().min(1).max(254).pipe(z.email()),
});

export const memberLanguageInputSchema = z.object({
  language: z.enum(SUPPORTED_LANGUAGES),
});
