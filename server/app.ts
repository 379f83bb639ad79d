import type { FastifyPluginAsync } from "fastify";
import multipart from "@fastify/multipart";
import type { Store } from "./db/store.js";
import type { Config } from "./config.js";
import { API_PREFIX } from "./http/api-paths.js";
import { zodValidatorCompiler } from "./http/zod-validator.js";
import { envelopePlugin } from "./plugins/envelope.js";
import { storePlugin } from "./plugins/store.js";
import { createStorage } from "./services/storage/index.js";
import { authPlugin } from "./plugins/auth.js";
import { metricsPlugin } from "./plugins/metrics.js";
import { routeTablePlugin } from "./plugins/route-table.js";
import { settingsPlugin } from "./services/settings.js";
import { ministryLanguagePlugin } from "./services/ministry-language.js";
import { securityPlugin } from "./plugins/security.js";
import { docsPlugin } from "./plugins/docs.js";
import { jobsPlugin } from "./plugins/jobs.js";
import { mailPlugin } from "./plugins/mail.js";
import { behaviorPlugin } from "./plugins/behavior.js";
import { webPlugin } from "./plugins/web.js";
import { noticeMailContextPlugin } from "./services/notification-mail/context.js";
import { unsubscribePagesPlugin } from "./services/notification-mail/pages.js";
import { apiRoutes } from "./routes/index.js";
import "./types.js";

/** Dev mode only: Vite's middlewares and its transformed HTML (server/dev.ts). */
export interface DevOptions {
  middlewares: (req: never, res: never, next: () => void) => void;
  renderHtml(page: "admin" | "public", url: string): Promise<string>;
}

export interface AppOptions {
  config: Config;
  store: Store;
  dev?: DevOptions;
}

/** Upload size ceiling; each upload route sets its own, lower, limit per kind. */
const MAX_UPLOAD_BYTES = 512 * 1024 * 1024;

/**
 * The whole server as one Fastify plugin: external plugins first, then ours, then the
 * routes. main.ts only starts it; tests build it with buildTestApp().
 */
export const app: FastifyPluginAsync<AppOptions> = async (
  fastify,
  { config, store, dev },
) => {
  fastify.decorate("config", config);
  fastify.decorate("fileStorage", await createStorage(config));
  fastify.setValidatorCompiler(zodValidatorCompiler);
  // Response schemas document the API (OpenAPI); answers are serialised as they are.
  fastify.setSerializerCompiler(() => (data) => JSON.stringify(data));

  await fastify.register(envelopePlugin);
  await fastify.register(securityPlugin, { dev: Boolean(dev) });
  await fastify.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 50 },
  });
  await fastify.register(storePlugin, { store });
  await fastify.register(docsPlugin);
  await fastify.register(authPlugin);
  await fastify.register(metricsPlugin);
  await fastify.register(routeTablePlugin);
  await fastify.register(settingsPlugin);
  await fastify.register(ministryLanguagePlugin);
  await fastify.register(behaviorPlugin);
  await fastify.register(jobsPlugin);
  await fastify.register(mailPlugin);
  await fastify.register(noticeMailContextPlugin);
  await fastify.register(unsubscribePagesPlugin);
  await fastify.register(apiRoutes, { prefix: API_PREFIX });
  if (dev) {
    const { default: middie } = await import("@fastify/middie");
    await fastify.register(middie);
    fastify.use(dev.middlewares as never);
  }
  await fastify.register(webPlugin, { renderHtml: dev?.renderHtml });
};
