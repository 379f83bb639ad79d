import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { Code } from "../../../common/codes.js";
import {
  noticeMailChoice,
  noticeMailInputSchema,
  noticeMailSchema,
} from "../../../common/schemas/notice-mail.js";
import { nowIso } from "../../db/dialect.js";
import { ok } from "../../http/envelope.js";
import { ApiError } from "../../http/errors.js";
import { envelope } from "../../resources/resource-definition.js";

/** Changes of the choice one member may make a minute. */
export const NOTICE_MAIL_CHANGES_PER_MINUTE = 10;

/**
 * A member's notice e-mail choice (issue 24 item 4): `GET`/`PUT /tjc/ask/notice-mail`.
 * Setting the same choice twice changes nothing (a double submit is harmless); any real
 * change uses up the unsubscribe links already sent. An account without a language takes
 * the caller's, so its mail reads as the page did.
 */
export const noticeMailRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  const memberOf = async (userId: number) => {
    const row = await app.store.db
      .selectFrom("memberProfiles")
      .select(["noticeMail", "email", "pendingEmail"])
      .where("userId", "=", userId)
      .executeTakeFirst();
    // Staff accounts have no member profile, and no community notices to mail.
    if (!row) throw new ApiError(Code.NOT_FOUND);
    return { noticeMail: noticeMailChoice(row.noticeMail), email: row.email };
  };

  app.get(
    "/ask/notice-mail",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["ask"],
        summary: "How the caller gets their notices by e-mail",
        response: { 200: envelope(noticeMailSchema) },
      },
    },
    async (request) => ok(await memberOf(request.session!.user.userId)),
  );

  app.put(
    "/ask/notice-mail",
    {
      config: {
        permission: "authenticated",
        // Per member (after the session is read), so members behind one address do
        // not share a limit.
        rateLimit: {
          max: NOTICE_MAIL_CHANGES_PER_MINUTE,
          timeWindow: "1 minute",
          hook: "preHandler" as const,
          keyGenerator: (request: FastifyRequest) =>
            `notice-mail:${request.session?.user.userId ?? request.ip}`,
        },
      },
      schema: {
        tags: ["ask"],
        summary:
          "Choose how notices come by e-mail: instant, daily, weekly (default) or never",
        body: noticeMailInputSchema,
        response: { 200: envelope(noticeMailSchema) },
      },
    },
    async (request) => {
      const userId = request.session!.user.userId;
      await memberOf(userId);
      await app.store.db
        .updateTable("memberProfiles")
        .set({
          noticeMail: request.body.noticeMail,
          noticeMailChangedAt: nowIso(),
        })
        .where("userId", "=", userId)
        .where("noticeMail", "!=", request.body.noticeMail)
        .execute();
      // Mail goes in the account's language; a member who never chose one gets the
      // language of the page they chose on.
      await app.store.db
        .updateTable("users")
        .set({ language: request.language })
        .where("id", "=", userId)
        .where("language", "is", null)
        .execute();
      return ok(await memberOf(userId));
    },
  );
};

export default noticeMailRoutes;
