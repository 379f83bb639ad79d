import fp from "fastify-plugin";
import type {
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from "fastify";
import { Code } from "../../common/codes.js";
import { isApiDocsPath, isApiPath } from "../http/api-paths.js";
import { ApiError } from "../http/errors.js";
import { SessionStore } from "../services/session-store.js";
import { PermissionCache } from "../services/permissions.js";
import type { AuthSession } from "../types.js";

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

/** Reads the session of a request, if it carries a live token. */
async function loadSession(
  sessions: SessionStore,
  request: FastifyRequest,
  loadPermissions: (userId: number) => Promise<string[]>,
): Promise<(AuthSession & { renewedToken?: string }) | null> {
  const token = bearerToken(request);
  if (!token || token.length > 200) return null;
  const resolved = await sessions.resolve(token);
  if (!resolved) return null;
  return {
    ...resolved,
    permissions: await loadPermissions(resolved.user.userId),
  };
}

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function requirePermission(session: AuthSession, code: string): void {
  if (!session.permissions.includes(code)) throw new ApiError(Code.FORBIDDEN);
}

/**
 * One place decides who may call what. Every /tjc route declares `config.permission`;
 * a route without one stops the app at start. The session is checked before the body is
 * read (onRequest), a fixed permission right after; a computed one is refused there too
 * when the caller holds none of the codes it may need, and the code the request needs is
 * checked once the request is validated (preHandler). So every route refuses on
 * permission before it looks at the body.
 */
export const authPlugin = fp(
  async (app) => {
    app.decorate("sessions", new SessionStore(app.store));
    app.decorate("permissions", new PermissionCache(app.store));
    app.decorateRequest("session", null);

    /** Reads the session and checks a fixed permission, before the body is read. */
    const authenticate: onRequestHookHandler = async (request, reply) => {
      const permission = request.routeOptions.config?.permission;
      const session = await loadSession(app.sessions, request, (userId) =>
        app.permissions.of(userId),
      );
      if (!session) throw new ApiError(Code.SESSION_EXPIRED);
      if (session.renewedToken)
        reply.header("Authorization", `Bearer ${session.renewedToken}`);
      if (session.enrolmentOnly) {
        // A role requires a second factor this user has not enrolled: the session
        // reaches the enrolment routes only, and holds no permission meanwhile.
        if (request.routeOptions.config?.enrolment !== true)
          throw new ApiError(Code.ENROLMENT_REQUIRED, {
            data: { enrolmentRequired: true },
          });
        request.session = {
          sessionId: session.sessionId,
          user: session.user,
          permissions: [],
          enrolmentOnly: true,
        };
        return;
      }
      request.session = {
        sessionId: session.sessionId,
        user: session.user,
        permissions: session.permissions,
      };
      if (typeof permission === "string" && permission !== "authenticated") {
        requirePermission(request.session, permission);
      } else if (typeof permission === "object") {
        const held = request.session.permissions;
        if (!permission.anyOf.some((code) => held.includes(code)))
          throw new ApiError(Code.FORBIDDEN);
      }
    };

    /** Checks a permission computed from the validated request. */
    const authorizeComputed: preHandlerHookHandler = (
      request,
      _reply,
      done,
    ) => {
      const permission = request.routeOptions.config?.permission;
      if (typeof permission === "object" && request.session) {
        requirePermission(request.session, permission.pick(request));
      }
      done();
    };

    // The checks are attached to the routes that need them, so public routes and static
    // files pay nothing for them.
    app.addHook("onRoute", (route: RouteOptions) => {
      const url = route.url ?? "";
      // API routes must each declare a permission; the docs page's routes come from
      // swagger-ui and are public by nature.
      const isApi = isApiPath(url);
      const isDocs = isApiDocsPath(url);
      const permission = route.config?.permission;
      if (isApi && !isDocs && permission === undefined) {
        throw new Error(
          `Route ${String(route.method)} ${url} declares no permission: set config.permission ` +
            `to a code, "authenticated" or "public".`,
        );
      }
      if (permission === undefined || permission === "public") return;
      route.onRequest = [...asArray(route.onRequest), authenticate];
      if (typeof permission === "object") {
        route.preHandler = [...asArray(route.preHandler), authorizeComputed];
      }
    });
  },
  { name: "auth", dependencies: ["store"] },
);
