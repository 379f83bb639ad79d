import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { nowIso } from "../../db/dialect.js";
import { ok } from "../../http/envelope.js";
import { notFound } from "../../http/errors.js";
import { envelope } from "../../resources/resource-definition.js";
import { ASK_TAGS, memberId } from "./shared.js";

/** The longest mute a moderator can set at once: a year. */
const MAX_MUTE_DAYS = 366;

/**
 * `POST /tjc/ask/admin/mutes`: a moderator mutes a member for a number of days. The
 * moderation back office (askKeepSilenceManage, issue 15) lists and lifts mutes on the
 * same `ask_mutes` rows.
 */
export const muteRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/ask/admin/mutes",
    {
      config: { permission: "askMute:create" },
      schema: {
        tags: ASK_TAGS,
        summary: "Mute a member for some days (moderators)",
        body: z.object({
          userId: z
            .number()
            .int()
            .positive()
            .max(2 ** 31 - 1),
          days: z.number().positive().max(MAX_MUTE_DAYS),
          reason: z.string().trim().max(500).default(""),
        }),
        response: {
          200: envelope(z.object({ id: z.number(), until: z.string() })),
        },
      },
    },
    async (request) => {
      const { userId, days, reason } = request.body;
      const user = await app.store.db
        .selectFrom("users")
        .select("id")
        .where("id", "=", userId)
        .executeTakeFirst();
      if (!user) throw notFound();
      const now = Date.now();
      const until = nowIso(now + days * 24 * 60 * 60 * 1000);
      const row = await app.store.db
        .insertInto("askMutes")
        .values({
          userId,
          until,
          reason,
          createdBy: memberId(request),
          createdAt: nowIso(now),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      request.log.info({ userId, until }, "member muted");
      return ok({ id: row.id, until });
    },
  );
};
