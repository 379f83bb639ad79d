import type { Store } from "../db/store.js";
import { nowIso } from "../db/dialect.js";
import {
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_OLD_TOKEN_GRACE_MS,
  SESSION_RENEW_AFTER_MS,
} from "../../common/constants.js";
import { hashToken, newSessionToken } from "./tokens.js";

export interface SessionUser {
  userId: number;
  userName: string;
  loginName: string;
}

export interface ResolvedSession {
  sessionId: number;
  user: SessionUser;
  /** Set when this request renewed the token: the client must use it from now on. */
  renewedToken?: string;
  /** The user must enrol a second factor first: only the enrolment routes answer. */
  enrolmentOnly: boolean;
}

/**
 * A session read from the store is reused for this long, so a request costs no query.
 * Logout and revocation on this instance take effect at once; another instance (several
 * behind a load balancer) sees them within this time.
 */
export const SESSION_CACHE_MS = 5000;
const SESSION_CACHE_ENTRIES = 10_000;

interface SessionRow {
  sessionId: number;
  tokenHash: string;
  previousTokenHash: string | null;
  /**
   * Until when the previous token works. Null while a renewal is unconfirmed: the new
   * token has not been used yet (its answer may have been lost), so the old one stays
   * valid; the new token's first use sets it to that moment plus the grace period.
   */
  previousValidUntil: string | null;
  lastSeenAt: string;
  renewedAt: string;
  expiresAt: string;
  revokedAt: string | null;
  userId: number;
  userName: string;
  loginName: string;
  status: string;
  enrolmentOnly: number;
}

interface CachedSession {
  row: SessionRow;
  viaPreviousToken: boolean;
  readAt: number;
  /** The row's times as epoch ms, parsed once rather than on every request. */
  times: {
    previousValidUntil: number;
    lastSeenAt: number;
    renewedAt: number;
    expiresAt: number;
  };
}

/** Epoch ms of a stored time; a missing or unreadable one counts as long past. */
function epochMs(text: string | null): number {
  const ms = text ? Date.parse(text) : NaN;
  return Number.isNaN(ms) ? -Infinity : ms;
}

function parseTimes(row: SessionRow): CachedSession["times"] {
  return {
    previousValidUntil: epochMs(row.previousValidUntil),
    lastSeenAt: epochMs(row.lastSeenAt),
    renewedAt: epochMs(row.renewedAt),
    expiresAt: epochMs(row.expiresAt),
  };
}

/** Sliding idle time is written at most this often, so reads don't each cost a write. */
const LAST_SEEN_WRITE_INTERVAL_MS = 60 * 1000;

/** Sessions live in the database, so any instance behind a load balancer can serve them. */
export class SessionStore {
  private readonly cache = new Map<string, CachedSession>();
  /** Bumped by every forget, so a read that overlapped one is not remembered. */
  private generation = 0;
  /** The idle timeout; the settings plugin points it at `session.idleMinutes`. */
  idleTimeoutMs: () => number = () => SESSION_IDLE_TIMEOUT_MS;

