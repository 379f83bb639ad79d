import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql, type Kysely } from "kysely";
import { z } from "zod";
import { Code, type Language } from "../../../common/codes.js";
import {
  passwordProblem,
  passwordSchema,
} from "../../../common/schemas/password.js";
import type { Database } from "../../db/schema.js";
import { nowIso } from "../../db/dialect.js";
import { ok } from "../../http/envelope.js";
import {
  ApiError,
  tooManyRequests,
  validationError,
} from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import { enqueueMail } from "../../mail/outbox.js";
import { passwordResetMail, SECRET_SLOT } from "../../mail/templates.js";
import {
  accountLanguage,
  hashLinkToken,
  hourlyWaits,
  linkOrigin,
  newLinkToken,
  siteNameIn,
} from "../../services/email-links.js";
import { envelope } from "../../resources/resource-definition.js";
import { withAudit } from "../../services/audit.js";
import { LoginThrottle } from "../../services/login-throttle.js";
import { hashPassword } from "../../services/password.js";

/** A reset link works this long, once. */
export const RESET_TOKEN_MINUTES = 30;
/** Reset requests one address may receive an hour, and one client may send an hour. */
export const RESETS_PER_ADDRESS_PER_HOUR = 3;
/** The page the link opens: the community's, for members and staff alike. */
export const RESET_PAGE_PATH = "/ask?view=reset";
/** Accounts sharing one address each get their own link; at most this many. */
const MAX_ACCOUNTS = 5;

/** Why a link does not work, in both languages (the confirm route's 40000). */
export const RESET_ERRORS: Record<
  "invalid" | "expired" | "used",
  Record<Language, string>
> = {
  invalid: {
    "zh-CN": "重设密码的链接无效，请重新申请。",
    "en-US": "This password reset link is not valid. Please ask for a new one.",
  },
  expired: {
    "zh-CN": "重设密码的链接已过期，请重新申请。",
    "en-US": "This password reset link has expired. Please ask for a new one.",
  },
  used: {
    "zh-CN": "重设密码的链接已经使用过，请重新申请。",
    "en-US":
      "This password reset link has already been used. Please ask for a new one.",
  },
};

export const hashResetToken = hashLinkToken;

// A malformed address is refused at its field, as everywhere else an address is typed;
// only a well-formed one gets the answer that does not tell whether it has an account.
const requestBody = z.object({
  email: z.string().trim().min(1).max(254).pipe(z.email()),
});
const confirmBody = z.object({
  token: z.string().trim().min(1).max(200),
  // The policy's own rules (length, common passwords) are checked with the body, at the
  // field, as wherever a password is set; the login-name rule needs the account.
  password: passwordSchema,
});

/** Active accounts with this address: a staff user's own, or a member's sign-up address. */
async function accountsWithEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("users")
    .leftJoin("memberProfiles", "memberProfiles.userId", "users.id")
    .select([
      "users.id",
      "users.loginName",
      "users.language",
      "users.email",
      "memberProfiles.email as memberEmail",
    ])
    .where("users.status", "=", "active")
    .where((eb) =>
      eb.or([
        eb(sql`lower(users.email)`, "=", email),
        eb(sql`lower(member_profiles.email)`, "=", email),
      ]),
    )
    .orderBy("users.id")
    .limit(MAX_ACCOUNTS)
    .execute();
}

/** Seconds to wait before another request for this address or from this client, or 0. */
async function resetWait(
  db: Kysely<Database>,
  email: string,
  ip: { value: string; max: number },
  now: number,
): Promise<number> {
  return hourlyWaits(
    db,
    "passwordResetTokens",
    [
      { column: "email", value: email, max: RESETS_PER_ADDRESS_PER_HOUR },
      { column: "ip", ...ip },
    ],
    now,
  );
}

/**
 * Uses a reset token: claims it (a link used twice at once changes the password once),
 * voids the account's other links, sets the password and ends every session. False when
 * another request used the token first.
 */
async function applyReset(
  trx: Kysely<Database>,
  tokenId: number,
  userId: number,
  passwordHash: string,
): Promise<boolean> {
  const stamp = nowIso();
  const claimed = await trx
    .updateTable("passwordResetTokens")
    .set({ usedAt: stamp })
    .where("id", "=", tokenId)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  await trx
    .updateTable("passwordResetTokens")
    .set({ usedAt: stamp })
    .where("userId", "=", userId)
    .where("usedAt", "is", null)
    .execute();
  await trx
    .updateTable("users")
    .set({ passwordHash, updatedAt: stamp, version: sql`version + 1` })
    .where("id", "=", userId)
    .execute();
  await trx
    .updateTable("sessions")
    .set({ revokedAt: stamp })
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .execute();
  return true;
}

