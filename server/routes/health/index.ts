import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";
import { Code, CODE_MESSAGES } from "../../../common/codes.js";
import { ok } from "../../http/envelope.js";

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

  app.get(
    "/ready",
    {
      config: { permission: "public" },
      schema: {
        tags: ["health"],
        summary:
          "Readiness: 200 when serving; 503 while starting, migrating or shutting down",
      },
    },
    async (request, reply) => {
      const { phase } = app.lifecycle;
      if (phase === "ready") return ok({ status: phase });
      // Load balancers read the status; the envelope is for people.
      return reply.code(503).send({
        code: Code.INTERNAL,
        message: CODE_MESSAGES[request.language][Code.INTERNAL],
        data: { status: phase },
      });
    },
  );
};

export default healthRoutes;
