import { VALIDATION_KEYS } from "../../common/validation-wording.js";
import { z } from "zod";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { Code } from "../../common/codes.js";
import { ok } from "../http/envelope.js";
import { ApiError, notFound, validationError } from "../http/errors.js";
import { localizeText } from "../http/validation-messages.js";
import { nowIso } from "../db/dialect.js";
import type { Database } from "../db/schema.js";
import { actorOf, recordAudit, type AuditAction } from "../services/audit.js";
import {
  envelope,
  idList,
  idParams,
  versionField,
  type ResourceDefinition,
  type WriteChange,
} from "./resource-definition.js";
import type { ResourceQueries } from "./resource-queries.js";
import {
  dropRevisions,
  keepRevision,
  registerRevisionRoutes,
} from "./revisions.js";

/** A stale version: the row exists but was changed since the caller read it. */
class StaleVersion extends Error {}

/**
 * The audited write path of one resource: records as readers see them, and writes that run
 * the definition's hooks and one audit row per changed record in a transaction. The
 * resource's routes use it, and so may another feature that writes the resource's records
 * (a live video creating its draft sermon), so those writes behave the same.
 */
export function recordWriter<
  Row,
  Rec,
  Create extends z.ZodObject,
  Update extends z.ZodObject,
>(
  app: FastifyInstance,
  def: ResourceDefinition<Row, Rec, Create, Update>,
  queries: ResourceQueries<Row>,
) {
  const auditName = def.auditName ?? def.path;

  /** Rows as records, with what enrich adds. */
  async function recordsOf(rows: Row[], db: Kysely<Database>): Promise<Rec[]> {
    const records = rows.map((row) => def.toRecord(row));
    return def.enrich && records.length > 0 ? def.enrich(records, db) : records;
  }
  async function recordOf(
    id: number,
    db: Kysely<Database>,
  ): Promise<Rec | undefined> {
    const row = await queries.findRow(id, db);
    return row === undefined ? undefined : (await recordsOf([row], db))[0];
  }

  /**
   * Runs one write: the before hook, the change, the after hook, then an audit row (and,
   * with revisions, the prior version) per changed record, before and after read in the
   * same transaction. In its own transaction, or in `outer` when given (then the caller's
   * transaction decides, and a definition with afterCommit is refused: nothing would run
   * it at the right time). `restoredFrom` marks a restore of that revision.
   */
  async function write(
    request: FastifyRequest,
    changes: WriteChange<Rec>[],
    auditAction: (change: WriteChange<Rec>) => AuditAction,
    apply: (trx: Kysely<Database>) => Promise<number[]>,
    options: { restoredFrom?: number | null; outer?: Kysely<Database> } = {},
  ): Promise<{ ids: number[]; records: Map<number, Rec> }> {
    const restoredFrom = options.restoredFrom ?? null;
    const work = async (trx: Kysely<Database>) => {
      const context = { trx, request };
      for (const change of changes) await def.beforeWrite?.(change, context);
      const ids = await apply(trx);
      const records = new Map<number, Rec>();
      for (const change of changes) {
        if (change.id === 0) change.id = ids[0]!; // a create learns its id here
        if (!ids.includes(change.id)) continue;
        await def.afterWrite?.(change, context);
        const after =
          change.action === "delete"
            ? undefined
            : await recordOf(change.id, trx);
        if (after) records.set(change.id, after);
        await recordAudit(trx, actorOf(request), {
          resource: auditName,
          recordId: change.id,
          action: auditAction(change),
          before: change.before as Record<string, unknown> | undefined,
          after: after as Record<string, unknown> | undefined,
        });
        if (def.revisions) {
          if (!after) await dropRevisions(trx, auditName, change.id);
          else
            await keepRevision(
              trx,
              auditName,
              request,
              change.id,
              change.before as Record<string, unknown> | undefined,
              after as Record<string, unknown>,
              restoredFrom,
            );
        }
      }
      return { ids, records };
    };
    if (options.outer) {
      if (def.afterCommit)
        throw new Error(`${def.path}: afterCommit needs its own transaction`);
      return work(options.outer);
    }
    const result = await app.store.transaction(work);
    await def.afterCommit?.(
      changes.filter((change) => result.ids.includes(change.id)),
      request,
    );
    return result;
  }

  /**
   * Creates one record from validated input; answers it as readers see it. `columns` are
   * stored values the input schema does not carry (the page a crawled draft came from).
   */
  async function create(
    request: FastifyRequest,
    input: z.infer<Create>,
    outer?: Kysely<Database>,
    columns: Record<string, unknown> = {},
  ): Promise<Rec> {
    const now = nowIso();
    const values = {
      ...(await def.toValues(input)),
      ...columns,
      createdAt: now,
      updatedAt: now,
    };
    try {
      const { records, ids } = await write(
        request,
        [{ action: "create", id: 0, input, batch: false }],
        () => "create",
        async (trx) => [
          ((await queries.insert(trx, values)) as { id: number }).id,
        ],
        { outer },
      );
      return records.get(ids[0]!)!;
    } catch (error) {
      return queries.conflictFrom(error, values, request.language);
    }
  }

  return { recordsOf, recordOf, write, create };
}

