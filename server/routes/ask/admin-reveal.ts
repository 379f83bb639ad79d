import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ASK_VALIDATION_ERRORS } from "../../../common/ask-messages.js";
import { ok } from "../../http/envelope.js";
import { notFound, validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import { envelope, idParams } from "../../resources/resource-definition.js";
import { actorOf, recordAudit } from "../../services/audit.js";
import { ASK_TAGS } from "./shared.js";

/** Why a moderator needs to know who wrote an anonymous post; kept in the audit log. */
const revealBody = z.object({ reason: z.string().trim().max(500) });

const revealedSchema = envelope(
  z.object({
    userId: z.number().int(),
    userName: z.string(),
    loginName: z.string(),
    anonymous: z.boolean(),
  }),
);

const TARGETS = [
  {
    path: "questions",
    table: "askQuestions",
    permission: "askTopic:reveal",
    summary:
      "Reveal the author of an anonymous question (audited with a reason)",
  },
  {
    path: "answers",
    table: "askAnswers",
    permission: "askAnswer:reveal",
    summary: "Reveal the author of an anonymous answer (audited with a reason)",
  },
] as const;

/**
 * The one way a moderator learns who wrote an anonymous post (issue 24): an explicit
 * reveal with a reason, written to the audit log (action `reveal`, the reason and the
 * author's id) in the same transaction that reads the author. docs/community.md.
 */
export const adminRevealRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  for (const target of TARGETS) {
    app.post(
      `/ask/admin/${target.path}/:id/reveal`,
      {
        config: { permission: target.permission },
        schema: {
          tags: ASK_TAGS,
          summary: target.summary,
          params: idParams,
          body: revealBody,
          response: { 200: revealedSchema },
        },
      },
      async (request) => {
        const { reason } = request.body;
        if (!reason) {
          throw validationError({
            reason: localizeText(
              ASK_VALIDATION_ERRORS.reasonRequired,
              request.language,
            ),
          });
        }
        return ok(
          await app.store.transaction(async (trx) => {
            const row = await trx
              .selectFrom(target.table as "askQuestions")
              .innerJoin("users", "users.id", "authorId")
              .select([
                "authorId",
                "anonymous",
                "users.userName",
                "users.loginName",
              ])
              .where(
                `${target.table as "askQuestions"}.id`,
                "=",
                request.params.id,
              )
              .where(
                `${target.table as "askQuestions"}.status`,
                "!=",
                "deleted",
              )
              .executeTakeFirst();
            if (!row) throw notFound();
            await recordAudit(trx, actorOf(request), {
              resource: `ask/admin/${target.path}`,
              recordId: request.params.id,
              action: "reveal",
              before: {},
              after: { reason, authorId: row.authorId },
            });
            return {
              userId: row.authorId,
              userName: row.userName,
              loginName: row.loginName,
              anonymous: Boolean(row.anonymous),
            };
          }),
        );
      },
    );
  }
};
