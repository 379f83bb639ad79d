import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Language } from "../../common/codes.js";
import type { Database } from "../db/schema.js";
import { nowIso } from "../db/dialect.js";
import { defaultSiteName } from "../mail/templates.js";
import { siteOrigin } from "../public-site/seo.js";

/**
 * What the links sent by e-mail share (a password reset, an address to confirm): a random
 * token of which only the SHA-256 is stored, a limit counted in the token table itself
 * (so it holds across instances), and the site's name and origin for the message.
 */
const HOUR_MS = 3600_000;

/** A new link token: 32 random bytes, URL-safe. */
export const newLinkToken = () => randomBytes(32).toString("base64url");

/** The only form of a token that is stored. */
export const hashLinkToken = (token: string) =>
  createHash("sha256").update(token).digest("hex");

/** The tables whose rows are the link requests counted toward a limit. */
type LinkTable = "passwordResetTokens" | "emailVerificationTokens";

/**
 * Seconds until the oldest of `max` requests in the last hour (those of `table` whose
 * `column` is `value`) leaves the window, or 0 when fewer than `max` were made. A `max`
 * of 0 is no limit.
 */
export async function hourlyWait(
  db: Kysely<Database>,
  table: LinkTable,
  column: "email" | "ip" | "userId",
  value: string | number,
  max: number,
  now: number,
): Promise<number> {
  if (max <= 0) return 0;
  // Both tables have these columns; the cast only lets Kysely take the table's name.
  const recent = await db
    .selectFrom(table as "passwordResetTokens")
    .select("createdAt")
    .where(column, "=", value as never)
    .where("createdAt", ">", nowIso(now - HOUR_MS))
    .orderBy("createdAt", "desc")
    .limit(max)
    .execute();
  if (recent.length < max) return 0;
  return (
    (Date.parse(recent[recent.length - 1]!.createdAt) + HOUR_MS - now) / 1000
  );
}

/** The longest of several hourly limits' waits (for example per account and per client). */
export async function hourlyWaits(
  db: Kysely<Database>,
  table: LinkTable,
  limits: {
    column: "email" | "ip" | "userId";
    value: string | number;
    max: number;
  }[],
  now: number,
): Promise<number> {
  let wait = 0;
  for (const { column, value, max } of limits)
    wait = Math.max(wait, await hourlyWait(db, table, column, value, max, now));
  return wait;
}

/** The language of a message to an account: its own, else the requester's. */
export function accountLanguage(
  language: string | null,
  fallback: Language,
): Language {
  return language === "en-US" || language === "zh-CN" ? language : fallback;
}

/** The site's name in a language, from the settings. */
export function siteNameIn(app: FastifyInstance, language: Language): string {
  return (
    (language === "en-US"
      ? app.settings.string("site.nameEn", "")
      : app.settings.string("site.name", "")) || defaultSiteName(language)
  );
}

/** The address a page's link starts with: PUBLIC_ORIGIN, else the request's own. */
export function linkOrigin(
  app: FastifyInstance,
  request: FastifyRequest,
): string {
  return app.config.mail.publicOrigin ?? siteOrigin(request);
}
