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

  /** Seconds to wait before the next attempt, or 0 when allowed. */
  async retryAfterSeconds(keys: string[]): Promise<number> {
    const now = this.clock();
    const since = nowIso(now - LOGIN_FAILURE_WINDOW_MS);
    let wait = 0;
    for (const key of keys) {
      const recent = await this.store.db
        .selectFrom("loginFailures")
        .select("failedAt")
        .where("key", "=", key)
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

  async recordFailure(keys: string[]): Promise<void> {
    const failedAt = nowIso(this.clock());
    await this.store.db
      .insertInto("loginFailures")
      .values(keys.map((key) => ({ key: key.slice(0, 160), failedAt })))
      .execute();
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
