import type { FastifyRequest } from "fastify";
import type { Config } from "./config.js";
import type { Store } from "./db/store.js";
import type { FileStorage } from "./services/storage/storage.js";
import type { SessionStore, SessionUser } from "./services/session-store.js";
import type { PermissionCache } from "./services/permissions.js";
import type { JobRegistry } from "./jobs/registry.js";
import type { Scheduler } from "./jobs/scheduler.js";
import type { MailWorker } from "./mail/outbox.js";
import type { Language } from "../common/codes.js";
import type { Lifecycle } from "./services/lifecycle.js";
import type { Metrics } from "./services/metrics.js";

/**
 * What a route needs: a permission code, "public" (visitors too) or "authenticated"
 * (any logged-in user). A computed one names every code the route may need (`anyOf`,
 * checked before the body is read: a caller holding none is refused first) and picks
 * the one this request needs once it is validated (e.g. a batch's action).
 */
export type RoutePermission =
  "public" | "authenticated" | string | ComputedPermission;

export interface ComputedPermission {
  anyOf: readonly string[];
  pick: (request: FastifyRequest) => string;
}

export interface AuthSession {
  sessionId: number;
  user: SessionUser;
  permissions: string[];
  /** The user must enrol a second factor first (docs/decisions.md "Two-factor login"). */
  enrolmentOnly?: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    store: Store;
    /** Where the media library keeps its files (services/storage). */
    fileStorage: FileStorage;
    sessions: SessionStore;
    permissions: PermissionCache;
    metrics: Metrics;
    lifecycle: Lifecycle;
    /** The job handlers a job may name (server/jobs/registry.ts). */
    jobHandlers: JobRegistry;
    /** This instance's scheduler (server/jobs/scheduler.ts). */
    scheduler: Scheduler;
    /** This instance's outbox sender (server/mail/outbox.ts). */
    mail: MailWorker;
    /** The security headers of API answers and of pages (plugins/security.ts). */
    edgeHeaders: { api: Record<string, string>; page: Record<string, string> };
    /** The page sent for any path that is not an API one and not found (plugins/web.ts). */
    fallbackHtml: string;
  }
  interface FastifyRequest {
    session: AuthSession | null;
    language: Language;
  }
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /**
     * The route answers a session that may only enrol a second factor (the enrolment
     * routes and logout); every other route refuses it with 40301 (plugins/auth.ts).
     */
    enrolment?: boolean;
  }
}
