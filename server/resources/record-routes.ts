import { VALIDATION_KEYS } from "../../common/validation-wording.js";
import { z } from "zod";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { Code } from "../../common/codes.js";
import { ok } from "../http/envelope.js";
import { ApiError, notFound, validationError } from "../http/errors.js";
import { localizeText } from "../http/validation-messages.js";
import { nowIso } from "../db/dialect.js";
import {
  envelope,
  idList,
  idParams,
  versionField,
  type ResourceDefinition,
} from "./resource-definition.js";
import type { ResourceQueries } from "./resource-queries.js";
import type { WorkflowRow, WriteContext } from "./workflow.js";
import type { FastifyRequest } from "fastify";

/** Get, create, update (versioned), delete, and batch delete or update of one resource. */
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
  // A resource with write steps (the publishing workflow, file usages) writes each
  // record in one transaction with them.
  const hooked = Boolean(def.workflow || def.afterWrite || def.beforeDelete);
  const contextOf = (
    request: FastifyRequest,
    db: WriteContext["db"],
  ): WriteContext => ({
    db,
    userId: request.session?.user.userId ?? null,
    language: request.language,
    now: nowIso(),
  });
  const stale = (request: FastifyRequest) =>
    new ApiError(Code.CONFLICT, {
      data: {
        errors: { version: localizeText("stale version", request.language) },
      },
    });
  /** Prepares, writes and follows up one record inside a transaction. */
  async function writeHooked(
    ctx: WriteContext,
    input: Record<string, unknown>,
    values: Record<string, unknown>,
    before: Row | undefined,
    write: (values: Record<string, unknown>) => Promise<Row | undefined>,
  ): Promise<Row | undefined> {
    const prepared = def.workflow
      ? def.workflow.prepare(
          ctx,
          input,
          values,
          before as unknown as WorkflowRow | undefined,
        )
      : values;
    const row = await write(prepared);
    if (!row) return undefined;
    if (def.workflow)
      await def.workflow.after(ctx, row as unknown as WorkflowRow);
    if (def.afterWrite) await def.afterWrite(ctx, row);
    return row;
  }
  async function beforeDelete(ctx: WriteContext, ids: number[]) {
    if (def.workflow) await def.workflow.beforeDelete(ctx, ids);
    if (def.beforeDelete) await def.beforeDelete(ctx, ids);
  }

  app.get(
    `/${def.path}/:id`,
    {
      config: { permission: permission("read") },
      schema: {
        tags,
        summary: `Get one of ${def.path}`,
        params: idParams,
        response: { 200: envelope(def.recordSchema) },
      },
    },
    async (request) => {
      const row = await queries.findRow(request.params.id);
      if (!row) throw notFound();
      return ok(def.toRecord(row));
    },
  );

  app.post(
    `/${def.path}`,
    {
      config: { permission: permission("create") },
      schema: {
        tags,
        summary: `Create one of ${def.path}`,
        body: def.createSchema,
        response: { 200: envelope(def.recordSchema) },
      },
    },
    async (request) => {
      const now = nowIso();
      const values = {
        ...def.toValues(request.body as z.infer<Create>),
        createdAt: now,
        updatedAt: now,
      };
      try {
        if (hooked) {
          const row = await app.store.transaction(async (trx) => {
            const ctx = contextOf(request, trx);
            return writeHooked(
              ctx,
              request.body as Record<string, unknown>,
              values,
              undefined,
              (prepared) => queries.insert(prepared, trx),
            );
          });
          return ok(def.toRecord(row!));
        }
        return ok(def.toRecord(await queries.insert(values)));
      } catch (error) {
        return queries.conflictFrom(error, values, request.language);
      }
    },
  );

  app.put(
    `/${def.path}/:id`,
    {
      config: { permission: permission("update") },
      schema: {
        tags,
        summary: `Update one of ${def.path} (send the version you read; a stale one gets 40900)`,
        params: idParams,
        body: def.updateSchema.extend(versionField.shape),
        response: { 200: envelope(def.recordSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { version, ...input } = request.body as {
        version: number;
      } & Record<string, unknown>;
      const values = {
        ...def.toValues(input as Partial<z.infer<Create>>),
        updatedAt: nowIso(),
      };
      let row: Row | undefined;
      try {
        row = hooked
          ? await app.store.transaction(async (trx) => {
              const before = await queries.findRow(id, trx);
              if (!before) throw notFound();
              const written = await writeHooked(
                contextOf(request, trx),
                input,
                values,
                before,
                (prepared) =>
                  queries.updateVersioned(id, version, prepared, trx),
              );
              if (!written) throw stale(request);
              return written;
            })
          : await queries.updateVersioned(id, version, values);
      } catch (error) {
        return queries.conflictFrom(error, values, request.language, id);
      }
      if (row) return ok(def.toRecord(row));
      if (!(await queries.findRow(id))) throw notFound();
      throw new ApiError(Code.CONFLICT, {
        data: {
          errors: { version: localizeText("stale version", request.language) },
        },
      });
    },
  );

  app.delete(
    `/${def.path}/:id`,
    {
      config: { permission: permission("delete") },
      schema: {
        tags,
        summary: `Delete one of ${def.path}`,
        params: idParams,
        response: { 200: envelope(def.recordSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = hooked
        ? await app.store.transaction(async (trx) => {
            await beforeDelete(contextOf(request, trx), [id]);
            return queries.remove(id, trx);
          })
        : await queries.remove(id);
      if (!row) throw notFound();
      return ok(def.toRecord(row));
    },
  );

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
      if (body.action === "delete") {
        if (!hooked) return ok({ ids: await queries.removeMany(ids) });
        const removed = await app.store.transaction(async (trx) => {
          const ctx = contextOf(request, trx);
          await beforeDelete(ctx, ids);
          const gone: number[] = [];
          for (const id of ids)
            if (await queries.remove(id, trx)) gone.push(id);
          return gone;
        });
        return ok({ ids: removed });
      }
      const values = def.toValues(body.data as Partial<z.infer<Create>>);
      const workflowOnly =
        def.workflow !== undefined &&
        Object.keys(body.data as object).some((key) =>
          ["status", "publishAt", "tagIds"].includes(key),
        );
      if (Object.keys(values).length === 0 && !workflowOnly) {
        throw validationError({
          data: localizeText(VALIDATION_KEYS.required, request.language),
        });
      }
      if (hooked) {
        // Each record through its own write steps (a status move is checked per record),
        // all or none.
        try {
          const updated = await app.store.transaction(async (trx) => {
            const ctx = contextOf(request, trx);
            const done: number[] = [];
            for (const id of ids) {
              const before = await queries.findRow(id, trx);
              if (!before) continue;
              const written = await writeHooked(
                ctx,
                body.data as Record<string, unknown>,
                { ...values, updatedAt: ctx.now },
                before,
                (prepared) =>
                  queries.updateVersioned(
                    id,
                    (before as unknown as { version: number }).version,
                    prepared,
                    trx,
                  ),
              );
              if (written) done.push(id);
            }
            return done;
          });
          return ok({ ids: updated });
        } catch (error) {
          return queries.conflictFrom(error, values, request.language);
        }
      }
      try {
        return ok({
          ids: await queries.updateMany(ids, {
            ...values,
            updatedAt: nowIso(),
          }),
        });
      } catch (error) {
        return queries.conflictFrom(error, values, request.language);
      }
    },
  );
}
