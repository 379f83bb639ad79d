import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import { SYSTEM_ERRORS } from "../../../common/system-messages.js";
import {
  passwordChangeSchema,
  passwordProblem,
} from "../../../common/schemas/password.js";
import { profileInputSchema } from "../../../common/schemas/user.js";
import { isUniqueViolation, nowIso } from "../../db/dialect.js";
import { ok } from "../../http/envelope.js";
import { notFound, validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import { envelope } from "../../resources/resource-definition.js";
import { withAudit } from "../../services/audit.js";
import { hashPassword, verifyPassword } from "../../services/password.js";
import { queueVerificationLink } from "../../services/email-verification.js";
import {
  displayNameTakenError,
  renameKey,
} from "../../services/display-names.js";

const profileSchema = z.object({
  userId: z.number(),
  loginName: z.string(),
  userName: z.string(),
  email: z.string().nullable(),
  /** A new address waiting for its link to be opened; `email` stays in use until then. */
  pendingEmail: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.string().nullable(),
});

/** A logged-in user's own account: their profile and their password. */
export const accountRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  async function profileOf(userId: number) {
    const row = await app.store.db
      .selectFrom("users")
      .select([
        "id",
        "loginName",
        "userName",
        "email",
        "pendingEmail",
        "phone",
        "language",
      ])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!row) throw notFound();
    const { id, ...rest } = row;
    return { userId: id, ...rest };
  }

  app.get(
    "/auth/profile",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["auth"],
        summary: "The current user's own profile",
        response: { 200: envelope(profileSchema) },
      },
    },
    async (request) => ok(await profileOf(request.session!.user.userId)),
  );

  app.put(
    "/auth/profile",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["auth"],
        summary: "Change the current user's name, email, phone and language",
        body: profileInputSchema,
        response: { 200: envelope(profileSchema) },
      },
    },
    async (request) => {
      const userId = request.session!.user.userId;
      const before = await profileOf(userId);
      const values: Record<string, unknown> = {
        userName: request.body.userName,
      };
      const key = await renameKey(app.store.db, {
        userId,
        from: before.userName,
        to: request.body.userName,
        language: request.language,
      });
      for (const key of ["email", "phone", "language"] as const) {
        if (request.body[key] !== undefined) values[key] = request.body[key];
      }
      // A new address is used only once its link is opened (docs/operations.md): it waits
      // as pendingEmail; clearing the address, or keeping the one in use, needs no link.
      const asked = values.email as string | null | undefined;
      const newAddress =
        typeof asked === "string" &&
        asked !== "" &&
        asked.toLowerCase() !== (before.email ?? "").toLowerCase()
          ? asked
          : undefined;
      if (newAddress !== undefined) {
        delete values.email;
        values.pendingEmail = newAddress;
      } else if (asked !== undefined) values.pendingEmail = null;
      const after = await withAudit(app.store, request, async (trx) => {
        if (newAddress !== undefined)
          await queueVerificationLink(trx, app, request, {
            userId,
            loginName: before.loginName,
            language:
              (values.language as string | null | undefined) ?? before.language,
            email: newAddress,
            target: "staff",
            change: true,
          });
        await trx
          .updateTable("users")
          .set({
            ...values,
            ...key,
            updatedAt: nowIso(),
            version: sql`version + 1`,
          })
          .where("id", "=", userId)
          .execute()
          .catch((error: unknown) => {
            // Another user took the name between the check and the write.
            if (isUniqueViolation(error))
              throw displayNameTakenError(request.language);
            throw error;
          });
        const after = { ...before, ...values };
        return {
          result: after,
          audit: {
            resource: "system/users",
            recordId: userId,
            action: "update",
            before,
            after,
          },
        };
      });
      // The session remembers the user's name.
      app.sessions.forgetUser(userId);
      if (newAddress !== undefined) app.mail.kick();
      return ok(after);
    },
  );

  registerPasswordChange(app);
};

/** Tries at changing one's password (right or wrong) one account may make a minute. */
export const PASSWORD_CHANGES_PER_MINUTE = 5;

/** `PUT /auth/password`: the signed-in user changes their own password. */
function registerPasswordChange(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.put(
    "/auth/password",
    {
      config: {
        permission: "authenticated",
        // Per account (after the session is read): a stolen session cannot guess the
        // current password faster than this.
        rateLimit: {
          max: PASSWORD_CHANGES_PER_MINUTE,
          timeWindow: "1 minute",
          hook: "preHandler" as const,
          keyGenerator: (request: FastifyRequest) =>
            `password-change:${request.session?.user.userId ?? request.ip}`,
        },
      },
      schema: {
        tags: ["auth"],
        summary:
          "Change the current user's password; their other sessions are signed out",
        body: passwordChangeSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { user, sessionId } = request.session!;
      const row = await app.store.db
        .selectFrom("users")
        .select(["passwordHash", "loginName"])
        .where("id", "=", user.userId)
        .executeTakeFirst();
      if (!row) throw notFound();
      if (!(await verifyPassword(request.body.oldPassword, row.passwordHash))) {
        throw validationError({
          oldPassword: localizeText(
            SYSTEM_ERRORS.wrongPassword,
            request.language,
          ),
        });
      }
      const problem = passwordProblem(request.body.newPassword, row.loginName);
      if (problem)
        throw validationError({
          newPassword: localizeText(problem, request.language),
        });
      const passwordHash = await hashPassword(request.body.newPassword);
      await withAudit(app.store, request, async (trx) => {
        await trx
          .updateTable("users")
          .set({ passwordHash, updatedAt: nowIso(), version: sql`version + 1` })
          .where("id", "=", user.userId)
          .execute();
        // The other sessions end: whoever knew the old password is signed out everywhere.
        await trx
          .updateTable("sessions")
          .set({ revokedAt: nowIso() })
          .where("userId", "=", user.userId)
          .where("id", "<>", sessionId)
          .where("revokedAt", "is", null)
          .execute();
        return {
          result: null,
          audit: {
            resource: "system/users",
            recordId: user.userId,
            action: "passwordChange",
          },
        };
      });
      app.sessions.forgetUser(user.userId);
      return ok(null);
    },
  );
}