/**
 * Password reset by e-mail (issue 24 item 2), for members and staff. The request answers
 * the same whether or not the address has an account, and does the same work either way
 * (a token row is written and hashed even for an unknown address); the link's token is
 * stored only as its hash, works once for 30 minutes, and using it signs the account out
 * everywhere (docs/operations.md, "Password reset").
 */
export const passwordResetRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const throttle = new LoginThrottle(app.store);

  // Public, with the login route's coarse cap per address on top of the hourly limits.
  const publicThrottled = {
    permission: "public",
    rateLimit: { max: app.config.loginsPerIpPerMinute, timeWindow: "1 minute" },
  };
  const linkBase = (request: FastifyRequest) =>
    `${linkOrigin(app, request)}${RESET_PAGE_PATH}&token=`;

  app.post(
    "/auth/password-reset",
    {
      config: publicThrottled,
      schema: {
        tags: ["auth"],
        summary:
          "Ask for a password reset link by e-mail; always code 0, the same whether or not the address has an account",
        body: requestBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const email = request.body.email.toLowerCase();
      const ip = request.ip.slice(0, 64);
      const now = Date.now();
      const db = app.store.db;
      const wait = await resetWait(
        db,
        email,
        { value: ip, max: app.config.mail.linksPerIpPerHour },
        now,
      );
      if (wait > 0) throw tooManyRequests(wait, request.language);

      const accounts = await accountsWithEmail(db, email);
      const expiresAt = nowIso(now + RESET_TOKEN_MINUTES * 60_000);
      // One token for each account, or one for nobody: the same writes either way.
      const targets = accounts.length > 0 ? accounts : [undefined];
      const tokens = targets.map(() => newLinkToken());
      await app.store.transaction(async (trx) => {
        for (const [i, account] of targets.entries()) {
          await trx
            .insertInto("passwordResetTokens")
            .values({
              tokenHash: hashResetToken(tokens[i]!),
              userId: account?.id ?? null,
              email,
              ip,
              createdAt: nowIso(now),
              expiresAt,
            })
            .execute();
          if (!account) continue;
          const language = accountLanguage(account.language, request.language);
          const mail = passwordResetMail(
            language,
            siteNameIn(app, language),
            account.loginName,
            `${linkBase(request)}${SECRET_SLOT}`,
            RESET_TOKEN_MINUTES,
          );
          await enqueueMail(
            trx,
            {
              ...mail,
              kind: "passwordReset",
              // The address as the account has it (the request's is lower-cased).
              to:
                account.email?.toLowerCase() === email
                  ? account.email
                  : (account.memberEmail ?? email),
              language,
              secret: { value: tokens[i]!, expiresAt },
            },
            now,
          );
        }
      });
      // Sending happens after the answer: a slow or absent mail server never delays it.
      app.mail.kick();
      return ok(null);
    },
  );

  registerResetConfirm(app, publicThrottled, throttle);
};

/** The link's page sends the token and the new password here: the token works once. */
function registerResetConfirm(
  parent: FastifyInstance,
  config: {
    permission: string;
    rateLimit: { max: number; timeWindow: string };
  },
  throttle: LoginThrottle,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/auth/password-reset/confirm",
    {
      config,
      schema: {
        tags: ["auth"],
        summary:
          "Set a new password with the link's token; the token works once, and every session of the account ends",
        body: confirmBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      const refuse = (why: keyof typeof RESET_ERRORS) => {
        const text = RESET_ERRORS[why][request.language];
        return new ApiError(Code.VALIDATION, {
          message: text,
          data: { reason: why },
        });
      };
      const row = await app.store.db
        .selectFrom("passwordResetTokens")
        .innerJoin("users", "users.id", "passwordResetTokens.userId")
        .select([
          "passwordResetTokens.id",
          "passwordResetTokens.userId",
          "passwordResetTokens.expiresAt",
          "passwordResetTokens.usedAt",
          "users.loginName",
          "users.status",
        ])
        .where("passwordResetTokens.tokenHash", "=", hashResetToken(token))
        .executeTakeFirst();
      if (!row || row.status !== "active") throw refuse("invalid");
      if (row.usedAt !== null) throw refuse("used");
      if (row.expiresAt < nowIso()) throw refuse("expired");
      const problem = passwordProblem(password, row.loginName);
      if (problem)
        throw validationError({
          password: localizeText(problem, request.language),
        });
      const userId = row.userId!;
      const passwordHash = await hashPassword(password);
      await withAudit(app.store, request, async (trx) => {
        if (!(await applyReset(trx, row.id, userId, passwordHash)))
          throw refuse("used");
        return {
          result: null,
          audit: {
            resource: "system/users",
            recordId: userId,
            action: "passwordReset",
          },
        };
      });
      app.sessions.forgetUser(userId);
      // Whoever holds the mailbox owns the account: its login lock is lifted.
      await throttle.clearLoginName(row.loginName);
      return ok(null);
    },
  );
}
