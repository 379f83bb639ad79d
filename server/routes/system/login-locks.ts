import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../http/envelope.js";
import { envelope } from "../../resources/resource-definition.js";
import { LoginThrottle } from "../../services/login-throttle.js";

/** The same shape as the login form's name, so any name that can be locked can be named. */
const params = z.object({ loginName: z.string().trim().min(1).max(64) });

/**
 * `DELETE /tjc/system/login-locks/:loginName`: an administrator lifts the lock that failed
 * logins put on a name (the screen comes with system administration). Names need not
 * exist: unknown names are throttled too, and clearing one is harmless.
 */
export const loginLockRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const throttle = new LoginThrottle(app.store);

  app.delete(
    "/system/login-locks/:loginName",
    {
      config: { permission: "user:unlock" },
      schema: {
        tags: ["system"],
        summary:
          "Lift a login name's lock after failed logins (answers how many failures were forgotten)",
        params,
        response: {
          200: envelope(
            z.object({ loginName: z.string(), cleared: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const { loginName } = request.params;
      const cleared = await throttle.clearLoginName(loginName);
      request.log.info({ loginName, cleared }, "login lock lifted");
      return ok({ loginName, cleared });
    },
  );
};
