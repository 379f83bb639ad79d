import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { Code } from "../../../common/codes.js";
import { ok } from "../../http/envelope.js";
import { ApiError } from "../../http/errors.js";
import { decoyPasswordHash, verifyPassword } from "../../services/password.js";
import { permissionsOfUser } from "../../services/permissions.js";
import {
  LoginThrottle,
  legacyLoginKey,
  loginLimits,
  loginNameKey,
} from "../../services/login-throttle.js";
import { findLoginAccount } from "../../services/login-names.js";
import { recordLogin } from "../../services/login-log.js";
import { nowIso } from "../../db/dialect.js";
import { LOGIN_MAX_FAILURES } from "../../../common/constants.js";

const loginBody = z.object({
  loginName: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(256),
});

const userSchema = z.object({
  userId: z.number(),
  userName: z.string(),
  loginName: z.string(),
});
const envelope = (data: z.ZodType) =>
  z.object({ code: z.number(), message: z.string(), data });

export const authRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const throttle = new LoginThrottle(app.store);

  app.post(
    "/auth/login",
    {
      config: {
        permission: "public",
        // A coarse cap per IP on top of the failure throttle, against floods.
        rateLimit: {
          max: app.config.loginsPerIpPerMinute,
          timeWindow: "1 minute",
        },
      },
      schema: {
        tags: ["auth"],
        summary:
          "Log in; answers a bearer token, the user and their permission codes",
        body: loginBody,
        response: {
          200: envelope(
            z.object({
              token: z.string(),
              user: userSchema,
              permissions: z.array(z.string()),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { loginName, password } = request.body;
      // The exact name first, else the folded name's owner; a legacy clash has its own lock.
      const user = await findLoginAccount(app.store.db, loginName);
      const lockKey = user?.loginNameClash
        ? legacyLoginKey(user.loginName)
        : loginNameKey(loginName);
      const attempt = await throttle.begin(
        loginLimits(
          loginName,
          request.ip,
          app.settings.number("login.maxFailures", LOGIN_MAX_FAILURES),
          lockKey,
        ),
      );
      if ("retryAfter" in attempt) {
        await recordLogin(app.store, request, {
          loginName,
          result: "throttled",
        });
        throw new ApiError(Code.TOO_MANY_REQUESTS, {
          headers: { "Retry-After": String(attempt.retryAfter) },
          data: { retryAfter: attempt.retryAfter },
        });
      }
      const valid = await verifyPassword(
        password,
        user?.passwordHash ?? (await decoyPasswordHash()),
      );
      if (!user || !valid || user.status !== "active") {
        await recordLogin(app.store, request, {
          loginName,
          userId: user?.id,
          result: user && valid ? "disabled" : "failure",
        });
        // The attempt's rows stay: they are the failures the throttle counts.
        request.log.info({ loginName }, "login failed");
        throw new ApiError(Code.BAD_CREDENTIALS);
      }
      await throttle.succeeded(attempt.ids, lockKey);
      await recordLogin(app.store, request, {
        loginName,
        userId: user.id,
        result: "success",
      });
      await app.store.db
        .updateTable("users")
        .set({ lastLoginAt: nowIso(), lastLoginIp: request.ip.slice(0, 64) })
        .where("id", "=", user.id)
        .execute();
      const { token } = await app.sessions.create(user.id, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
      });
      return ok({
        token,
        user: {
          userId: user.id,
          userName: user.userName,
          loginName: user.loginName,
        },
        permissions: await permissionsOfUser(app.store, user.id),
      });
    },
  );

  app.post(
    "/auth/logout",
    {
      config: { permission: "authenticated" },
      schema: { tags: ["auth"], summary: "Revoke the current session" },
    },
    async (request) => {
      await app.sessions.revoke(request.session!.sessionId);
      return ok(null);
    },
  );

  app.get(
    "/auth/me",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["auth"],
        summary: "The current user and their permission codes",
        response: {
          200: envelope(
            z.object({ user: userSchema, permissions: z.array(z.string()) }),
          ),
        },
      },
    },
    async (request) =>
      ok({
        user: request.session!.user,
        permissions: request.session!.permissions,
      }),
  );
};
