import fp from "fastify-plugin";
import type { RouteOptions } from "fastify";
import { isApiDocsPath, isApiPath } from "../http/api-paths.js";

/** One /tjc route and what it needs, as the server registered it. */
export interface RouteEntry {
  method: string;
  url: string;
  /** "public", "authenticated", or the permission codes that may be needed. */
  permission: "public" | "authenticated" | "computed" | string;
  /** The codes the route may require (one for a fixed code, several for a computed one). */
  codes: string[];
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every /tjc route with its declared permission (the permission tree, the matrix test). */
    routeTable: RouteEntry[];
  }
}

/**
 * Collects every /tjc route as it is registered, so the permission tree can say which
 * routes need a code and the authorization test can call every route.
 */
export const routeTablePlugin = fp(
  async (app) => {
    const table: RouteEntry[] = [];
    app.decorate("routeTable", table);
    app.addHook("onRoute", (route: RouteOptions) => {
      const url = route.url ?? "";
      if (!isApiPath(url) || isApiDocsPath(url)) return;
      const declared = route.config?.permission;
      const methods = Array.isArray(route.method)
        ? route.method
        : [route.method];
      for (const method of methods) {
        // Fastify adds HEAD for every GET; it answers as the GET does.
        if (method === "HEAD") continue;
        const entry: RouteEntry =
          typeof declared === "object"
            ? {
                method,
                url,
                permission: "computed",
                codes: [...declared.anyOf],
              }
            : {
                method,
                url,
                permission: declared ?? "public",
                codes:
                  declared === undefined ||
                  declared === "public" ||
                  declared === "authenticated"
                    ? []
                    : [declared],
              };
        table.push(entry);
      }
    });
  },
  { name: "route-table" },
);
