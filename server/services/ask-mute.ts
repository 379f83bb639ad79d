import { Code } from "../../common/codes.js";
import type { Store } from "../db/store.js";
import { nowIso } from "../db/dialect.js";
import { ApiError } from "../http/errors.js";

/** When a member's mute ends, or null when they are not muted now. */
export async function mutedUntil(
  store: Store,
  userId: number,
  now: number = Date.now(),
): Promise<string | null> {
  const row = await store.db
    .selectFrom("askMutes")
    .select((eb) => eb.fn.max("until").as("until"))
    .where("userId", "=", userId)
    .where("until", ">", nowIso(now))
    .executeTakeFirst();
  return (row?.until as string | null | undefined) ?? null;
}

/** A muted member who posts, votes or reports is told until when (42300, data.until). */
export async function assertNotMuted(
  store: Store,
  userId: number,
): Promise<void> {
  const until = await mutedUntil(store, userId);
  if (until) throw new ApiError(Code.MUTED, { data: { until } });
}
