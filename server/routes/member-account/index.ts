import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql, type Kysely } from "kysely";
import { Code, type Language } from "../../../common/codes.js";
import {
  memberAccountSchema,
  memberEmailInputSchema,
  memberLanguageInputSchema,
  type MemberAccount,
} from "../../../common/schemas/member-account.js";
import type { Database } from "../../db/schema.js";
import { nowIso } from "../../db/dialect.js";
import { ok } from "../../http/envelope.js";
import {
  ApiError,
  tooManyRequests,
  validationError,
} from "../../http/errors.js";
import { envelope } from "../../resources/resource-definition.js";
import { withAudit, type AuditEntry } from "../../services/audit.js";
import { queueVerificationLink } from "../../services/email-verification.js";
import { verifyLinkWait } from "../auth/email-verify.js";

/** Writes one member may make to their account settings a minute (each route). */
export const ACCOUNT_CHANGES_PER_MINUTE = 10;

/** An address another account already uses: refused at the field, in both languages. */
export const EMAIL_TAKEN: Record<Language, string> = {
  "zh-CN": "这个邮箱地址已被其他账号使用。",
  "en-US": "This e-mail address is already used by another account.",
};

/** Thrown inside the change's transaction when a submit just before made the same change. */
const ALREADY = Symbol("already asked");

/** Per member (after the session is read), so members behind one address do not share it. */
const perMember = (name: string) => ({
  max: ACCOUNT_CHANGES_PER_MINUTE,
  timeWindow: "1 minute",
  hook: "preHandler" as const,
  keyGenerator: (request: FastifyRequest) =>
    `${name}:${request.session?.user.userId ?? request.ip}`,
});

async function accountOf(
  db: Kysely<Database>,
  userId: number,
): Promise<MemberAccount> {
  const row = await db
    .selectFrom("users")
    .innerJoin("memberProfiles", "memberProfiles.userId", "users.id")
    .select([
      "users.loginName",
      "users.userName",
      "users.language",
      "memberProfiles.email",
      "memberProfiles.emailVerifiedAt",
      "memberProfiles.pendingEmail",
    ])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  // Staff accounts have no member profile: their address is the admin's profile page's.
  if (!row) throw new ApiError(Code.NOT_FOUND);
  return {
    loginName: row.loginName,
    userName: row.userName,
    email: row.email,
    emailVerified: Boolean(row.email && row.emailVerifiedAt),
    pendingEmail: row.pendingEmail,
    language:
      row.language === "zh-CN" || row.language === "en-US"
        ? row.language
        : null,
  };
}

/**
 * Whether another account uses the address: as its confirmed member address, or as a staff
 * account's address. An unconfirmed sign-up address does not hold it (anyone can type one).
 */
async function addressTaken(
  db: Kysely<Database>,
  userId: number,
  email: string,
): Promise<boolean> {
  const lower = email.toLowerCase();
  const member = await db
    .selectFrom("memberProfiles")
    .select("userId")
    .where("userId", "<>", userId)
    .where("emailVerifiedAt", "is not", null)
    .where(sql<string>`lower(email)`, "=", lower)
    .executeTakeFirst();
  if (member) return true;
  const staff = await db
    .selectFrom("users")
    .select("id")
    .where("id", "<>", userId)
    .where(sql<string>`lower(email)`, "=", lower)
    .executeTakeFirst();
  return staff !== undefined;
}

/** Voids the member's unopened confirmation links (a cancelled or replaced change). */
async function voidLinks(trx: Kysely<Database>, userId: number) {
  await trx
    .updateTable("emailVerificationTokens")
    .set({ usedAt: nowIso() })
    .where("userId", "=", userId)
    .where("target", "=", "member")
    .where("usedAt", "is", null)
    .execute();
}

/**
 * A community member's own account settings (issue 24 item 3), behind `/ask?view=account`:
 * `GET /tjc/ask/account`, `PUT /tjc/ask/account/email` (a new address waits as
 * `pendingEmail` until its link is opened), `DELETE /tjc/ask/account/pending-email`, and
 * `PUT /tjc/ask/account/language`. The password is changed through `PUT /tjc/auth/password`
 * and a link sent again through `POST /tjc/auth/email/verify/resend`, as for staff.
 * Every write is idempotent: a double submit changes nothing more and sends no second link.
 */
