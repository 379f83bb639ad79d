/**
 * Revisions (issue 11 item 6), for any resource that opts in with `revisions: true` in its
 * definition. Every create, update and restore stores the record as it is after the write,
 * in the write's transaction, so the version before any saved change is always kept. A
 * write that changed none of the content (only the workflow's status, say) adds none.
 */
import { z } from "zod";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { nowIso } from "../db/dialect.js";
import type { Database } from "../db/schema.js";
import { ok } from "../http/envelope.js";
import { ApiError, validationError } from "../http/errors.js";
import { Code } from "../../common/codes.js";
import { localizeText } from "../http/validation-messages.js";
import { parseRange } from "./list-query.js";
import {
  envelope,
  idParams,
  MAX_INT32,
  versionField,
  type AnyResourceDefinition,
} from "./resource-definition.js";

/**
 * Fields that are not content: bookkeeping and the workflow's publishing state. A restore
 * never writes them, and a write that changed only them adds no revision.
 */
export const NON_CONTENT_FIELDS = new Set([
  "id",
  "version",
  "createdAt",
  "updatedAt",
  "createdBy",
  "updatedBy",
  "status",
  "publishAt",
  "publishedAt",
  "views",
]);

function contentOf(record: Record<string, unknown>): string {
  const content: Record<string, unknown> = {};
  for (const key of Object.keys(record).sort()) {
    if (!NON_CONTENT_FIELDS.has(key)) content[key] = record[key] ?? null;
  }
  return JSON.stringify(content);
}

type Db = Kysely<Database>;

/**
 * Keeps `after` as the record's newest revision, in the write's transaction. A record
 * written before revisions existed gets its prior version (`before`) kept first.
 */
export async function keepRevision(
  trx: Db,
  resource: string,
  request: FastifyRequest,
  recordId: number,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
  restoredFrom: number | null = null,
): Promise<void> {
  const latest = await trx
    .selectFrom("contentRevisions")
    .select(["data"])
    .where("resource", "=", resource)
    .where("recordId", "=", recordId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!latest && before) {
    await insertRevision(trx, resource, recordId, before, {
      createdBy: (before.updatedBy as number | null | undefined) ?? null,
      restoredFrom: null,
      createdAt: String(before.updatedAt ?? nowIso()),
    });
  }
  const previous = latest
    ? (JSON.parse(latest.data) as Record<string, unknown>)
    : before;
  if (previous && contentOf(previous) === contentOf(after) && !restoredFrom)
    return;
  await insertRevision(trx, resource, recordId, after, {
    createdBy: request.session?.user.userId ?? null,
    restoredFrom,
    createdAt: nowIso(),
  });
}

/** One revision row: the record as it stood at its version, and who wrote it when. */
async function insertRevision(
  trx: Db,
  resource: string,
  recordId: number,
  record: Record<string, unknown>,
  stamp: {
    createdBy: number | null;
    restoredFrom: number | null;
    createdAt: string;
  },
): Promise<void> {
  await trx
    .insertInto("contentRevisions")
    .values({
      resource,
      recordId,
      recordVersion: Number(record.version ?? 1),
      data: JSON.stringify(record),
      ...stamp,
    })
    .execute();
}

/** A deleted record's revisions go with it. */
export async function dropRevisions(
  trx: Db,
  resource: string,
  recordId: number,
): Promise<void> {
  await trx
    .deleteFrom("contentRevisions")
    .where("resource", "=", resource)
    .where("recordId", "=", recordId)
    .execute();
}

const revisionSummary = z.object({
  id: z.number().int(),
  recordId: z.number().int(),
  recordVersion: z.number().int(),
  createdBy: z.number().int().nullable(),
  /** The writer's display name; null when the user is gone. */
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  restoredFrom: z.number().int().nullable(),
});

const revisionParams = idParams.extend({
  revisionId: z.coerce.number().int().positive().max(MAX_INT32),
});

export interface RevisionWriter {
  /**
   * Writes `input` over record `id` at `version` the way an update does (hooks, audit),
   * with `auditAction` and the revision marked as restored from `revisionId`.
   */
  restore(
    request: FastifyRequest,
    id: number,
    version: number,
    input: Record<string, unknown>,
    revisionId: number,
  ): Promise<unknown>;
  exists(id: number): Promise<boolean>;
}

