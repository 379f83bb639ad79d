import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { nowIso } from "../../db/dialect.js";

/** The key's name in `signing_keys`. */
const KEY_NAME = "notice-mail-unsubscribe";
/** An unsubscribe link works this long (mail is read late; RFC 8058 asks for a while). */
export const UNSUBSCRIBE_LINK_DAYS = 60;
const DAY_MS = 24 * 3600_000;

/**
 * The signing key, made on first use. Instances racing to make it keep the first row
 * (the insert does nothing on a conflict), so every instance signs with the same key.
 */
async function signingKey(db: Kysely<Database>): Promise<string> {
  const existing = await db
    .selectFrom("signingKeys")
    .select("secret")
    .where("name", "=", KEY_NAME)
    .executeTakeFirst();
  if (existing) return existing.secret;
  await db
    .insertInto("signingKeys")
    .values({
      name: KEY_NAME,
      secret: randomBytes(32).toString("base64url"),
      createdAt: nowIso(),
    })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("signingKeys")
    .select("secret")
    .where("name", "=", KEY_NAME)
    .executeTakeFirstOrThrow();
  return row.secret;
}

function mac(key: string, payload: string): string {
  return createHmac("sha256", key)
    .update(payload)
    .digest("base64url")
    .slice(0, 32);
}

/**
 * A link token for one member: `<userId>_<issued ms>_<HMAC>`, no login needed (URL-safe
 * characters only, so a mail client never cuts the link).
 */
export async function signUnsubscribe(
  db: Kysely<Database>,
  userId: number,
  now = Date.now(),
): Promise<string> {
  const payload = `${userId}_${now}`;
  return `${payload}_${mac(await signingKey(db), payload)}`;
}

export type UnsubscribeCheck =
  | { ok: true; userId: number; issuedAt: number }
  | { ok: false; reason: "invalid" | "expired" };

/** Checks a token's form, signature and age (constant-time comparison). */
export async function verifyUnsubscribe(
  db: Kysely<Database>,
  token: unknown,
  now = Date.now(),
): Promise<UnsubscribeCheck> {
  if (typeof token !== "string" || token.length > 200)
    return { ok: false, reason: "invalid" };
  const match = /^(\d{1,10})_(\d{1,15})_([\w-]{32})$/.exec(token);
  if (!match) return { ok: false, reason: "invalid" };
  const [, user, issued, signature] = match;
  const expected = Buffer.from(mac(await signingKey(db), `${user}_${issued}`));
  const given = Buffer.from(signature!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: "invalid" };
  const issuedAt = Number(issued);
  if (
    issuedAt > now + 60_000 ||
    now - issuedAt > UNSUBSCRIBE_LINK_DAYS * DAY_MS
  )
    return { ok: false, reason: "expired" };
  return { ok: true, userId: Number(user), issuedAt };
}
