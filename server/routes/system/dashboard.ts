import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import {
  DASHBOARD_COUNTS,
  dashboardSchema,
  type Dashboard,
} from "../../../common/schemas/dashboard.js";
import { statsDay } from "../../behavior/rollup.js";
import { nowIso } from "../../db/dialect.js";
import { ok } from "../../http/envelope.js";
import { envelope } from "../../resources/resource-definition.js";

const DAY_MS = 24 * 3600 * 1000;
const LIST_SIZE = 8;
/** Tables are looked up again after this long: another feature's migration may land. */
const TABLES_TTL_MS = 60_000;

// Tables of features built elsewhere (articles, live videos) are read by name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

type Tables = Map<string, Set<string>>;
let tablesCache: { at: number; key: string; tables: Tables } | undefined;

/** The store's tables and their columns (snake_case), cached for a minute. */
async function storeTables(app: FastifyInstance): Promise<Tables> {
  const key = `${app.store.kind}:${app.store.schema ?? ""}`;
  if (
    tablesCache &&
    tablesCache.key === key &&
    Date.now() - tablesCache.at < TABLES_TTL_MS
  )
    return tablesCache.tables;
  const schema = app.store.schema;
  const tables: Tables = new Map();
  for (const table of await app.store.db.introspection.getTables()) {
    if (app.store.kind === "postgres" && schema && table.schema !== schema)
      continue;
    tables.set(table.name, new Set(table.columns.map((c) => c.name)));
  }
  tablesCache = { at: Date.now(), key, tables };
  return tables;
}

async function countOf(db: AnyDb, table: string): Promise<number> {
  const row = (await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow()) as { n: number | string | bigint };
  return Number(row.n);
}

/** Whether e-mail can leave, and how many messages wait or failed (docs/operations.md). */
async function mailStatus(app: FastifyInstance) {
  const rows = await app.store.db
    .selectFrom("mailOutbox")
    .select(["status", (eb) => eb.fn.countAll().as("n")])
    .where("status", "in", ["pending", "failed"])
    .groupBy("status")
    .execute();
  const count = (status: string) =>
    Number(rows.find((row) => row.status === status)?.n ?? 0);
  return {
    configured: app.mail.configured,
    pending: count("pending"),
    failed: count("failed"),
  };
}

/** Roles that read believers' contact details with a password alone. */
async function contactRolesWithoutTwoFactor(app: FastifyInstance) {
  return app.store.db
    .selectFrom("roles")
    .innerJoin("rolePermissions", "rolePermissions.roleId", "roles.id")
    .innerJoin("permissions", "permissions.id", "rolePermissions.permissionId")
    .select(["roles.id", "roles.code", "roles.name", "roles.nameEn"])
    .where("permissions.code", "=", "disciple:contact")
    .where("roles.requiresTwoFactor", "=", 0)
    .orderBy("roles.id")
    .execute();
}

/**
 * `GET /tjc/system/dashboard` (issue 13 item 7): the admin home's widgets, only those whose
 * feature exists in this installation and whose permission the caller holds. One request,
 * so the home page never asks for what it may not show.
 */
