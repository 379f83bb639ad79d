import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import { Code, type Language } from "../../../common/codes.js";
import type { Database } from "../../db/schema.js";
import { nowIso } from "../../db/dialect.js";
import { ok } from "../../http/envelope.js";
import { ApiError, tooManyRequests } from "../../http/errors.js";
import { envelope } from "../../resources/resource-definition.js";
import { hashLinkToken, hourlyWaits } from "../../services/email-links.js";
import {
  queueVerificationLink,
  type VerifyTarget,
} from "../../services/email-verification.js";

/** Links one account may ask for an hour (one client address: MAIL_LINKS_PER_IP_PER_HOUR). */
export const VERIFY_RESENDS_PER_ACCOUNT_PER_HOUR = 3;

/**
 * Seconds until one more confirmation link may be sent for the account from this client
 * address (0: now). Resends and new addresses (`PUT /tjc/ask/account/email`) share it.
 */
export async function verifyLinkWait(
  db: Kysely<Database>,
  userId: number,
  ip: { value: string; max: number },
  now: number,
): Promise<number> {
  return hourlyWaits(
    db,
    "emailVerificationTokens",
    [
      {
        column: "userId",
        value: userId,
        max: VERIFY_RESENDS_PER_ACCOUNT_PER_HOUR,
      },
      { column: "ip", value: ip.value.slice(0, 64), max: ip.max },
    ],
    now,
  );
}

/** Why a link does not work, or why there is nothing to send, in both languages. */
export const VERIFY_ERRORS: Record<
  "invalid" | "expired" | "used" | "nothing",
  Record<Language, string>
> = {
  invalid: {
    "zh-CN": "验证邮箱的链接无效，请重新发送。",
    "en-US":
      "This e-mail confirmation link is not valid. Please ask for a new one.",
  },
  expired: {
    "zh-CN": "验证邮箱的链接已过期，请重新发送。",
    "en-US":
      "This e-mail confirmation link has expired. Please ask for a new one.",
  },
  used: {
    "zh-CN": "验证邮箱的链接已经使用过或已被新的链接取代。",
    "en-US":
      "This e-mail confirmation link has already been used or was replaced by a newer one.",
  },
  nothing: {
    "zh-CN": "您的账号没有需要验证的邮箱地址。",
    "en-US": "Your account has no e-mail address waiting to be confirmed.",
  },
};

const verifyBody = z.object({ token: z.string().trim().min(1).max(200) });
const verifiedAnswer = envelope(z.object({ email: z.string() }));

/** The address the account waits to confirm, or none. */
async function addressToConfirm(
  db: Kysely<Database>,
  userId: number,
): Promise<
  | {
      email: string;
      target: VerifyTarget;
      change: boolean;
      loginName: string;
      language: string | null;
    }
  | undefined
> {
  const row = await db
    .selectFrom("users")
    .leftJoin("memberProfiles", "memberProfiles.userId", "users.id")
    .select([
      "users.loginName",
      "users.language",
      "users.pendingEmail",
      "memberProfiles.userId as memberId",
      "memberProfiles.email as memberEmail",
      "memberProfiles.emailVerifiedAt",
      "memberProfiles.pendingEmail as memberPending",
    ])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { loginName, language } = row;
  if (row.memberId !== null) {
    if (row.memberPending)
      return {
        email: row.memberPending,
        target: "member",
        change: true,
        loginName,
        language,
      };
    if (row.memberEmail && !row.emailVerifiedAt)
      return {
        email: row.memberEmail,
        target: "member",
        change: false,
        loginName,
        language,
      };
  }
  return row.pendingEmail
    ? {
        email: row.pendingEmail,
        target: "staff",
        change: true,
        loginName,
        language,
      }
    : undefined;
}

