import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import { ASK_VALIDATION_ERRORS } from "../../../common/ask-messages.js";
import { nowIso } from "../../db/dialect.js";
import type { Database } from "../../db/schema.js";
import { ok } from "../../http/envelope.js";
import { notFound, validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import { listQuerySchema } from "../../resources/list-query.js";
import { actorOf, recordAudit } from "../../services/audit.js";
import { PERMANENT_UNTIL } from "../../services/ask-mute.js";
import {
  MAX_INT32,
  envelope,
  idParams,
} from "../../resources/resource-definition.js";
import { ASK_TAGS, memberId, parseAdminList } from "./shared.js";

/** The longest mute a moderator can set by days: a year (longer: a date, or permanent). */
const MAX_MUTE_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When a mute ends: an ISO time in the future, or null for a permanent mute. */
export const muteUntilSchema = z.iso.datetime({ offset: true }).nullable();

const muteSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  loginName: z.string(),
  reason: z.string(),
  /** null: permanent. */
  until: z.string().nullable(),
  active: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  liftedAt: z.string().nullable(),
  liftedBy: z.string().nullable(),
});

/** Writes a mute (and its audit row) in the caller's transaction. */
export async function insertMute(
  trx: Kysely<Database>,
  request: FastifyRequest,
  mute: { userId: number; reason: string; until: string | null },
  now = Date.now(),
): Promise<{ id: number; until: string | null }> {
  const user = await trx
    .selectFrom("users")
    .select("id")
    .where("id", "=", mute.userId)
    .executeTakeFirst();
  if (!user) throw notFound();
  if (mute.until !== null && Date.parse(mute.until) <= now) {
    throw validationError({
      until: localizeText(ASK_VALIDATION_ERRORS.untilInPast, request.language),
    });
  }
  const until =
    mute.until === null ? PERMANENT_UNTIL : nowIso(Date.parse(mute.until));
  const row = await trx
    .insertInto("askMutes")
    .values({
      userId: mute.userId,
      until,
      permanent: mute.until === null ? 1 : 0,
      reason: mute.reason,
      createdBy: memberId(request),
      createdAt: nowIso(now),
      liftedAt: null,
      liftedBy: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const shown = mute.until === null ? null : until;
  await recordAudit(trx, actorOf(request), {
    resource: "ask/admin/mutes",
    recordId: row.id,
    action: "create",
    after: { userId: mute.userId, until: shown, reason: mute.reason },
  });
  request.log.info({ userId: mute.userId, until: shown }, "member muted");
  return { id: row.id, until: shown };
}

const filterSchema = z.strictObject({
  q: z.string().trim().max(64).optional(),
  active: z.boolean().optional(),
  userId: z.coerce.number().int().positive().max(MAX_INT32).optional(),
});
const SORTABLE = ["id", "createdAt", "until"] as const;

/**
 * Muted members (askKeepSilenceManage, issue 15): list, mute, lift. A mute ends by
 * itself when its time passes (the check compares with the clock); lifting keeps the
 * row with who lifted it and when.
 */
export const muteRoutes: FastifyPluginAsync = async (app) => {
  registerMuteList(app);
  registerMuteWrites(app);
};

function registerMuteList(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/ask/admin/mutes",
    {
      config: { permission: "askMute:read" },
      schema: {
        tags: ASK_TAGS,
        summary:
          'Mutes, newest first; filter {"q": member name, "active": true|false, "userId"}',
        querystring: listQuerySchema,
        response: {
          200: envelope(
            z.object({ list: z.array(muteSchema), total: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const { filter, sort, offset, limit } = parseAdminList(
        request.query,
        request.language,
        {
          filter: filterSchema,
          sortable: SORTABLE,
          fallback: ["createdAt", "DESC"],
        },
      );
      const now = nowIso();
      const where = app.store.db
        .selectFrom("askMutes")
        .innerJoin("users as member", "member.id", "askMutes.userId")
        .leftJoin("users as creator", "creator.id", "askMutes.createdBy")
        .leftJoin("users as lifter", "lifter.id", "askMutes.liftedBy")
        .$if(Boolean(filter.q), (qb) =>
          qb.where((eb) =>
            eb.or([
              eb("member.userName", "=", filter.q!),
              eb("member.loginName", "=", filter.q!),
            ]),
          ),
        )
        .$if(filter.userId !== undefined, (qb) =>
          qb.where("askMutes.userId", "=", filter.userId!),
        )
        .$if(filter.active === true, (qb) =>
          qb
            .where("askMutes.liftedAt", "is", null)
            .where("askMutes.until", ">", now),
        )
        .$if(filter.active === false, (qb) =>
          qb.where((eb) =>
            eb.or([
              eb("askMutes.liftedAt", "is not", null),
              eb("askMutes.until", "<=", now),
            ]),
          ),
        );
      const [rows, count] = await Promise.all([
        where
          .select([
            "askMutes.id",
            "askMutes.userId",
            "member.userName",
            "member.loginName",
            "askMutes.reason",
            "askMutes.until",
            "askMutes.permanent",
            "creator.userName as createdBy",
            "askMutes.createdAt",
            "askMutes.liftedAt",
            "lifter.userName as liftedBy",
          ])
          .orderBy(`askMutes.${sort.field}` as "askMutes.createdAt", sort.order)
          .orderBy("askMutes.id", sort.order)
          .limit(limit)
          .offset(offset)
          .execute(),
        where
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .executeTakeFirstOrThrow(),
      ]);
      return ok({
        list: rows.map((row) => ({
          id: row.id,
          userId: row.userId,
          userName: row.userName,
          loginName: row.loginName,
          reason: row.reason,
          until: row.permanent ? null : row.until,
          active: row.liftedAt === null && row.until > now,
          createdBy: row.createdBy ?? null,
          createdAt: row.createdAt,
          liftedAt: row.liftedAt,
          liftedBy: row.liftedBy ?? null,
        })),
        total: Number(count.total),
      });
    },
  );
}

/** Muting a member, and lifting a mute. */
function registerMuteWrites(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/ask/admin/mutes",
    {
      config: { permission: "askMute:create" },
      schema: {
        tags: ASK_TAGS,
        summary:
          "Mute a member until a time (until: null is permanent), or for some days (moderators)",
        body: z
          .object({
            userId: z.number().int().positive().max(MAX_INT32),
            until: muteUntilSchema.optional(),
            days: z.number().positive().max(MAX_MUTE_DAYS).optional(),
            reason: z.string().trim().max(500).default(""),
          })
          .refine(
            (body) => body.until !== undefined || body.days !== undefined,
            {
              path: ["until"],
              message: "Required",
            },
          ),
        response: {
          200: envelope(
            z.object({ id: z.number(), until: z.string().nullable() }),
          ),
        },
      },
    },
    async (request) => {
      const { userId, days, reason } = request.body;
      const now = Date.now();
      const until =
        request.body.until !== undefined
          ? request.body.until
          : nowIso(now + days! * DAY_MS);
      return ok(
        await app.store.transaction((trx) =>
          insertMute(trx, request, { userId, reason, until }, now),
        ),
      );
    },
  );

  app.delete(
    "/ask/admin/mutes/:id",
    {
      config: { permission: "askMute:delete" },
      schema: {
        tags: ASK_TAGS,
        summary: "Lift a mute now; the row stays, marked lifted (moderators)",
        params: idParams,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (request) => {
      await app.store.transaction(async (trx) => {
        const mute = await trx
          .selectFrom("askMutes")
          .select(["id", "userId", "until", "liftedAt"])
          .where("id", "=", request.params.id)
          .executeTakeFirst();
        if (!mute) throw notFound();
        if (mute.liftedAt !== null) return;
        await trx
          .updateTable("askMutes")
          .set({ liftedAt: nowIso(), liftedBy: memberId(request) })
          .where("id", "=", mute.id)
          .execute();
        await recordAudit(trx, actorOf(request), {
          resource: "ask/admin/mutes",
          recordId: mute.id,
          action: "delete",
          before: { userId: mute.userId, until: mute.until },
        });
      });
      return ok({ id: request.params.id });
    },
  );
}
