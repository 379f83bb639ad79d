import type { Store } from "../db/store.js";
import { nowIso } from "../db/dialect.js";
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES,
} from "../../common/constants.js";

/**
 * Counts failed logins per key (an IP, a login name) in the database, so the limit holds
 * across instances: after LOGIN_MAX_FAILURES failures inside the window the key must wait
 * until the oldest of them leaves the window.
 */
export class LoginThrottle {
  constructor(
    private readonly store: Store,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  /**
   * Records an attempt for each key before the password is checked, then counts: a burst
   * of simultaneous tries is counted in full, instead of every try passing a check made
   * before any failure was written. Answers the attempt's row ids when the attempt may go
   * ahead, or the seconds to wait.
   */
  async begin(
    keys: string[],
  ): Promise<{ ids: number[] } | { retryAfter: number }> {
    const now = this.clock();
    const attemptedAt = nowIso(now);
    const rows = await this.store.db
      .insertInto("loginFailures")
      .values(
        keys.map((key) => ({ key: key.slice(0, 160), failedAt: attemptedAt })),
      )
      .returning("id")
      .execute();
    const ids = rows.map((row) => row.id);
    const since = nowIso(now - LOGIN_FAILURE_WINDOW_MS);
    for (const key of keys) {
      const { attempts } = await this.store.db
        .selectFrom("loginFailures")
        .select((eb) => eb.fn.countAll<number>().as("attempts"))
        .where("key", "=", key.slice(0, 160))
        .where("failedAt", ">", since)
        .executeTakeFirstOrThrow();
      if (Number(attempts) > LOGIN_MAX_FAILURES) {
        // A refused attempt is not a failure: it does not lengthen the wait.
        await this.store.db
          .deleteFrom("loginFailures")
          .where("id", "in", ids)
          .execute();
        return { retryAfter: Math.max(1, await this.retryAfterSeconds(keys)) };
      }
    }
    return { ids };
  }

  /** The attempt succeeded: it was no failure, and the login name starts afresh. */
  async succeeded(ids: number[], loginKey: string): Promise<void> {
    await this.store.db
      .deleteFrom("loginFailures")
      .where("id", "in", ids)
      .execute();
    await this.clear(loginKey);
  }

  /** Seconds until the oldest of the recent failures leaves the window, or 0. */
  async retryAfterSeconds(keys: string[]): Promise<number> {
    const now = this.clock();
    const since = nowIso(now - LOGIN_FAILURE_WINDOW_MS);
    let wait = 0;
    for (const key of keys) {
      const recent = await this.store.db
        .selectFrom("loginFailures")
        .select("failedAt")
        .where("key", "=", key.slice(0, 160))
        .where("failedAt", ">", since)
        .orderBy("failedAt", "desc")
        .limit(LOGIN_MAX_FAILURES)
        .execute();
      if (recent.length < LOGIN_MAX_FAILURES) continue;
      const oldest = Date.parse(recent[recent.length - 1]!.failedAt);
      wait = Math.max(
        wait,
        Math.ceil((oldest + LOGIN_FAILURE_WINDOW_MS - now) / 1000),
      );
    }
    return wait;
  }

  async clear(key: string): Promise<void> {
    await this.store.db
      .deleteFrom("loginFailures")
      .where("key", "=", key)
      .execute();
  }

  /** Drops failures older than the window. Returns how many. */
  async prune(): Promise<number> {
    const result = await this.store.db
      .deleteFrom("loginFailures")
      .where("failedAt", "<=", nowIso(this.clock() - LOGIN_FAILURE_WINDOW_MS))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
