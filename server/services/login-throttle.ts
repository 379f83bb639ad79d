import type { Store } from "../db/store.js";
import { nowIso } from "../db/dialect.js";
import { foldLoginName } from "./login-names.js";
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from "../../common/constants.js";

/** A throttled key (an address, a login name) and how many failures lock it. */
export interface ThrottleLimit {
  key: string;
  max: number;
}

/** The keys are stored in a varchar(160). */
const storedKey = (key: string) => key.slice(0, 160);

/** The key of a login name: names are matched by their folded form, as login finds them. */
export function loginNameKey(loginName: string): string {
  return `login:${foldLoginName(loginName)}`;
}

/**
 * The key of a legacy account whose name folds like an older account's (migration 0016):
 * its exact name, so failures against `Admin` never lock `admin`.
 */
export function legacyLoginKey(loginName: string): string {
  return `login=${loginName.trim()}`;
}

/** What a login attempt is counted against: its login name and, more leniently, its address. */
export function loginLimits(
  loginName: string,
  ip: string,
  maxFailures: number = LOGIN_MAX_FAILURES,
  nameKey: string = loginNameKey(loginName),
): ThrottleLimit[] {
  return [
    { key: `ip:${ip}`, max: LOGIN_MAX_FAILURES_PER_ADDRESS },
    { key: nameKey, max: maxFailures },
  ];
}

/**
 * Counts failed logins per key in the database, so the limits hold across instances:
 * after `max` failures inside the window the key must wait until the oldest of them
 * leaves the window.
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
    limits: ThrottleLimit[],
  ): Promise<{ ids: number[] } | { retryAfter: number }> {
    const now = this.clock();
    const attemptedAt = nowIso(now);
    const rows = await this.store.db
      .insertInto("loginFailures")
      .values(
        limits.map(({ key }) => ({
          key: storedKey(key),
          failedAt: attemptedAt,
        })),
      )
      .returning("id")
      .execute();
    const ids = rows.map((row) => row.id);
    const since = nowIso(now - LOGIN_FAILURE_WINDOW_MS);
    for (const { key, max } of limits) {
      const { attempts } = await this.store.db
        .selectFrom("loginFailures")
        .select((eb) => eb.fn.countAll<number>().as("attempts"))
        .where("key", "=", storedKey(key))
        .where("failedAt", ">", since)
        .executeTakeFirstOrThrow();
      if (Number(attempts) > max) {
        // A refused attempt is not a failure: it does not lengthen the wait.
        await this.store.db
          .deleteFrom("loginFailures")
          .where("id", "in", ids)
          .execute();
        return {
          retryAfter: Math.max(1, await this.retryAfterSeconds(limits)),
        };
      }
    }
    return { ids };
  }

  /** The attempt was no failure (a right password whose second factor is asked for). */
  async release(ids: number[]): Promise<void> {
    await this.store.db
      .deleteFrom("loginFailures")
      .where("id", "in", ids)
      .execute();
  }

  /** The attempt succeeded: it was no failure, and the login name starts afresh. */
  async succeeded(ids: number[], loginKey: string): Promise<void> {
    await this.store.db
      .deleteFrom("loginFailures")
      .where("id", "in", ids)
      .execute();
    await this.clear(loginKey);
  }

  /** Seconds until every locked key is below its limit again, or 0. */
  async retryAfterSeconds(limits: ThrottleLimit[]): Promise<number> {
    const now = this.clock();
    const since = nowIso(now - LOGIN_FAILURE_WINDOW_MS);
    let wait = 0;
    for (const { key, max } of limits) {
      const recent = await this.store.db
        .selectFrom("loginFailures")
        .select("failedAt")
        .where("key", "=", storedKey(key))
        .where("failedAt", ">", since)
        .orderBy("failedAt", "desc")
        .limit(max)
        .execute();
      if (recent.length < max) continue;
      const oldest = Date.parse(recent[recent.length - 1]!.failedAt);
      wait = Math.max(
        wait,
        Math.ceil((oldest + LOGIN_FAILURE_WINDOW_MS - now) / 1000),
      );
    }
    return wait;
  }

  /** Forgets a key's failures, which lifts its lock. Answers how many were forgotten. */
  async clear(key: string): Promise<number> {
    const result = await this.store.db
      .deleteFrom("loginFailures")
      .where("key", "=", storedKey(key))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * An administrator lifts a login name's lock (its failures from every address). The
   * addresses' counts stay: they guard against spraying across names.
   */
  clearLoginName(loginName: string): Promise<number> {
    return this.clear(loginNameKey(loginName));
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
