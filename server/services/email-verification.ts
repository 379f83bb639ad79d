import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { Code, type Language } from "../../common/codes.js";
import type { Database } from "../db/schema.js";
import { nowIso } from "../db/dialect.js";
import { ApiError } from "../http/errors.js";
import { enqueueMail } from "../mail/outbox.js";
import { emailVerificationMail, SECRET_SLOT } from "../mail/templates.js";
import {
  accountLanguage,
  hashLinkToken,
  linkOrigin,
  newLinkToken,
  siteNameIn,
} from "./email-links.js";

/** A link that confirms an address works this long, once. */
export const VERIFY_TOKEN_HOURS = 24;
/** The page the link opens (the community's, for members and staff alike). */
export const VERIFY_PAGE_PATH = "/ask?view=verify";
/** The configuration entry: a member posts only with a confirmed address. */
export const REQUIRE_VERIFIED_EMAIL_KEY = "ask.requireVerifiedEmail";

export type VerifyTarget = "member" | "staff";

/** The refusal of a post by a member whose address is not confirmed (40300). */
export const UNVERIFIED_MESSAGES: Record<Language, string> = {
  "zh-CN": "请先验证您的邮箱地址再发帖：打开我们发给您的邮件中的链接。",
  "en-US":
    "Please confirm your e-mail address before posting: open the link in the message we sent you.",
};

/**
 * Whether a member needs a confirmed address to post: the entry `ask.requireVerifiedEmail`
 * ("true"/"false") when set, else REQUIRE_VERIFIED_EMAIL, else whether SMTP_URL is set.
 */
export function verifiedEmailRequired(app: FastifyInstance): boolean {
  const value = app.settings.string(REQUIRE_VERIFIED_EMAIL_KEY, "").trim();
  if (value === "true") return true;
  if (value === "false") return false;
  return app.config.mail.requireVerifiedEmail;
}

/**
 * Refuses a member's new question or answer while the rule is on and their address is not
 * confirmed: 40300 with `data.reason: "emailUnverified"` and the message in their language.
 * Staff (accounts without a member profile) are not members and are not held.
 */
export async function requireVerifiedEmail(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<void> {
  if (!verifiedEmailRequired(app) || !request.session) return;
  const profile = await app.store.db
    .selectFrom("memberProfiles")
    .select(["email", "emailVerifiedAt", "pendingEmail"])
    .where("userId", "=", request.session.user.userId)
    .executeTakeFirst();
  if (!profile || (profile.email && profile.emailVerifiedAt)) return;
  throw new ApiError(Code.FORBIDDEN, {
    message: UNVERIFIED_MESSAGES[request.language],
    data: {
      reason: "emailUnverified",
      // Without any address the member adds one first; with one, a link can be resent.
      hasEmail: Boolean(profile.pendingEmail ?? profile.email),
    },
  });
}

/**
 * Writes a link for `email` and its message to the outbox, in the caller's transaction
 * (the sign-up, the address change or the resend that causes it). Earlier links of the
 * same account and target stop working: only the newest confirms.
 */
export async function queueVerificationLink(
  trx: Kysely<Database>,
  app: FastifyInstance,
  request: FastifyRequest,
  account: {
    userId: number;
    loginName: string;
    language: string | null;
    email: string;
    target: VerifyTarget;
    change: boolean;
  },
  now = Date.now(),
): Promise<void> {
  const token = newLinkToken();
  const stamp = nowIso(now);
  const expiresAt = nowIso(now + VERIFY_TOKEN_HOURS * 3600_000);
  await trx
    .updateTable("emailVerificationTokens")
    .set({ usedAt: stamp })
    .where("userId", "=", account.userId)
    .where("target", "=", account.target)
    .where("usedAt", "is", null)
    .execute();
  await trx
    .insertInto("emailVerificationTokens")
    .values({
      tokenHash: hashLinkToken(token),
      userId: account.userId,
      email: account.email,
      target: account.target,
      ip: request.ip.slice(0, 64),
      createdAt: stamp,
      expiresAt,
    })
    .execute();
  const language = accountLanguage(account.language, request.language);
  const mail = emailVerificationMail(
    language,
    siteNameIn(app, language),
    account.loginName,
    `${linkOrigin(app, request)}${VERIFY_PAGE_PATH}&token=${SECRET_SLOT}`,
    VERIFY_TOKEN_HOURS,
    account.change,
  );
  await enqueueMail(
    trx,
    {
      ...mail,
      kind: "emailVerification",
      to: account.email,
      language,
      secret: { value: token, expiresAt },
    },
    now,
  );
}
