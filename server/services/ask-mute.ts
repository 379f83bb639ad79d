import { Code } from "../../common/codes.js";
import type { Store } from "../db/store.js";
import { nowIso } from "../db/dialect.js";
import { ApiError } from "../http/errors.js";

/**
 * A permanent mute's stored end: later than any real time, so "until > now" finds it
 * with the same index as a timed mute. The API shows it as `until: null`.
 */
export const PERMANENT_UNTIL = "9999-12-31T23:59:59.999Z";

/**
 * When a member's mute ends ("permanent" for a permanent one), or null when they are not
 * muted now. A mute whose time passed simply no longer matches: nothing has to end it.
 */
export async function mutedUntil(
  store: Store,
  userId: number,
  now: number = Date.now(),
): Promise<string | null> {
  const row = await store.db
    .selectFrom("askMutes")
    .select((eb) => eb.fn.max("until").as("until"))
    .where("userId", "=", userId)
    .where("liftedAt", "is", null)
    .where("until", ">", nowIso(now))
    .executeTakeFirst();
  return (row?.until as string | null | undefined) ?? null;
}

/**
 * A muted member who posts, votes or reports is told until when (42300, data.until;
 * null with data.permanent for a permanent mute).
 */
export async function assertNotMuted(
  store: Store,
  userId: number,
  now: number = Date.now(),
): Promise<void> {
  const until = await mutedUntil(store, userId, now);
  if (until) {
    const permanent = until === PERMANENT_UNTIL;
    throw new ApiError(Code.MUTED, {
      data: { until: permanent ? null : until, permanent },
    });
  }
}