type Writer<
  Row,
  Rec,
  Create extends z.ZodObject,
  Update extends z.ZodObject,
> = ReturnType<typeof recordWriter<Row, Rec, Create, Update>>;
/** Leaves out of an input the fields this caller may not change (restrictInput). */
type Allowed = <T extends Record<string, unknown>>(
  input: T,
  request: FastifyRequest,
) => T;

/**
 * Updates one record at `version` (a stale one is 40900): an edit, or a restore of a
 * revision (audited as such, the new revision marked with where it came from).
 */
function recordUpdater<
  Row,
  Rec,
  Create extends z.ZodObject,
  Update extends z.ZodObject,
>(
  app: FastifyInstance,
  def: ResourceDefinition<Row, Rec, Create, Update>,
  queries: ResourceQueries<Row>,
  writer: Writer<Row, Rec, Create, Update>,
) {
  const { recordOf, write } = writer;
  return async function update(
    request: FastifyRequest,
    id: number,
    version: number,
    input: Record<string, unknown>,
    restoredFrom: number | null = null,
  ): Promise<Rec> {
    const before = await recordOf(id, app.store.db);
    if (!before) throw notFound();
    const values = {
      ...(await def.toValues(input as Partial<z.infer<Create>>)),
      updatedAt: nowIso(),
    };
    try {
      const { records } = await write(
        request,
        [{ action: "update", id, before, input, batch: false }],
        () => (restoredFrom === null ? "update" : "restore"),
        async (trx) => {
          const row = await queries.updateVersioned(trx, id, version, values);
          if (!row) throw new StaleVersion();
          return [id];
        },
        { restoredFrom },
      );
      return records.get(id)!;
    } catch (error) {
      if (error instanceof StaleVersion) {
        if (!(await queries.findRow(id))) throw notFound();
        throw new ApiError(Code.CONFLICT, {
          data: {
            errors: {
              version: localizeText("stale version", request.language),
            },
          },
        });
      }
      return queries.conflictFrom(error, values, request.language, id);
    }
  };
}

/** `POST /<path>/batch`: delete or update several records at once, all or none. */
function registerBatchRoute<
  Row,
  Rec,
  Create extends z.ZodObject,
  Update extends z.ZodObject,
>(
  parent: FastifyInstance,
  def: ResourceDefinition<Row, Rec, Create, Update>,
  queries: ResourceQueries<Row>,
  writer: Writer<Row, Rec, Create, Update>,
  allowed: Allowed,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { recordsOf, write } = writer;
  const tags = [def.path];
  const permission = (action: string) => `${def.module}:${action}`;
  const batchBody = z.discriminatedUnion("action", [
    z.object({ action: z.literal("delete"), ids: idList }),
    z.object({
      action: z.literal("update"),
      ids: idList,
      data: def.updateSchema.partial(),
    }),
  ]);
  app.post(
    `/${def.path}/batch`,
    {
      config: {
        // The action decides the permission: a caller holding neither is refused before
        // the body is read, the one the action needs is checked once it is validated.
        permission: {
          anyOf: [permission("delete"), permission("update")],
          pick: (request) =>
            permission(
              (request.body as { action: string }).action === "delete"
                ? "delete"
                : "update",
            ),
        },
      },
      schema: {
        tags,
        summary: `Delete or update several of ${def.path} at once (all or none)`,
        body: batchBody,
        response: { 200: envelope(z.object({ ids: z.array(z.number()) })) },
      },
    },
    async (request) => {
      const body = request.body;
      const ids = [...new Set(body.ids)];
      const existing = await recordsOf(
        await queries.findRows(ids, app.store.db),
        app.store.db,
      );
      const idOf = (record: Rec) => (record as { id: number }).id;
      if (body.action === "delete") {
        if (existing.length === 0) return ok({ ids: [] as number[] });
        const result = await write(
          request,
          existing.map((before) => ({
            action: "delete",
            id: idOf(before),
            before,
            batch: true,
          })),
          () => "batchDelete",
          (trx) => queries.removeMany(trx, existing.map(idOf)),
        );
        return ok({ ids: result.ids });
      }
      const input = allowed(body.data as Record<string, unknown>, request);
      const values = await def.toValues(input as Partial<z.infer<Create>>);
      if (Object.keys(values).length === 0) {
        throw validationError({
          data: localizeText(VALIDATION_KEYS.required, request.language),
        });
      }
      if (existing.length === 0) return ok({ ids: [] as number[] });
      try {
        const result = await write(
          request,
          existing.map((before) => ({
            action: "update",
            id: idOf(before),
            before,
            input,
            batch: true,
          })),
          () => "batchUpdate",
          (trx) =>
            queries.updateMany(trx, existing.map(idOf), {
              ...values,
              updatedAt: nowIso(),
            }),
        );
        return ok({ ids: result.ids });
      } catch (error) {
        return queries.conflictFrom(error, values, request.language);
      }
    },
  );
}

