import type { FastifyInstance, FastifyPluginAsync } from "fastify";
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
import {
  acceptSecondFactor,
  twoFactorRequired,
} from "../../services/two-factor.js";
import { accountRoutes } from "./account.js";
import { passwordResetRoutes } from "./password-reset.js";
import { emailVerifyRoutes } from "./email-verify.js";
import { twoFactorRoutes } from "./two-factor.js";

const loginBody = z.object({
  loginName: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(256),
  // Ignored for an account without two-factor login, whatever it holds; for one with it,
  // anything that is not a code is a wrong code (docs/decisions.md "Two-factor login").
  otp: z
    .string()
    .max(64)
    .optional()
    .catch(undefined)
    .describe(
      "A 6-digit TOTP code or a recovery code; only for accounts with two-factor login (else 40101 otpRequired)",
    ),
});

const userSchema = z.object({
  userId: z.number(),
  userName: z.string(),
  loginName: z.string(),
});
const envelope = (data: z.ZodType) =>
  z.object({ code: z.number(), message: z.string(), data });

/** The login's contract (docs/decisions.md "Two-factor login"), as the OpenAPI document shows it. */
const loginSchema = {
  tags: ["auth"],
  summary:
    "Log in; answers a bearer token, the user and their permission codes",
  description:
    "Envelope codes: 40100 wrong login name or password; 40101 (HTTP 400) the password " +
    "was right but the account logs in with a second factor and `otp` was missing or " +
    "wrong: `data.otpRequired` is true (`data.otpRejected` when a code was sent and " +
    "refused; a wrong code counts as a failed login); 42900 too many failures " +
    "(`data.retryAfter`). `otp` is a 6-digit TOTP code (±30 s, each code once) or one " +
    "of the account's recovery codes (each once); an account without two-factor login " +
    "ignores it. `enrolmentRequired`: a role requires two-factor login the account has " +
    "not set up, and the session reaches only /tjc/auth/two-factor* and logout " +
    "(every other route answers 40301 with `data.enrolmentRequired`).",
  body: loginBody,
  response: {
    200: envelope(
      z.object({
        token: z.string(),
        user: userSchema,
        permissions: z.array(z.string()),
        /** The session may only enrol a second factor (GET /tjc/auth/two-factor). */
        enrolmentRequired: z.boolean(),
      }),
    ),
  },
};

async function hasSecondFactor(
  app: FastifyInstance,
  userId: number,
): Promise<boolean> {
  const row = await app.store.db
    .selectFrom("users")
    .select("totpEnabledAt")
    .where("id", "=", userId)
    .executeTakeFirst();
  return Boolean(row?.totpEnabledAt);
}

/**
 * The second factor of a login whose password was right: "accepted" when the account has
 * none or the code is good, "missing" or "wrong" otherwise.
 */
async function checkSecondFactor(
  app: FastifyInstance,
  userId: number,
  otp: string | undefined,
): Promise<"accepted" | "missing" | "wrong"> {
  const row = await app.store.db
    .selectFrom("users")
    .select(["totpSecret", "totpEnabledAt"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row?.totpSecret || !row.totpEnabledAt) return "accepted";
  if (otp === undefined || otp.trim() === "") return "missing";
  const accepted = await acceptSecondFactor(
    app.store.db,
    { id: userId, totpSecret: row.totpSecret },
    otp,
  );
  return accepted ? "accepted" : "wrong";
}

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
      schema: loginSchema,
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
      const factor = await checkSecondFactor(app, user.id, request.body.otp);
      if (factor !== "accepted") {
        await recordLogin(app.store, request, {
          loginName,
          userId: user.id,
          result: factor === "missing" ? "otpRequired" : "failure",
        });
        // Asking for the code is no failure; a wrong code is one, like a wrong password.
        if (factor === "missing") await throttle.release(attempt.ids);
        throw new ApiError(Code.OTP_REQUIRED, {
          data: { otpRequired: true, otpRejected: factor === "wrong" },
        });
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
      // A role requires a second factor the user has not enrolled: this session may
      // only enrol (the permission hook, plugins/auth.ts).
      const enrolmentRequired =
        !(await hasSecondFactor(app, user.id)) &&
        (await twoFactorRequired(app.store.db, user.id));
      const { token } = await app.sessions.create(user.id, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
        enrolmentOnly: enrolmentRequired,
      });
      return ok({
        token,
        user: {
          userId: user.id,
          userName: user.userName,
          loginName: user.loginName,
        },
        permissions: enrolmentRequired
          ? []
          : await permissionsOfUser(app.store, user.id),
        enrolmentRequired,
      });
    },
  );

  app.post(
    "/auth/logout",
    {
      // A session that must enrol a second factor may still end itself.
      config: { permission: "authenticated", enrolment: true },
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

/**
 * Every route of the folder: login and sessions (above), two-factor enrolment, the
 * caller's account, password reset and e-mail confirmation.
 */
const authFolderRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(twoFactorRoutes);
  await app.register(accountRoutes);
  await app.register(passwordResetRoutes);
  await app.register(emailVerifyRoutes);
};

export default authFolderRoutes;