  constructor(
    private readonly store: Store,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  async create(
    userId: number,
    meta: { ip?: string; userAgent?: string; enrolmentOnly?: boolean },
  ): Promise<{ token: string; sessionId: number }> {
    const token = newSessionToken();
    const now = this.clock();
    const row = await this.store.db
      .insertInto("sessions")
      .values({
        tokenHash: hashToken(token),
        userId,
        createdAt: nowIso(now),
        lastSeenAt: nowIso(now),
        renewedAt: nowIso(now),
        expiresAt: nowIso(now + SESSION_ABSOLUTE_LIFETIME_MS),
        ip: meta.ip?.slice(0, 64) ?? null,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
        enrolmentOnly: meta.enrolmentOnly ? 1 : 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { token, sessionId: row.id };
  }

  /** The live session for a token, or null when it is unknown, revoked or expired. */
  async resolve(token: string): Promise<ResolvedSession | null> {
    const now = this.clock();
    const tokenHash = hashToken(token);
    let cached = this.cache.get(tokenHash);
    if (!cached || now - cached.readAt >= SESSION_CACHE_MS) {
      const generation = this.generation;
      const found = await this.read(tokenHash);
      if (!found) {
        this.cache.delete(tokenHash);
        return null;
      }
      cached = { ...found, readAt: now, times: parseTimes(found.row) };
      // A revocation that landed while this read was under way makes the row stale: use
      // it for this request, which began before, but never remember it.
      if (generation === this.generation) this.remember(tokenHash, cached);
    }
    const { row, viaPreviousToken, times } = cached;
    // A renewal not yet confirmed by the new token's first use.
    const unconfirmed =
      row.previousTokenHash !== null && row.previousValidUntil === null;
    if (viaPreviousToken && !unconfirmed && times.previousValidUntil <= now)
      return null;
    if (row.revokedAt || row.status !== "active") return null;
    if (times.expiresAt <= now) return null;
    if (times.lastSeenAt + this.idleTimeoutMs() <= now) return null;

    const session: ResolvedSession = {
      sessionId: row.sessionId,
      user: {
        userId: row.userId,
        userName: row.userName,
        loginName: row.loginName,
      },
      enrolmentOnly: row.enrolmentOnly === 1,
    };
    if (!viaPreviousToken && unconfirmed) {
      // The new token's first use: the client has it, so the old one may now lapse.
      await this.confirmRenewal(row.sessionId, row.tokenHash, now);
      this.forgetSession(row.sessionId);
    } else if (
      !viaPreviousToken &&
      times.renewedAt + SESSION_RENEW_AFTER_MS <= now
    ) {
      this.cache.delete(tokenHash);
      session.renewedToken = await this.renew(
        row.sessionId,
        row.tokenHash,
        now,
      );
    } else if (
      viaPreviousToken &&
      unconfirmed &&
      times.renewedAt + SESSION_OLD_TOKEN_GRACE_MS <= now
    ) {
      // The old token, a grace period after a renewal nobody has used: that answer
      // was lost. Send a new token again (only one of parallel requests wins it).
      this.cache.delete(tokenHash);
      session.renewedToken = await this.reissue(
        row.sessionId,
        row.tokenHash,
        now,
      );
    } else if (times.lastSeenAt + LAST_SEEN_WRITE_INTERVAL_MS <= now) {
      this.cache.delete(tokenHash);
      await this.store.db
        .updateTable("sessions")
        .set({ lastSeenAt: nowIso(now) })
        .where("id", "=", row.sessionId)
        .execute();
    }
    return session;
  }

  /** Reads a session by its current token, or by its previous one (grace period). */
  private async read(
    tokenHash: string,
  ): Promise<{ row: SessionRow; viaPreviousToken: boolean } | undefined> {
    const base = this.store.db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.userId")
      .select([
        "sessions.id as sessionId",
        "sessions.tokenHash",
        "sessions.previousTokenHash",
        "sessions.previousValidUntil",
        "sessions.lastSeenAt",
        "sessions.renewedAt",
        "sessions.expiresAt",
        "sessions.revokedAt",
        "sessions.enrolmentOnly",
        "users.id as userId",
        "users.userName",
        "users.loginName",
        "users.status",
      ]);
    const current = await base
      .where("sessions.tokenHash", "=", tokenHash)
      .executeTakeFirst();
    if (current) return { row: current, viaPreviousToken: false };
    const previous = await base
      .where("sessions.previousTokenHash", "=", tokenHash)
      .executeTakeFirst();
    return previous ? { row: previous, viaPreviousToken: true } : undefined;
  }

  private remember(tokenHash: string, entry: CachedSession): void {
    if (this.cache.size >= SESSION_CACHE_ENTRIES) this.cache.clear();
    this.cache.set(tokenHash, entry);
  }

  /** Drops what this instance remembers of a user's sessions (status or roles changed). */
  forgetUser(userId: number): void {
    this.generation += 1;
    for (const [hash, entry] of this.cache) {
      if (entry.row.userId === userId) this.cache.delete(hash);
    }
  }

  private forgetSession(sessionId: number): void {
    this.generation += 1;
    for (const [hash, entry] of this.cache) {
      if (entry.row.sessionId === sessionId) this.cache.delete(hash);
    }
  }

  /**
   * Swaps in a fresh token. The old one keeps working until the new one is first used,
   * then for the grace period (confirmRenewal), so an answer lost on its way does not
   * log the user out.
   */
  private async renew(
    sessionId: number,
    oldHash: string,
    now: number,
  ): Promise<string | undefined> {
    // Only if no concurrent request renewed it first; that one's token wins.
    return this.writeToken(sessionId, oldHash, now, {
      previousTokenHash: oldHash,
      previousValidUntil: null,
    });
  }

  /** Replaces a renewed token that was never used; the old token stays as it is. */
  private async reissue(
    sessionId: number,
    unusedHash: string,
    now: number,
  ): Promise<string | undefined> {
    // Not if the unused token was used meanwhile, nor if a parallel request won.
    return this.writeToken(sessionId, unusedHash, now, {}, true);
  }

  /**
   * Writes a fresh token (and `previous`) over the session's, only while `currentHash` is
   * still its token and, with `unusedOnly`, its renewal was not yet used. Answers the
   * token, or undefined when another request changed the session first.
   */
  private async writeToken(
    sessionId: number,
    currentHash: string,
    now: number,
    previous: { previousTokenHash?: string; previousValidUntil?: null },
    unusedOnly = false,
  ): Promise<string | undefined> {
    const token = newSessionToken();
    const result = await this.store.db
      .updateTable("sessions")
      .set({
        tokenHash: hashToken(token),
        ...previous,
        renewedAt: nowIso(now),
        lastSeenAt: nowIso(now),
      })
      .where("id", "=", sessionId)
      .where("tokenHash", "=", currentHash)
      .$if(unusedOnly, (query) => query.where("previousValidUntil", "is", null))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? token : undefined;
  }

  /** The renewed token's first use: the old one lapses a grace period from now. */
  private async confirmRenewal(
    sessionId: number,
    newHash: string,
    now: number,
  ): Promise<void> {
    await this.store.db
      .updateTable("sessions")
      .set({
        previousValidUntil: nowIso(now + SESSION_OLD_TOKEN_GRACE_MS),
        lastSeenAt: nowIso(now),
      })
      .where("id", "=", sessionId)
      .where("tokenHash", "=", newHash)
      .where("previousValidUntil", "is", null)
      .execute();
  }

  // The store is written first, then the memory dropped: a read that starts after the
  // drop sees the revocation, and one already under way is not remembered (generation).
  async revoke(sessionId: number): Promise<void> {
    await this.revokeWhere("id", sessionId);
    this.forgetSession(sessionId);
  }

  /** The user enrolled a second factor: the session reaches everything they hold. */
  async completeEnrolment(sessionId: number): Promise<void> {
    await this.store.db
      .updateTable("sessions")
      .set({ enrolmentOnly: 0 })
      .where("id", "=", sessionId)
      .execute();
    this.forgetSession(sessionId);
  }

  async revokeAllForUser(userId: number): Promise<void> {
    await this.revokeWhere("userId", userId);
    this.forgetUser(userId);
  }

  /** Marks the live sessions of one session id or one user revoked, now. */
  private async revokeWhere(column: "id" | "userId", value: number) {
    await this.store.db
      .updateTable("sessions")
      .set({ revokedAt: nowIso(this.clock()) })
      .where(column, "=", value)
      .where("revokedAt", "is", null)
      .execute();
  }

  /** Removes sessions that can no longer be used. Returns how many. */
  async deleteExpired(): Promise<number> {
    const now = this.clock();
    const result = await this.store.db
      .deleteFrom("sessions")
      .where((eb) =>
        eb.or([
          eb("expiresAt", "<=", nowIso(now)),
          eb("lastSeenAt", "<=", nowIso(now - this.idleTimeoutMs())),
          eb("revokedAt", "is not", null),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
