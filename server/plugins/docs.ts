import fp from "fastify-plugin";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { API_DOCS_PREFIX } from "../http/api-paths.js";

/**
 * The docs page's own CSP, in place of swagger-ui's default. Swagger UI injects a
 * `<style>` element at run time, which its default policy (style hashes of the static
 * page only) blocked with a console error; styles may be inline here as on the apps'
 * pages (security.ts), scripts stay 'self' only. No `upgrade-insecure-requests`: a
 * server reached over plain http on a church LAN would have the page's own assets
 * rewritten to https and fail. No validator host: the page sends the spec nowhere.
 */
export const DOCS_CSP = {
  "default-src": "'self'",
  "base-uri": "'self'",
  "font-src": ["'self'", "data:"],
  "frame-ancestors": "'self'",
  "img-src": ["'self'", "data:"],
  "object-src": "'none'",
  "script-src": "'self'",
  "script-src-attr": "'none'",
  "style-src": ["'self'", "'unsafe-inline'"],
  "form-action": "'self'",
};

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
      staticCSP: DOCS_CSP,
      uiConfig: { validatorUrl: null },
    });
  },
  { name: "docs" },
);
