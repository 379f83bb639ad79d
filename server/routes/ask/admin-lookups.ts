import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql, type SqlBool } from "kysely";
import { z } from "zod";
import { ok } from "../../http/envelope.js";
import { notFound } from "../../http/errors.js";
import { envelope, idParams } from "../../resources/resource-definition.js";
import { listQuerySchema, parseFilter } from "../../resources/list-query.js";
import { ASK_TAGS } from "./shared.js";

/** A picker lists a few names at a time: the moderator types more to narrow. */
const MEMBER_SEARCH_LIMIT = 20;

/** The picker's filter: part of a name, or the ids of the members already picked. */
const memberFilter = z.strictObject({
  q: z.string().trim().max(64).optional(),
  id: z
    .union([idParams.shape.id, z.array(idParams.shape.id).max(100)])
    .optional(),
});

const memberOption = z.object({
  id: z.number().int(),
  userName: z.string(),
  loginName: z.string(),
});

/** `%word%` for LIKE, with LIKE's own characters taken literally. */
function containing(word: string): string {
  return `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * What the moderation screens look up (issue 26 item 3): the member to mute, picked by
 * name (askKeepSilenceManage needed a numeric id no page showed), and how many questions
 * carry a tag, asked before a delete so the confirmation can name the count and offer
 * the merge.
 */
export const adminLookupRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/ask/admin/members",
    {
      config: { permission: "askMute:create" },
      schema: {
        tags: ASK_TAGS,
        summary:
          'Members for the mute picker: filter {"q": part of the display or login name (case-insensitive)} or {"id": [ids]}; at most 20, active accounts only',
        querystring: listQuerySchema,
        response: {
          200: envelope(
            z.object({ list: z.array(memberOption), total: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const filter = parseFilter(
        request.query.filter,
        memberFilter,
        request.language,
      );
      const q = filter.q ?? "";
      const ids =
        filter.id === undefined
          ? undefined
          : Array.isArray(filter.id)
            ? filter.id
            : [filter.id];
      const like = sql.raw(app.store.kind === "sqlite" ? "like" : "ilike");
      const rows = await app.store.db
        .selectFrom("users")
        .select(["id", "userName", "loginName"])
        .where("status", "=", "active")
        .$if(q !== "", (qb) =>
          qb.where(
            sql<SqlBool>`(user_name ${like} ${containing(q)} escape '\\' or login_name ${like} ${containing(q)} escape '\\')`,
          ),
        )
        .$if(ids !== undefined, (qb) =>
          qb.where("id", "in", ids!.length > 0 ? ids! : [0]),
        )
        .orderBy("userName")
        .orderBy("id")
        .limit(MEMBER_SEARCH_LIMIT)
        .execute();
      return ok({ list: rows, total: rows.length });
    },
  );

  app.get(
    "/ask/admin/tags/:id/usage",
    {
      config: { permission: "askTag:read" },
      schema: {
        tags: ASK_TAGS,
        summary:
          "How many questions (in any state) carry a Q&A tag: a tag in use is merged, not deleted",
        params: idParams,
        response: {
          200: envelope(z.object({ questions: z.number().int() })),
        },
      },
    },
    async (request) => {
      const tag = await app.store.db
        .selectFrom("askTags")
        .select("id")
        .where("id", "=", request.params.id)
        .executeTakeFirst();
      if (!tag) throw notFound();
      const used = await app.store.db
        .selectFrom("askQuestionTags")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("tagId", "=", tag.id)
        .executeTakeFirstOrThrow();
      return ok({ questions: Number(used.count) });
    },
  );
};
