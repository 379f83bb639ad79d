import fp from "fastify-plugin";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { API_DOCS_PREFIX } from "../http/api-paths.js";

/** The OpenAPI document, generated from the route schemas, at /tjc/docs (JSON at /tjc/docs/json). */
export const docsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: "Lampstand /tjc API",
          description:
            "Every response is the envelope {code, message, data}. Send `Authorization: Bearer <token>` " +
            "and `Accept-Language` (zh-CN or en-US). Lists take ra-data-simple-rest's sort, range and filter.",
          version: "1",
        },
        components: {
          securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
        },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: API_DOCS_PREFIX,
      staticCSP: true,
    });
  },
  { name: "docs" },
);