export const memberAccountRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = () => app.store.db;
  const answer = envelope(memberAccountSchema);

  app.get(
    "/ask/account",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["ask"],
        summary:
          "The caller's member account: address in use, waiting, language",
        response: { 200: answer },
      },
    },
    async (request) => ok(await accountOf(db(), request.session!.user.userId)),
  );

  app.put(
    "/ask/account/email",
    {
      config: {
        permission: "authenticated",
        rateLimit: perMember("member-email"),
      },
      schema: {
        tags: ["ask"],
        summary:
          "Change the caller's address: it is used once the link sent to it is opened",
        body: memberEmailInputSchema,
        response: { 200: answer },
      },
    },
    async (request) => {
      const userId = request.session!.user.userId;
      const before = await accountOf(db(), userId);
      const email = request.body.email;
      const same = (a: string | null) =>
        a !== null && a.toLowerCase() === email.toLowerCase();
      // The address in use again: a change under way is cancelled, nothing is sent.
      if (same(before.email)) return ok(await cancel(request, before));
      // The same new address twice (a double submit): its link is already on its way.
      if (same(before.pendingEmail)) return ok(before);
      if (await addressTaken(db(), userId, email))
        throw validationError({ email: EMAIL_TAKEN[request.language] });
      const now = Date.now();
      const wait = await verifyLinkWait(
        db(),
        userId,
        { value: request.ip, max: app.config.mail.linksPerIpPerHour },
        now,
      );
      if (wait > 0) throw tooManyRequests(wait, request.language);
      const after = await withAudit(app.store, request, async (trx) => {
        // Claimed first: of two submits at once, the second finds it taken and sends
        // nothing (PostgreSQL rechecks the condition once the first commits).
        const claimed = await trx
          .updateTable("memberProfiles")
          .set({ pendingEmail: email })
          .where("userId", "=", userId)
          .where((eb) =>
            eb.or([
              eb("pendingEmail", "is", null),
              eb(sql<string>`lower(pending_email)`, "!=", email.toLowerCase()),
            ]),
          )
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) throw ALREADY;
        await queueVerificationLink(
          trx,
          app,
          request,
          {
            userId,
            loginName: before.loginName,
            language: before.language,
            email,
            target: "member",
            change: true,
          },
          now,
        );
        const after = { ...before, pendingEmail: email };
        return { result: after, audit: emailAudit(userId, before, after) };
      }).catch((error: unknown) => {
        if (error === ALREADY) return undefined;
        throw error;
      });
      if (!after) return ok(await accountOf(db(), userId));
      app.mail.kick();
      return ok(after);
    },
  );

  /** Drops a waiting address and its link; nothing waiting changes nothing. */
  async function cancel(request: FastifyRequest, before: MemberAccount) {
    if (before.pendingEmail === null) return before;
    const userId = request.session!.user.userId;
    return withAudit(app.store, request, async (trx) => {
      await voidLinks(trx, userId);
      await trx
        .updateTable("memberProfiles")
        .set({ pendingEmail: null })
        .where("userId", "=", userId)
        .execute();
      const after = { ...before, pendingEmail: null };
      return { result: after, audit: emailAudit(userId, before, after) };
    });
  }

  app.delete(
    "/ask/account/pending-email",
    {
      config: {
        permission: "authenticated",
        rateLimit: perMember("member-email-cancel"),
      },
      schema: {
        tags: ["ask"],
        summary:
          "Cancel the caller's address change: the link sent stops working",
        response: { 200: answer },
      },
    },
    async (request) => {
      const before = await accountOf(db(), request.session!.user.userId);
      return ok(await cancel(request, before));
    },
  );

  registerLanguageRoute(app);
};

/** `PUT /tjc/ask/account/language`: the member's language, for the site and their mail. */
function registerLanguageRoute(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.put(
    "/ask/account/language",
    {
      config: {
        permission: "authenticated",
        rateLimit: perMember("member-language"),
      },
      schema: {
        tags: ["ask"],
        summary: "The caller's language, for the site and the mail they get",
        body: memberLanguageInputSchema,
        response: { 200: envelope(memberAccountSchema) },
      },
    },
    async (request) => {
      const userId = request.session!.user.userId;
      await accountOf(app.store.db, userId);
      await app.store.db
        .updateTable("users")
        .set({ language: request.body.language, updatedAt: nowIso() })
        .where("id", "=", userId)
        .where((eb) =>
          eb.or([
            eb("language", "is", null),
            eb("language", "!=", request.body.language),
          ]),
        )
        .execute();
      app.sessions.forgetUser(userId);
      return ok(await accountOf(app.store.db, userId));
    },
  );
}

function emailAudit(
  userId: number,
  before: MemberAccount,
  after: MemberAccount,
): AuditEntry {
  return {
    resource: "system/users",
    recordId: userId,
    action: "update",
    before: { email: before.email, pendingEmail: before.pendingEmail },
    after: { email: after.email, pendingEmail: after.pendingEmail },
  };
}

export default memberAccountRoutes;
