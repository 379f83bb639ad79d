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
import type { WorkflowRecord } from "./workflow.js";
import { actorOf, recordAudit } from "../services/audit.js";

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
      const userId = request.session?.user.userId ?? null;
      const moved = await app.store.transaction(async (trx) => {
        const now = nowIso();
        const done: number[] = [];
        for (const id of new Set(ids)) {
          const row = await queries.findRow(id, trx);
          if (!row) continue;
          const before = def.toRecord(row) as Rec & WorkflowRecord;
          const values = workflow.columns(
            { status: TARGET[action] },
            before,
            userId,
            request.language,
            now,
          );
          const updated = await queries.updateVersioned(
            trx,
            id,
            (row as unknown as { version: number }).version,
            { ...values, updatedAt: now },
          );
          if (!updated) continue;
          await recordAudit(trx, actorOf(request), {
            resource: def.auditName ?? def.path,
            recordId: id,
            action: "batchUpdate",
            before: before as Record<string, unknown>,
            after: def.toRecord(updated) as Record<string, unknown>,
          });
          done.push(id);
        }
        return done;
      });
      return ok({ ids: moved });
    },
  );
}
