import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { Code } from "../../../common/codes.js";
import { voteInputSchema } from "../../../common/schemas/ask.js";
import { nowIso } from "../../db/dialect.js";
import { ok } from "../../http/envelope.js";
import { notFound } from "../../http/errors.js";
import { envelope } from "../../resources/resource-definition.js";
import { hotScore } from "../../services/ask-hot.js";
import { PUBLIC_STATUSES } from "../../services/ask/records.js";
import { lockAnswer, lockQuestion, refusal } from "../../services/ask/posts.js";
import { ASK_TAGS, memberRateLimit, unmutedMember } from "./shared.js";

export const voteRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/ask/votes",
    {
      config: {
        permission: "community:vote",
        rateLimit: memberRateLimit(60),
      },
      schema: {
        tags: ASK_TAGS,
        summary:
          "Cast (1, -1), change or withdraw (0) one's vote on a question or answer",
        body: voteInputSchema,
        response: {
          200: envelope(
            z.object({ score: z.number().int(), value: z.number().int() }),
          ),
        },
      },
    },
    async (request) => {
      const userId = await unmutedMember(app, request);
      const { targetType, targetId, value } = request.body;
      // The target's row lock serialises every vote on it (PostgreSQL; SQLite writes
      // one at a time), so the member's previous vote read below is the latest and
      // the score moves by exactly the difference.
      const result = await app.store.transaction(async (trx) => {
        const target =
          targetType === "question"
            ? await lockQuestion(trx, targetId)
            : await lockAnswer(trx, targetId);
        const visible =
          target &&
          (targetType === "question"
            ? PUBLIC_STATUSES.includes(target.status)
            : target.status === "visible");
        if (!target || !visible) throw notFound();
        if (target.authorId === userId)
          throw refusal(Code.FORBIDDEN, "ownVote", request);
        const previous = await trx
          .selectFrom("askVotes")
          .select("value")
          .where("userId", "=", userId)
          .where("targetType", "=", targetType)
          .where("targetId", "=", targetId)
          .executeTakeFirst();
        const delta = value - (previous?.value ?? 0);
        if (delta === 0) return { score: target.score, value };
        if (value === 0) {
          await trx
            .deleteFrom("askVotes")
            .where("userId", "=", userId)
            .where("targetType", "=", targetType)
            .where("targetId", "=", targetId)
            .execute();
        } else if (previous) {
          await trx
            .updateTable("askVotes")
            .set({ value })
            .where("userId", "=", userId)
            .where("targetType", "=", targetType)
            .where("targetId", "=", targetId)
            .execute();
        } else {
          await trx
            .insertInto("askVotes")
            .values({
              userId,
              targetType,
              targetId,
              value,
              createdAt: nowIso(),
            })
            .execute();
        }
        const score = target.score + delta;
        if (targetType === "question" && "answerCount" in target) {
          await trx
            .updateTable("askQuestions")
            .set({
              score,
              hot: hotScore({
                score,
                answerCount: target.answerCount,
                createdAt: target.createdAt,
              }),
            })
            .where("id", "=", targetId)
            .execute();
        } else {
          await trx
            .updateTable("askAnswers")
            .set({ score })
            .where("id", "=", targetId)
            .execute();
        }
        return { score, value };
      });
      return ok(result);
    },
  );
};
