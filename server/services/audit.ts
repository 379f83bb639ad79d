import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { nowIso } from "../db/dialect.js";
import type { AuditActionName } from "../../common/schemas/audit-log.js";

/**
 * The audit log: every back-office write records who, when, from where, what and the
 * fields it changed. Callers write the row with the same executor (transaction) as the
 * change itself, so a failed write leaves no audit row and a logged write always has one.
 */
export type AuditAction = AuditActionName;

/** Fields never recorded, whatever the resource: secrets and their derivatives. */
const SECRET_FIELD = /password|token|secret|hash|salt/i;
/** Bookkeeping that changes on every write and says nothing about it. */
const NOISE_FIELDS = new Set(["updatedAt", "version"]);

export type AuditChanges = Record<string, [unknown, unknown]>;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The fields that differ between two versions of a record, as [before, after]. A created
 * record has no before (null), a deleted one no after. Secrets are left out.
 */
export function diffRecords(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): AuditChanges {
  const changes: AuditChanges = {};
  const keys = new Set([
    ...Object.keys(before ?? {}),
    ...Object.keys(after ?? {}),
  ]);
  for (const key of keys) {
    if (SECRET_FIELD.test(key) || NOISE_FIELDS.has(key)) continue;
    const old = before ? (before[key] ?? null) : null;
    const now = after ? (after[key] ?? null) : null;
    if (before && after && same(old, now)) continue;
    changes[key] = [old, now];
  }
  return changes;
}

export interface AuditEntry {
  /** The resource's API name, e.g. "tags", "system/users". */
  resource: string;
  recordId?: number | string | null;
  action: AuditAction;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Who did it, from the request: the logged-in user and the client address. */
export interface AuditActor {
  userId: number | null;
  loginName: string | null;
  ip: string | null;
}

export function actorOf(request: FastifyRequest): AuditActor {
  return {
    userId: request.session?.user.userId ?? null,
    loginName: request.session?.user.loginName ?? null,
    ip: request.ip ? request.ip.slice(0, 64) : null,
  };
}

/**
 * Writes one audit row with `db`, which must be the transaction that makes the change.
 * An update that changed nothing records nothing.
 */
export async function recordAudit(
  db: Kysely<Database>,
  actor: AuditActor,
  entry: AuditEntry,
): Promise<void> {
  const changes = diffRecords(entry.before, entry.after);
  const isPlainUpdate =
    entry.action === "update" || entry.action === "batchUpdate";
  if (isPlainUpdate && Object.keys(changes).length === 0) return;
  await db
    .insertInto("auditLogs")
    .values({
      userId: actor.userId,
      loginName: actor.loginName,
      ip: actor.ip,
      resource: entry.resource,
      recordId:
        entry.recordId === undefined || entry.recordId === null
          ? null
          : String(entry.recordId),
      action: entry.action,
      changes: JSON.stringify(changes),
      createdAt: nowIso(),
    })
    .execute();
}

/**
 * For writes outside defineResource (a password change, a forced logout, a role change):
 * runs `work` and its audit row in one transaction.
 */
export async function withAudit<T>(
  store: {
    transaction<R>(work: (trx: Kysely<Database>) => Promise<R>): Promise<R>;
  },
  request: FastifyRequest,
  work: (trx: Kysely<Database>) => Promise<{ result: T; audit: AuditEntry }>,
): Promise<T> {
  return store.transaction(async (trx) => {
    const { result, audit } = await work(trx);
    await recordAudit(trx, actorOf(request), audit);
    return result;
  });
}
