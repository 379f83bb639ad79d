import type { FastifyPluginAsync } from "fastify";
import { auditLogRoutes } from "./audit-logs.js";
import { permissionRoutes } from "./permissions.js";
import { userRoutes } from "./users.js";
import { roleRoutes } from "./roles.js";
import { resourcePageRoutes } from "./resource-pages.js";
import { configRoutes } from "./configs.js";
import { loginLogRoutes } from "./login-logs.js";
import { sessionRoutes } from "./sessions.js";
import { dashboardRoutes } from "./dashboard.js";
import { outboxRoutes } from "./outbox.js";
import { loginLockRoutes } from "./login-locks.js";

/** The system administration routes, under /tjc/system (issue 10). */
export const systemRoutes: FastifyPluginAsync = async (app) => {
  await app.register(auditLogRoutes);
  await app.register(permissionRoutes);
  await app.register(userRoutes);
  await app.register(roleRoutes);
  await app.register(resourcePageRoutes);
  await app.register(configRoutes);
  await app.register(loginLogRoutes);
  await app.register(sessionRoutes);
  await app.register(dashboardRoutes);
  await app.register(outboxRoutes);
  await app.register(loginLockRoutes);
};

export default systemRoutes;
