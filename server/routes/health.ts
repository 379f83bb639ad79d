import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";
import { ok } from "../http/envelope.js";

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    "/health",
    {
      config: { permission: "public" },
      schema: { tags: ["health"], summary: "Liveness and the store in use" },
    },
    async () => {
      await sql`select 1`.execute(app.store.db);
      return ok({ status: "ok", store: app.store.kind });
    },
  );
};
