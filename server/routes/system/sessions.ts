import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql, type SqlBool } from "kysely";
import { z } from "zod";
import {
  SESSION_SORT_FIELDS,
  onlineSessionSchema,
} from "../../../common/schemas/session.js";
import { nowIso } from "../../db/dialect.js";
import { ok } from "../../http/envelope.js";
import { notFound } from "../../http/errors.js";
import { listQuerySchema, parseListQuery } from "../../resources/list-query.js";
import {
  envelope,
  idParams,
  MAX_INT32,
} from "../../resources/resource-definition.js";
import { withAudit } from "../../services/audit.js";

const filterSchema = z.strictObject({
  q: z.string().trim().max(64).optional(),
  userId: z.number().int().positive().max(MAX_INT32).optional(),
});

const SORT_COLUMNS = {
  lastSeenAt: "sessions.lastSeenAt",
  createdAt: "sessions.createdAt",
} as const;

/**
 * `GET /tjc/system/sessions` lists live sessions (never a token or its hash);
 * `DELETE /tjc/system/sessions/:id` forces one to log out, audited.
 */
export const sessionRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/system/sessions",
    {
      config: { permission: "session:read" },
      schema: {
        tags: ["system/sessions"],
        summary: "Live sessions: user, IP, user agent, started, last seen",
        querystring: listQuerySchema,
        response: {
          200: envelope(
            z.object({ list: z.array(onlineSessionSchema), total: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const language = request.language;
      const { filter, sort, offset, limit } = parseListQuery(
        request.query,
        language,
        {
          filter: filterSchema,
          sortable: SESSION_SORT_FIELDS,
          fallback: ["lastSeenAt", "DESC"],
        },
      );
      const now = Date.now();
      let query = app.store.db
        .selectFrom("sessions")
        .innerJoin("users", "users.id", "sessions.userId")
        .where("sessions.revokedAt", "is", null)
        .where("sessions.expiresAt", ">", nowIso(now))
        .where(
          "sessions.lastSeenAt",
          ">",
          nowIso(now - app.sessions.idleTimeoutMs()),
        )
        .where("users.status", "=", "active");
      if (filter.userId !== undefined)
        query = query.where("sessions.userId", "=", filter.userId);
      if (filter.q) {
        const words = `%${filter.q.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
        const contains = (column: string) =>
          sql<SqlBool>`lower(${sql.ref(column)}) like ${words} escape '\\'`;
        query = query.where((eb) =>
          eb.or([
            contains("users.login_name"),
            contains("users.user_name"),
            contains("sessions.ip"),
          ]),
        );
      }
      const [rows, counted] = await Promise.all([
        query
          .select([
            "sessions.id",
            "sessions.userId",
            "users.loginName",
            "users.userName",
            "sessions.ip",
            "sessions.userAgent",
            "sessions.createdAt",
            "sessions.lastSeenAt",
          ])
          .orderBy(
            SORT_COLUMNS[sort.field as keyof typeof SORT_COLUMNS],
            sort.order,
          )
          .orderBy("sessions.id", sort.order)
          .limit(limit)
          .offset(offset)
          .execute(),
        query
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .executeTakeFirstOrThrow(),
      ]);
      const own = request.session!.sessionId;
      return ok({
        list: rows.map((row) => ({ ...row, current: row.id === own })),
        total: Number(counted.total),
      });
    },
  );

  app.delete(
    "/system/sessions/:id",
    {
      config: { permission: "session:revoke" },
      schema: {
        tags: ["system/sessions"],
        summary: "Force a session to log out (its next request gets 20107)",
        params: idParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await withAudit(app.store, request, async (trx) => {
        const session = await trx
          .selectFrom("sessions")
          .innerJoin("users", "users.id", "sessions.userId")
          .select([
            "sessions.userId",
            "users.loginName",
            "sessions.ip",
            "sessions.userAgent",
          ])
          .where("sessions.id", "=", id)
          .where("sessions.revokedAt", "is", null)
          .executeTakeFirst();
        if (!session) throw notFound();
        await trx
          .updateTable("sessions")
          .set({ revokedAt: nowIso() })
          .where("id", "=", id)
          .execute();
        return {
          result: null,
          audit: {
            resource: "system/sessions",
            recordId: id,
            action: "forceLogout",
            before: session,
          },
        };
      });
      // Already revoked in the store: this only drops what this instance remembers.
      await app.sessions.revoke(id);
      return ok(null);
    },
  );
};
