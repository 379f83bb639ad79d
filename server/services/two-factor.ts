import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { Secret, TOTP } from "otpauth";
import type { Database } from "../db/schema.js";
import { nowIso } from "../db/dialect.js";
import { hashToken } from "./tokens.js";

/**
 * Two-factor login for staff (TOTP, RFC 6238; docs/decisions.md "Two-factor login"):
 * 6 digits, 30-second steps, SHA-1 (what every authenticator app reads), a code accepted
 * one step either side of now, and each accepted step remembered so a code works once.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function totpOf(secret: string, label = "", issuer = "Lampstand"): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A fresh secret: 20 random bytes (RFC 4226's recommended 160 bits), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** Whether a text is a usable base32 secret (ADMIN_TOTP_SECRET is checked at start). */
export function isBase32Secret(text: string): boolean {
  if (!/^[A-Z2-7]+=*$/i.test(text) || text.replace(/=+$/, "").length < 16)
    return false;
  try {
    return Secret.fromBase32(text.toUpperCase()).bytes.length >= 10;
  } catch {
    return false;
  }
}

/** The current code of a secret (tests and the e2e suite compute codes with it). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return totpOf(secret).generate({ timestamp });
}

/** The time step a code matched at, or null: within ±TOTP_WINDOW steps of `now`. */
export function matchingStep(
  secret: string,
  code: string,
  now = Date.now(),
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({
    token: code,
    timestamp: now,
    window: TOTP_WINDOW,
  });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** What an authenticator app scans: the otpauth:// URI and the QR code as an SVG data URL. */
export async function enrolmentPicture(
  secret: string,
  loginName: string,
  issuer: string,
): Promise<{ otpauthUrl: string; qrCode: string }> {
  const otpauthUrl = totpOf(secret, loginName, issuer).toString();
  // Loaded on the first enrolment, not at start (config.ts imports this module).
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(otpauthUrl, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
  });
  return {
    otpauthUrl,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map(
    (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length],
  );
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

/** Replaces a user's recovery codes with ten fresh ones; answers them (shown once). */
export async function replaceRecoveryCodes(
  db: Kysely<Database>,
  userId: number,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.deleteFrom("recoveryCodes").where("userId", "=", userId).execute();
  const now = nowIso();
  await db
    .insertInto("recoveryCodes")
    .values(
      codes.map((code) => ({
        userId,
        codeHash: hashToken(normalizeRecoveryCode(code)),
        createdAt: now,
      })),
    )
    .execute();
  return codes;
}

/**
 * Checks a second factor for an enrolled user: a 6-digit code whose step is later than
 * the last accepted one (claimed in one conditional update, so two instances cannot both
 * accept it), or an unused recovery code (marked used the same way).
 */
export async function acceptSecondFactor(
  db: Kysely<Database>,
  user: { id: number; totpSecret: string },
  otp: string,
  now = Date.now(),
): Promise<"totp" | "recovery" | null> {
  const code = otp.trim();
  if (/^\d{6}$/.test(code)) {
    const step = matchingStep(user.totpSecret, code, now);
    if (step === null) return null;
    const claimed = await db
      .updateTable("users")
      .set({ totpLastStep: step })
      .where("id", "=", user.id)
      .where((eb) =>
        eb.or([eb("totpLastStep", "is", null), eb("totpLastStep", "<", step)]),
      )
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1 ? "totp" : null;
  }
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length !== 10) return null;
  const used = await db
    .updateTable("recoveryCodes")
    .set({ usedAt: nowIso(now) })
    .where("userId", "=", user.id)
    .where("codeHash", "=", hashToken(normalized))
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1 ? "recovery" : null;
}

/** Whether any of the user's roles requires a second factor. */
export async function twoFactorRequired(
  db: Kysely<Database>,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom("userRoles")
    .innerJoin("roles", "roles.id", "userRoles.roleId")
    .select("roles.id")
    .where("userRoles.userId", "=", userId)
    .where("roles.requiresTwoFactor", "=", 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many unused recovery codes a user has left. */
export async function recoveryCodesLeft(
  db: Kysely<Database>,
  userId: number,
): Promise<number> {
  const { left } = await db
    .selectFrom("recoveryCodes")
    .select((eb) => eb.fn.countAll<number>().as("left"))
    .where("userId", "=", userId)
    .where("usedAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(left);
}

/** Removes a user's second factor (an administrator's reset): secret, step and codes. */
export async function clearSecondFactor(
  db: Kysely<Database>,
  userId: number,
): Promise<void> {
  await db
    .updateTable("users")
    .set({
      totpSecret: null,
      totpPendingSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      updatedAt: nowIso(),
      version: sql`version + 1`,
    })
    .where("id", "=", userId)
    .execute();
  await db.deleteFrom("recoveryCodes").where("userId", "=", userId).execute();
}
