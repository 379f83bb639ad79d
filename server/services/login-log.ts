import type { FastifyRequest } from "fastify";
import type { Store } from "../db/store.js";
import { nowIso } from "../db/dialect.js";
import type { LoginResult } from "../../common/schemas/login-log.js";

/** Records one login attempt: who tried, from where, and how it ended. */
export async function recordLogin(
  store: Store,
  request: FastifyRequest,
  attempt: { loginName: string; userId?: number | null; result: LoginResult },
): Promise<void> {
  const userAgent = request.headers["user-agent"];
  await store.db
    .insertInto("loginLogs")
    .values({
      loginName: attempt.loginName.slice(0, 64),
      userId: attempt.userId ?? null,
      ip: request.ip ? request.ip.slice(0, 64) : null,
      userAgent: userAgent ? userAgent.slice(0, 512) : null,
      result: attempt.result,
      createdAt: nowIso(),
    })
    .execute();
}

/** Drops attempts older than the retention period. Returns how many. */
export async function pruneLoginLog(
  store: Store,
  retentionDays: number,
  now = Date.now(),
): Promise<number> {
  const result = await store.db
    .deleteFrom("loginLogs")
    .where("createdAt", "<", nowIso(now - retentionDays * 24 * 60 * 60 * 1000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
