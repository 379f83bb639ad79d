import type { FastifyRequest } from "fastify";
import type { Config } from "./config.js";
import type { Store } from "./db/store.js";
import type { SessionStore, SessionUser } from "./services/session-store.js";
import type { PermissionCache } from "./services/permissions.js";
import type { Language } from "../common/codes.js";

/**
 * What a route needs: a permission code, "public" (visitors too) or "authenticated"
 * (any logged-in user). A function decides from the validated request (e.g. a batch
 * route whose action picks the code); it runs after validation.
 */
export type RoutePermission =
  "public" | "authenticated" | string | ((request: FastifyRequest) => string);

export interface AuthSession {
  sessionId: number;
  user: SessionUser;
  permissions: string[];
}

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    store: Store;
    sessions: SessionStore;
    permissions: PermissionCache;
  }
  interface FastifyRequest {
    session: AuthSession | null;
    language: Language;
  }
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /** The codes a computed permission may answer, for the route table (permission tree). */
    permissionCodes?: string[];
  }
}
