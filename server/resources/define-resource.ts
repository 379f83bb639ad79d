import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { ResourceDefinition } from "./resource-definition.js";
import { resourceQueries } from "./resource-queries.js";
import { registerListRoutes } from "./list-routes.js";
import { registerRecordRoutes } from "./record-routes.js";
import { registerPublishingRoutes } from "./publishing-routes.js";

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
  const queries = resourceQueries<Row>(app, def);
  registerListRoutes(app, def, queries);
  registerRecordRoutes(app, def, queries);
  if (def.workflow) registerPublishingRoutes(app, def, queries);
}
