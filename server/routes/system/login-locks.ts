import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../http/envelope.js";
import { envelope } from "../../resources/resource-definition.js";
import { legacyLoginKey, loginNameKey } from "../../services/login-throttle.js";
import { withAudit } from "../../services/audit.js";

/** The same shape as the login form's name, so any name that can be locked can be named. */
const params = z.object({ loginName: z.string().trim().min(1).max(64) });

/**
 * `DELETE /tjc/system/login-locks/:loginName`: an administrator lifts the lock that failed
 * logins put on a name (the screen comes with system administration). Names need not
 * exist: unknown names are throttled too, and clearing one is harmless.
 */
export const loginLockRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

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
      // The failures go in the audit row's transaction (the throttle's own store calls
      // would wait behind it on SQLite's one connection).
      const cleared = await withAudit(app.store, request, async (trx) => ({
        result: Number(
          (
            await trx
              .deleteFrom("loginFailures")
              // A legacy account sharing a folded name has a lock of its own.
              .where("key", "in", [
                loginNameKey(loginName),
                legacyLoginKey(loginName),
              ])
              .executeTakeFirst()
          ).numDeletedRows,
        ),
        audit: {
          resource: "system/login-locks",
          recordId: loginName.slice(0, 64),
          action: "unlock",
        },
      }));
      request.log.info({ loginName, cleared }, "login lock lifted");
      return ok({ loginName, cleared });
    },
  );
};
