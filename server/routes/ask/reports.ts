import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { Code } from "../../../common/codes.js";
import {
  ASK_REPORTS_PER_DAY,
  reportInputSchema,
} from "../../../common/schemas/ask.js";
import { isUniqueViolation, nowIso } from "../../db/dialect.js";
import { ok } from "../../http/envelope.js";
import { ApiError, notFound } from "../../http/errors.js";
import { envelope } from "../../resources/resource-definition.js";
import type { Store } from "../../db/store.js";
import { PUBLIC_STATUSES } from "../../services/ask/records.js";
import { refusal } from "../../services/ask/posts.js";
import { ASK_TAGS, memberRateLimit, unmutedMember } from "./shared.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where each kind of report target lives, and the states in which a visitor sees it. */
const TARGETS = {
  question: { table: "askQuestions", statuses: PUBLIC_STATUSES },
  answer: { table: "askAnswers", statuses: ["visible"] },
  user: { table: "users", statuses: ["active"] },
} as const;

/** True when the report's target exists and a visitor could see it. */
async function targetExists(
  store: Store,
  targetType: keyof typeof TARGETS,
  targetId: number,
): Promise<boolean> {
  const { table, statuses } = TARGETS[targetType];
  return Boolean(
    await store.db
      .selectFrom(table)
      .select("id")
      .where("id", "=", targetId)
      .where("status", "in", [...statuses])
      .executeTakeFirst(),
  );
}

export const reportRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/ask/reports",
    {
      config: {
        permission: "community:report",
        rateLimit: memberRateLimit(10),
      },
      schema: {
        tags: ASK_TAGS,
        summary:
          "Report a question, answer or member; one open report per member per target, 20 a day",
        body: reportInputSchema,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const userId = await unmutedMember(app, request);
      const { targetType, targetId, reason, text } = request.body;
      if (!(await targetExists(app.store, targetType, targetId)))
        throw notFound();
      const now = Date.now();
      const { count } = await app.store.db
        .selectFrom("askReports")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("reporterId", "=", userId)
        .where("createdAt", ">", nowIso(now - DAY_MS))
        .executeTakeFirstOrThrow();
      if (Number(count) >= ASK_REPORTS_PER_DAY) {
        const oldest = await app.store.db
          .selectFrom("askReports")
          .select((eb) => eb.fn.min("createdAt").as("at"))
          .where("reporterId", "=", userId)
          .where("createdAt", ">", nowIso(now - DAY_MS))
          .executeTakeFirst();
        const retryAfter = Math.max(
          1,
          Math.ceil(
            (Date.parse(String(oldest?.at ?? nowIso(now))) + DAY_MS - now) /
              1000,
          ),
        );
        throw new ApiError(Code.TOO_MANY_REQUESTS, {
          headers: { "Retry-After": String(retryAfter) },
          data: { retryAfter },
        });
      }
      try {
        const row = await app.store.db
          .insertInto("askReports")
          .values({
            reporterId: userId,
            targetType,
            targetId,
            reason,
            text,
            status: "open",
            createdAt: nowIso(now),
            handledBy: null,
            handledAt: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        return ok({ id: row.id });
      } catch (error) {
        // The partial unique index: this member already has an open report on it.
        if (isUniqueViolation(error))
          throw refusal(Code.CONFLICT, "alreadyReported", request);
        throw error;
      }
    },
  );
};
