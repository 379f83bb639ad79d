import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { Code } from "../../../common/codes.js";
import {
  checkPasswordAgainstLoginName,
  passwordSchema,
} from "../../../common/schemas/password.js";
import { isUniqueViolation, nowIso } from "../../db/dialect.js";
import { ok } from "../../http/envelope.js";
import { ApiError, tooManyRequests } from "../../http/errors.js";
import { envelope } from "../../resources/resource-definition.js";
import {
  LoginThrottle,
  loginLimits,
  loginNameKey,
} from "../../services/login-throttle.js";
import { hashPassword } from "../../services/password.js";
import { signUpOpen } from "../../services/ask-rules.js";
import { permissionsOfUser } from "../../services/permissions.js";
import {
  displayNameKey,
  displayNameTaken,
  displayNameTakenError,
} from "../../services/display-names.js";
import {
  loginNameHolder,
  loginNameTakenError,
} from "../../services/login-names.js";
import { queueVerificationLink } from "../../services/email-verification.js";

const HOUR_MS = 60 * 60 * 1000;
/** Sign-ups one address may send in a minute, when the hourly cap is on. */
const SIGN_UPS_PER_IP_PER_MINUTE = 10;

/** A login name people can type on a phone and read back: no spaces, no look-alikes. */
export const signUpBody = z
  .object({
    loginName: z
      .string()
      .trim()
      .min(3)
      .max(64)
      .regex(/^[A-Za-z0-9_.@-]+$/),
    userName: z.string().trim().min(1).max(64),
    password: passwordSchema,
    email: z
      .email()
      .max(254)
      .nullish()
      .or(z.literal("").transform(() => null)),
  })
  // The shared policy (system administration's): not the login name either.
  .superRefine((value, ctx) => checkPasswordAgainstLoginName(value, ctx));

const sessionAnswer = envelope(
  z.object({
    token: z.string(),
    user: z.object({
      userId: z.number(),
      userName: z.string(),
      loginName: z.string(),
    }),
    permissions: z.array(z.string()),
  }),
);

/**
 * `POST /tjc/public/signup`: a visitor becomes a community member and is logged in.
 * Closable by configuration; limited per address per hour (counted in the store, so the
 * limit holds across instances) and by the login throttle, whose failures a taken name
 * adds to, so sign-up cannot probe names faster than login can.
 */
export const signUpRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const throttle = new LoginThrottle(app.store);
  const { signUpsPerIpPerHour } = app.config.community;

  app.get(
    "/public/community-config",
    {
      config: { permission: "public" },
      schema: {
        tags: ["public"],
        summary: "Whether the community takes sign-ups",
        response: { 200: envelope(z.object({ signUpOpen: z.boolean() })) },
      },
    },
    async () => ok({ signUpOpen: signUpOpen(app) }),
  );

  app.post(
    "/public/signup",
    {
      config: {
        permission: "public",
        // Counted after validation (preHandler): a form refused for a short password
        // or a bad e-mail is not an attempt, so a member correcting it is never locked out.
        // A burst guard under the hourly cap; SIGN_UPS_PER_IP_PER_HOUR=0 ("no limit")
        // lifts both.
        rateLimit:
          signUpsPerIpPerHour > 0
            ? {
                max: SIGN_UPS_PER_IP_PER_MINUTE,
                timeWindow: "1 minute",
                hook: "preHandler",
              }
            : false,
      },
      schema: {
        tags: ["public"],
        summary:
          "Sign up as a community member; answers a session like login does",
        body: signUpBody,
        response: { 200: sessionAnswer },
      },
    },
    async (request) => {
      if (!signUpOpen(app)) throw new ApiError(Code.FORBIDDEN);
      const { loginName, userName, password, email } = request.body;
      const now = Date.now();
      if (signUpsPerIpPerHour > 0) {
        const recent = await app.store.db
          .selectFrom("memberProfiles")
          .select(["createdAt"])
          .where("signupIp", "=", request.ip.slice(0, 64))
          .where("createdAt", ">", nowIso(now - HOUR_MS))
          .orderBy("createdAt")
          .execute();
        if (recent.length >= signUpsPerIpPerHour) {
          throw tooManyRequests(
            (Date.parse(recent[0]!.createdAt) + HOUR_MS - now) / 1000,
            request.language,
          );
        }
      }
      const attempt = await throttle.begin(loginLimits(loginName, request.ip));
      if ("retryAfter" in attempt)
        throw tooManyRequests(attempt.retryAfter, request.language);
      // A display name another member goes by (folded: case, width, traditional and
      // simplified) is refused at its field, before any account is written.
      if (await displayNameTaken(app.store.db, userName))
        throw displayNameTakenError(request.language);
      const passwordHash = await hashPassword(password);
      let userId: number;
      try {
        userId = await app.store.transaction(async (trx) => {
          if (await loginNameHolder(trx, loginName))
            throw loginNameTakenError(request.language);
          const stamp = nowIso(now);
          const user = await trx
            .insertInto("users")
            .values({
              loginName,
              userName,
              userNameKey: displayNameKey(userName),
              passwordHash,
              status: "active",
              createdAt: stamp,
              updatedAt: stamp,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          const role = await trx
            .selectFrom("roles")
            .select("id")
            .where("code", "=", "member")
            .executeTakeFirstOrThrow();
          await trx
            .insertInto("userRoles")
            .values({ userId: user.id, roleId: role.id })
            .execute();
          await trx
            .insertInto("memberProfiles")
            .values({
              userId: user.id,
              email: email ?? null,
              signupIp: request.ip.slice(0, 64),
              createdAt: stamp,
            })
            .execute();
          // The address is confirmed by a link sent with the account (docs/community.md).
          if (email)
            await queueVerificationLink(trx, app, request, {
              userId: user.id,
              loginName,
              language: null,
              email,
              target: "member",
              change: false,
            });
          return user.id;
        });
      } catch (error) {
        // The attempt's throttle rows stay: a taken name counts as a failed try.
        if (!isUniqueViolation(error)) throw error;
        // Another sign-up took the name between the check and the write.
        if (/user_name_key/.test(String((error as Error).message)))
          throw displayNameTakenError(request.language);
        throw loginNameTakenError(request.language);
      }
      await throttle.succeeded(attempt.ids, loginNameKey(loginName));
      if (email) app.mail.kick();
      const { token } = await app.sessions.create(userId, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
      });
      request.log.info({ userId }, "member signed up");
      return ok({
        token,
        user: { userId, userName, loginName },
        permissions: await permissionsOfUser(app.store, userId),
      });
    },
  );
};