/** The revisions of one resource's records, with their writers' names. */
function revisionQueries(app: FastifyInstance, resource: string) {
  const rows = () =>
    app.store.db
      .selectFrom("contentRevisions")
      .leftJoin("users", "users.id", "contentRevisions.createdBy")
      .where("contentRevisions.resource", "=", resource);
  const summaryColumns = [
    "contentRevisions.id",
    "contentRevisions.recordId",
    "contentRevisions.recordVersion",
    "contentRevisions.createdBy",
    "users.userName as createdByName",
    "contentRevisions.createdAt",
    "contentRevisions.restoredFrom",
  ] as const;

  /** One revision of record `id`, with its data; undefined when there is none. */
  async function findRevision(id: number, revisionId: number) {
    return rows()
      .select([...summaryColumns, "contentRevisions.data"])
      .where("contentRevisions.recordId", "=", id)
      .where("contentRevisions.id", "=", revisionId)
      .executeTakeFirst();
  }

  /** A page of record `id`'s revisions, newest first, and how many it has. */
  async function listRevisions(id: number, offset: number, limit: number) {
    const [list, count] = await Promise.all([
      rows()
        .select([...summaryColumns])
        .where("contentRevisions.recordId", "=", id)
        .orderBy("contentRevisions.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),
      rows()
        .select((eb) => eb.fn.countAll().as("total"))
        .where("contentRevisions.recordId", "=", id)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      list: list.map((row) => ({
        ...row,
        createdByName: row.createdByName ?? null,
      })),
      total: Number(count.total),
    };
  }

  return { findRevision, listRevisions };
}

/**
 * `GET /<path>/:id/revisions` (newest first, `range` as lists take it),
 * `GET /<path>/:id/revisions/:revisionId` (with the record as it was) and
 * `POST /<path>/:id/revisions/:revisionId/restore` {version}: the revision's content
 * becomes current, as a new revision; the workflow's status and dates stay as they are.
 */
export function registerRevisionRoutes(
  parent: FastifyInstance,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  def: AnyResourceDefinition<any>,
  writer: RevisionWriter,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const resource = def.auditName ?? def.path;
  const tags = [def.path];
  const { findRevision, listRevisions } = revisionQueries(app, resource);
  const revisionMissing = (request: FastifyRequest) =>
    new ApiError(Code.NOT_FOUND, {
      detail: localizeText("revision not found", request.language),
    });

  app.get(
    `/${def.path}/:id/revisions`,
    {
      config: { permission: `${def.module}:read` },
      schema: {
        tags,
        summary: `The saved versions of one of ${def.path}, newest first`,
        params: idParams,
        querystring: z.object({ range: z.string().max(100).optional() }),
        response: {
          200: envelope(
            z.object({ list: z.array(revisionSummary), total: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { offset, limit } = parseRange(
        request.query.range,
        request.language,
      );
      if (!(await writer.exists(id))) throw new ApiError(Code.NOT_FOUND);
      return ok(await listRevisions(id, offset, limit));
    },
  );

  app.get(
    `/${def.path}/:id/revisions/:revisionId`,
    {
      config: { permission: `${def.module}:read` },
      schema: {
        tags,
        summary: `One saved version of one of ${def.path}, with the record as it was`,
        params: revisionParams,
        response: {
          200: envelope(
            revisionSummary.extend({
              data: z.record(z.string(), z.unknown()),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { id, revisionId } = request.params;
      const row = await findRevision(id, revisionId);
      if (!row) throw revisionMissing(request);
      return ok({
        ...row,
        createdByName: row.createdByName ?? null,
        data: JSON.parse(row.data) as Record<string, unknown>,
      });
    },
  );

  const writable = Object.keys(def.updateSchema.shape).filter(
    (key) => !NON_CONTENT_FIELDS.has(key),
  );
  const restoreInput = def.updateSchema
    .partial()
    .pick(Object.fromEntries(writable.map((key) => [key, true])) as never);

  app.post(
    `/${def.path}/:id/revisions/:revisionId/restore`,
    {
      config: { permission: `${def.module}:update` },
      schema: {
        tags,
        summary: `Makes a saved version of one of ${def.path} current again, as a new revision (send the record's version; a stale one gets 40900)`,
        params: revisionParams,
        body: versionField,
        response: { 200: envelope(def.recordSchema) },
      },
    },
    async (request) => {
      const { id, revisionId } = request.params;
      const row = await findRevision(id, revisionId);
      if (!row) {
        if (!(await writer.exists(id))) throw new ApiError(Code.NOT_FOUND);
        throw revisionMissing(request);
      }
      const data = JSON.parse(row.data) as Record<string, unknown>;
      const content: Record<string, unknown> = {};
      for (const key of writable) if (key in data) content[key] = data[key];
      // The stored version passed this schema once; parse it again so any transform
      // (trimming, dedupe) and today's limits apply as to any update.
      const parsed = restoreInput.safeParse(content);
      if (!parsed.success)
        throw validationError({
          revisionId: localizeText(
            "revision no longer valid",
            request.language,
          ),
        });
      return ok(
        await writer.restore(
          request,
          id,
          request.body.version,
          parsed.data as Record<string, unknown>,
          revisionId,
        ),
      );
    },
  );
}