/** Marks the link's address confirmed (and in use); false when it no longer applies. */
async function confirmAddress(
  trx: Kysely<Database>,
  token: { id: number; userId: number; email: string; target: string },
): Promise<boolean> {
  const stamp = nowIso();
  const claimed = await trx
    .updateTable("emailVerificationTokens")
    .set({ usedAt: stamp })
    .where("id", "=", token.id)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  if (token.target === "member") {
    // The address signed up with, or the new one asked for (which then replaces it).
    const updated = await trx
      .updateTable("memberProfiles")
      .set({ email: token.email, emailVerifiedAt: stamp, pendingEmail: null })
      .where("userId", "=", token.userId)
      .where((eb) =>
        eb.or([
          eb("pendingEmail", "=", token.email),
          eb.and([
            eb("pendingEmail", "is", null),
            eb("email", "=", token.email),
          ]),
        ]),
      )
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }
  const updated = await trx
    .updateTable("users")
    .set((eb) => ({
      email: token.email,
      pendingEmail: null,
      updatedAt: stamp,
      version: eb(eb.ref("version"), "+", 1),
    }))
    .where("id", "=", token.userId)
    .where("pendingEmail", "=", token.email)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * Verified e-mail (issue 24 item 3): the link's page confirms an address with its token,
 * once; a signed-in account asks for a new link (docs/community.md, "Verified e-mail").
 */
export const emailVerifyRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const refuse = (why: keyof typeof VERIFY_ERRORS, language: Language) =>
    new ApiError(Code.VALIDATION, {
      message: VERIFY_ERRORS[why][language],
      data: { reason: why },
    });

  app.post(
    "/auth/email/verify",
    {
      config: {
        permission: "public",
        rateLimit: {
          max: app.config.loginsPerIpPerMinute,
          timeWindow: "1 minute",
        },
      },
      schema: {
        tags: ["auth"],
        summary:
          "Confirm an e-mail address with the link's token; the token works once",
        body: verifyBody,
        response: { 200: verifiedAnswer },
      },
    },
    async (request) => {
      const row = await app.store.db
        .selectFrom("emailVerificationTokens")
        .innerJoin("users", "users.id", "emailVerificationTokens.userId")
        .select([
          "emailVerificationTokens.id",
          "emailVerificationTokens.userId",
          "emailVerificationTokens.email",
          "emailVerificationTokens.target",
          "emailVerificationTokens.expiresAt",
          "emailVerificationTokens.usedAt",
          "users.status",
        ])
        .where("tokenHash", "=", hashLinkToken(request.body.token))
        .executeTakeFirst();
      if (!row || row.status !== "active")
        throw refuse("invalid", request.language);
      if (row.usedAt !== null) throw refuse("used", request.language);
      if (row.expiresAt < nowIso()) throw refuse("expired", request.language);
      const done = await app.store.transaction((trx) =>
        confirmAddress(trx, row),
      );
      if (!done) throw refuse("used", request.language);
      app.sessions.forgetUser(row.userId);
      request.log.info({ userId: row.userId }, "e-mail address confirmed");
      return ok({ email: row.email });
    },
  );

  app.post(
    "/auth/email/verify/resend",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["auth"],
        summary:
          "Send a new link for the address the account waits to confirm (rate-limited)",
        response: { 200: envelope(z.object({ email: z.string() })) },
      },
    },
    async (request) => {
      const userId = request.session!.user.userId;
      const now = Date.now();
      const ip = request.ip.slice(0, 64);
      const db = app.store.db;
      const wait = await verifyLinkWait(
        db,
        userId,
        { value: ip, max: app.config.mail.linksPerIpPerHour },
        now,
      );
      if (wait > 0) throw tooManyRequests(wait, request.language);
      const address = await addressToConfirm(db, userId);
      if (!address) throw refuse("nothing", request.language);
      await app.store.transaction((trx) =>
        queueVerificationLink(trx, app, request, { userId, ...address }, now),
      );
      app.mail.kick();
      return ok({ email: address.email });
    },
  );
};