/**
 * Get, create, update (versioned), delete, and batch delete or update of one resource.
 * Every write runs in one transaction with its hooks and its audit rows.
 */
export function registerRecordRoutes<
  Row,
  Rec,
  Create extends z.ZodObject,
  Update extends z.ZodObject,
>(
  parent: FastifyInstance,
  def: ResourceDefinition<Row, Rec, Create, Update>,
  queries: ResourceQueries<Row>,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = [def.path];
  const permission = (action: string) => `${def.module}:${action}`;
  const writer = recordWriter(parent, def, queries);
  const { recordOf, write, create } = writer;
  const update = recordUpdater(app, def, queries, writer);

  /** A route's options: its permission, and a record in the envelope as its answer. */
  const options = <S extends { params?: z.ZodType; body?: z.ZodType }>(
    action: string,
    summary: string,
    schema: S,
  ) => ({
    config: { permission: permission(action) },
    schema: {
      tags,
      summary,
      ...schema,
      response: { 200: envelope(def.recordSchema) },
    },
  });
  /** A record as this caller may read it. */
  const shown = (record: Rec, request: FastifyRequest): Rec =>
    def.present ? def.present([record], request)[0]! : record;
  /** The input without the fields this caller may not change. */
  const allowed: Allowed = (input, request) =>
    def.restrictInput
      ? (def.restrictInput(input, request) as typeof input)
      : input;

  app.get(
    `/${def.path}/:id`,
    options("read", `Get one of ${def.path}`, { params: idParams }),
    async (request) => {
      const record = await recordOf(request.params.id, app.store.db);
      if (!record) throw notFound();
      return ok(shown(record, request));
    },
  );

  if (def.readOnly) return;

  if (def.revisions)
    registerRevisionRoutes(app, def, {
      restore: async (request, id, version, input, revisionId) =>
        shown(
          await update(
            request,
            id,
            version,
            allowed(input, request),
            revisionId,
          ),
          request,
        ),
      exists: async (id) => (await queries.findRow(id)) !== undefined,
    });

  app.post(
    `/${def.path}`,
    options("create", `Create one of ${def.path}`, { body: def.createSchema }),
    async (request) =>
      ok(
        shown(await create(request, request.body as z.infer<Create>), request),
      ),
  );

  app.put(
    `/${def.path}/:id`,
    options(
      "update",
      `Update one of ${def.path} (send the version you read; a stale one gets 40900)`,
      { params: idParams, body: def.updateSchema.extend(versionField.shape) },
    ),
    async (request) => {
      const { id } = request.params;
      const { version, ...body } = request.body as {
        version: number;
      } & Record<string, unknown>;
      const input = allowed(body, request);
      return ok(shown(await update(request, id, version, input), request));
    },
  );

  app.delete(
    `/${def.path}/:id`,
    options("delete", `Delete one of ${def.path}`, { params: idParams }),
    async (request) => {
      const { id } = request.params;
      const before = await recordOf(id, app.store.db);
      if (!before) throw notFound();
      const { ids } = await write(
        request,
        [{ action: "delete", id, before, batch: false }],
        () => "delete",
        async (trx) => ((await queries.remove(trx, id)) ? [id] : []),
      );
      if (ids.length === 0) throw notFound();
      return ok(shown(before, request));
    },
  );

  registerBatchRoute(app, def, queries, writer, allowed);
}