export const dashboardRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/system/dashboard",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["system"],
        summary:
          "The admin home's widgets the caller may see: counts, 7-day traffic, recent audit activity, upcoming content, failed jobs",
        response: { 200: envelope(dashboardSchema) },
      },
    },
    async (request) => {
      const held = new Set(request.session!.permissions);
      const tables = await storeTables(app);
      const db = app.store.db as unknown as AnyDb;
      const now = Date.now();
      const answer: Dashboard = {};

      const counts: NonNullable<Dashboard["counts"]> = [];
      for (const entry of DASHBOARD_COUNTS) {
        if (!held.has(entry.permission) || !tables.has(entry.table)) continue;
        counts.push({
          key: entry.key,
          count: await countOf(db, entry.table),
          path: entry.path,
        });
      }
      if (counts.length > 0) answer.counts = counts;

      if (held.has("behaviorStat:read") && tables.has("behavior_daily")) {
        const from = statsDay(now - 6 * DAY_MS);
        const to = statsDay(now);
        const rows = await app.store.db
          .selectFrom("behaviorDaily")
          .select(["day", "hits", "visitors"])
          .where("kind", "=", "total")
          .where("day", ">=", from)
          .where("day", "<=", to)
          .execute();
        const byDay = new Map(rows.map((row) => [row.day, row]));
        answer.traffic = Array.from({ length: 7 }, (_, i) => {
          const day = statsDay(now - (6 - i) * DAY_MS);
          const row = byDay.get(day);
          return {
            day,
            pv: Number(row?.hits ?? 0),
            uv: Number(row?.visitors ?? 0),
          };
        });
      }

      if (held.has("auditLog:read")) {
        answer.audit = (
          await app.store.db
            .selectFrom("auditLogs")
            .select([
              "id",
              "loginName",
              "resource",
              "action",
              "recordId",
              "createdAt",
            ])
            .orderBy("createdAt", "desc")
            .orderBy("id", "desc")
            .limit(LIST_SIZE)
            .execute()
        ).map((row) => ({ ...row }));
      }

      // Scheduled content: every workflow table the caller may read.
      const scheduled: NonNullable<Dashboard["scheduled"]> = [];
      let scheduledShown = false;
      for (const entry of DASHBOARD_COUNTS) {
        if (!entry.workflow || !held.has(entry.permission)) continue;
        const columns = tables.get(entry.table);
        if (!columns?.has("publish_at") || !columns.has("title")) continue;
        scheduledShown = true;
        const rows = (await db
          .selectFrom(entry.table)
          .select(["id", "title", "publishAt"])
          .where("status", "=", "scheduled")
          .where("publishAt", ">", nowIso(now))
          .orderBy("publishAt")
          .limit(LIST_SIZE)
          .execute()) as { id: number; title: string; publishAt: string }[];
        for (const row of rows)
          scheduled.push({ key: entry.key, path: entry.path, ...row });
      }
      if (scheduledShown) {
        answer.scheduled = scheduled
          .sort((a, b) => a.publishAt.localeCompare(b.publishAt))
          .slice(0, LIST_SIZE);
      }

      // Upcoming live videos (migration 0012-live): scheduled, starting after now. The
      // widget once guessed the start column (start_at, scheduled_at…) and never found
      // the real one, scheduled_start, so it never showed.
      if (tables.has("live_videos") && held.has("liveVideo:read")) {
        const rows = await app.store.db
          .selectFrom("liveVideos")
          .select(["id", "title", "scheduledStart"])
          .where("status", "=", "scheduled")
          .where("scheduledStart", ">", nowIso(now))
          .orderBy("scheduledStart")
          .orderBy("id")
          .limit(LIST_SIZE)
          .execute();
        answer.liveVideos = rows.map((row) => ({
          id: row.id,
          title: row.title,
          startAt: row.scheduledStart,
        }));
      }

      if (held.has("jobLog:read")) {
        const since = nowIso(now - DAY_MS);
        const failed = await app.store.db
          .selectFrom("jobLogs")
          .select(["id", "jobId", "jobName", "handler", "startedAt", "error"])
          .where("status", "=", "failed")
          .where("startedAt", ">=", since)
          .orderBy("startedAt", "desc")
          .limit(LIST_SIZE)
          .execute();
        const total = await app.store.db
          .selectFrom("jobLogs")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("status", "=", "failed")
          .where("startedAt", ">=", since)
          .executeTakeFirstOrThrow();
        answer.failedJobs = {
          total: Number(total.n),
          recent: failed.map((row) => ({
            ...row,
            error: row.error?.slice(0, 300) ?? null,
          })),
        };
      }
      if (held.has("outbox:read")) answer.mail = await mailStatus(app);
      if (held.has("role:read"))
        answer.twoFactorWarnings = await contactRolesWithoutTwoFactor(app);
      return ok(answer);
    },
  );
};
