import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { ResourceDefinition, WriteChange } from "./resource-definition.js";
import { resourceQueries } from "./resource-queries.js";
import { registerListRoutes } from "./list-routes.js";
import { recordWriter, registerRecordRoutes } from "./record-routes.js";
import { registerPublishingRoutes } from "./publishing-routes.js";

/** The workflow's checks run before the resource's own; its writes after them too. */
function withWorkflow<
  Row,
  Rec,
  Create extends z.ZodObject,
  Update extends z.ZodObject,
>(
  def: ResourceDefinition<Row, Rec, Create, Update>,
): ResourceDefinition<Row, Rec, Create, Update> {
  const workflow = def.workflow!;
  return {
    ...def,
    async beforeWrite(change, context) {
      await workflow.beforeWrite(change as WriteChange<unknown>, context);
      await def.beforeWrite?.(change, context);
    },
    async afterWrite(change, context) {
      await workflow.afterWrite(change as WriteChange<unknown>, context);
      await def.afterWrite?.(change, context);
    },
  };
}

export type {
  ResourceDefinition,
  ResourceFilter,
} from "./resource-definition.js";

/**
 * Registers list, export, get, create, update, delete and batch routes for one resource.
 * Every resource goes through this one path, so paging, filtering, versioning, conflicts
 * and export behave the same everywhere.
 */
export function defineResource<
  Row,
  Rec,
  Create extends z.ZodObject,
  Update extends z.ZodObject,
>(
  app: FastifyInstance,
  def: ResourceDefinition<Row, Rec, Create, Update>,
): void {
  if (def.workflow) def = withWorkflow(def);
  const queries = resourceQueries<Row>(app, def);
  registerListRoutes(app, def, queries);
  registerRecordRoutes(app, def, queries);
  if (def.workflow) registerPublishingRoutes(app, def, queries);
}

/**
 * The audited write path of a resource defined elsewhere, for a feature that writes its
 * records (a live video creating its draft sermon): the same hooks, workflow and audit rows
 * as the resource's own routes. `create(request, input, trx?)` takes input already parsed
 * with the definition's createSchema.
 */
export function resourceWriter<
  Row,
  Rec,
  Create extends z.ZodObject,
  Update extends z.ZodObject,
>(app: FastifyInstance, def: ResourceDefinition<Row, Rec, Create, Update>) {
  if (def.workflow) def = withWorkflow(def);
  return recordWriter(app, def, resourceQueries<Row>(app, def));
}
