import { z } from "zod";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  WORKFLOW_BULK_ACTIONS,
  type WorkflowStatus,
} from "../../common/schemas/workflow.js";
import { ok } from "../http/envelope.js";
import { nowIso } from "../db/dialect.js";
import {
  envelope,
  idList,
  type ResourceDefinition,
} from "./resource-definition.js";
import type { ResourceQueries } from "./resource-queries.js";
import type { WorkflowRow } from "./workflow.js";

const TARGET: Record<(typeof WORKFLOW_BULK_ACTIONS)[number], WorkflowStatus> = {
  publish: "published",
  unpublish: "draft",
  archive: "archived",
};

/**
 * `POST /<path>/publishing` {action: publish|unpublish|archive, ids}: the lists' bulk
 * actions. Every record moves through the workflow's checks, all or none: one record
 * that cannot make the move (an archived one cannot be published) refuses the lot (40000).
 */
export function registerPublishingRoutes<Row, Rec>(
  parent: FastifyInstance,
  def: ResourceDefinition<Row, Rec, z.ZodObject, z.ZodObject>,
  queries: ResourceQueries<Row>,
): void {
  const workflow = def.workflow!;
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    `/${def.path}/publishing`,
    {
      config: { permission: `${def.module}:update` },
      schema: {
        tags: [def.path],
        summary: `Publish, unpublish or archive several of ${def.path} at once (all or none)`,
        body: z.object({
          action: z.enum(WORKFLOW_BULK_ACTIONS),
          ids: idList,
        }),
        response: { 200: envelope(z.object({ ids: z.array(z.number()) })) },
      },
    },
    async (request) => {
      const { action, ids } = request.body;
      const moved = await app.store.transaction(async (trx) => {
        const ctx = {
          db: trx,
          userId: request.session?.user.userId ?? null,
          language: request.language,
          now: nowIso(),
        };
        const done: number[] = [];
        for (const id of new Set(ids)) {
          const before = await queries.findRow(id, trx);
          if (!before) continue;
          const values = workflow.prepare(
            ctx,
            { status: TARGET[action] },
            { updatedAt: ctx.now },
            before as unknown as WorkflowRow,
          );
          const row = await queries.updateVersioned(
            id,
            (before as unknown as { version: number }).version,
            values,
            trx,
          );
          if (row) done.push(id);
        }
        return done;
      });
      return ok({ ids: moved });
    },
  );
}
