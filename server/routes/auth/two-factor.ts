import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import { SYSTEM_ERRORS } from "../../../common/system-messages.js";
import { nowIso } from "../../db/dialect.js";
import { ok } from "../../http/envelope.js";
import { notFound, validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import { envelope } from "../../resources/resource-definition.js";
import { permissionsOfUser } from "../../services/permissions.js";
import { conflictOn } from "../../services/user-admin.js";
import {
  enrolmentPicture,
  matchingStep,
  newTotpSecret,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  twoFactorRequired,
} from "../../services/two-factor.js";

const statusSchema = z.object({
  enrolled: z.boolean(),
  /** One of the user's roles requires two-factor login. */
  required: z.boolean(),
  /** This session may only enrol (a role requires it and the user has not enrolled). */
  enrolmentRequired: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});

const setupSchema = z.object({
  secret: z.string(),
  /** otpauth://totp/… for authenticator apps. */
  otpauthUrl: z.string(),
  /** The same as a QR code: an SVG data URL. */
  qrCode: z.string(),
});

const enabledSchema = z.object({
  /** Ten single-use recovery codes, shown this once (only their hashes are stored). */
  recoveryCodes: z.array(z.string()),
  permissions: z.array(z.string()),
});

/**
 * A user's own second factor (docs/decisions.md "Two-factor login"): its status, a new
 * secret to scan, and the code that turns it on and answers ten recovery codes, once.
 * These routes (and logout) are all a session that must enrol first can reach.
 */
export const twoFactorRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const config = { permission: "authenticated", enrolment: true } as const;

  async function userOf(userId: number) {
    const user = await app.store.db
      .selectFrom("users")
      .select(["id", "loginName", "totpEnabledAt", "totpPendingSecret"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user) throw notFound();
    return user;
  }

  app.get(
    "/auth/two-factor",
    {
      config,
      schema: {
        tags: ["auth"],
        summary: "Whether the caller has two-factor login, and must enrol",
        response: { 200: envelope(statusSchema) },
      },
    },
    async (request) => {
      const { userId } = request.session!.user;
      const user = await userOf(userId);
      return ok({
        enrolled: Boolean(user.totpEnabledAt),
        required: await twoFactorRequired(app.store.db, userId),
        enrolmentRequired: request.session!.enrolmentOnly === true,
        recoveryCodesLeft: await recoveryCodesLeft(app.store.db, userId),
      });
    },
  );

  app.post(
    "/auth/two-factor/setup",
    {
      config,
      schema: {
        tags: ["auth"],
        summary:
          "Start enrolment: a secret (the same until confirmed), its otpauth URI and QR code (409 when enrolled)",
        response: { 200: envelope(setupSchema) },
      },
    },
    async (request) => {
      const user = await userOf(request.session!.user.userId);
      if (user.totpEnabledAt)
        throw conflictOn(
          "otp",
          SYSTEM_ERRORS.alreadyEnrolled,
          request.language,
        );
      // A reload keeps the secret an app may have scanned already.
      const secret = user.totpPendingSecret ?? newTotpSecret();
      if (!user.totpPendingSecret)
        await app.store.db
          .updateTable("users")
          .set({ totpPendingSecret: secret })
          .where("id", "=", user.id)
          .execute();
      const issuer =
        app.settings.string("site.name", "Lampstand") || "Lampstand";
      return ok({
        secret,
        ...(await enrolmentPicture(secret, user.loginName, issuer)),
      });
    },
  );

  app.post(
    "/auth/two-factor/confirm",
    {
      config,
      schema: {
        tags: ["auth"],
        summary:
          "Turn two-factor login on with one code; answers ten recovery codes, shown this once",
        body: z.object({ otp: z.string().trim().max(16) }),
        response: { 200: envelope(enabledSchema) },
      },
    },
    async (request) => {
      const { userId } = request.session!.user;
      const user = await userOf(userId);
      if (user.totpEnabledAt)
        throw conflictOn(
          "otp",
          SYSTEM_ERRORS.alreadyEnrolled,
          request.language,
        );
      const secret = user.totpPendingSecret;
      if (!secret)
        throw validationError({
          otp: localizeText(SYSTEM_ERRORS.noEnrolmentStarted, request.language),
        });
      const step = matchingStep(secret, request.body.otp);
      if (step === null)
        throw validationError({
          otp: localizeText(SYSTEM_ERRORS.wrongOtp, request.language),
        });
      const recoveryCodes = await app.store.transaction(async (trx) => {
        // Only the pending secret it was shown, once: a parallel confirm finds none.
        const enabled = await trx
          .updateTable("users")
          .set({
            totpSecret: secret,
            totpPendingSecret: null,
            totpEnabledAt: nowIso(),
            // The code that confirmed it cannot log in again.
            totpLastStep: step,
            updatedAt: nowIso(),
            version: sql`version + 1`,
          })
          .where("id", "=", userId)
          .where("totpPendingSecret", "=", secret)
          .where("totpEnabledAt", "is", null)
          .executeTakeFirst();
        if (Number(enabled.numUpdatedRows) !== 1)
          throw conflictOn(
            "otp",
            SYSTEM_ERRORS.alreadyEnrolled,
            request.language,
          );
        return replaceRecoveryCodes(trx, userId);
      });
      if (request.session!.enrolmentOnly)
        await app.sessions.completeEnrolment(request.session!.sessionId);
      return ok({
        recoveryCodes,
        permissions: await permissionsOfUser(app.store, userId),
      });
    },
  );
};
