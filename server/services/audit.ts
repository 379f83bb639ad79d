import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Language } from "../../common/codes.js";
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

/** The requests of writes the server makes itself, with the name their audit rows carry. */
const SYSTEM_ACTORS = new WeakMap<FastifyRequest, string>();

/**
 * The request of a write the server makes on its own (a crawler run saving its drafts),
 * for the resource machinery's write path: no session (no user, no permissions), the
 * language of the messages its hooks write, and an audit actor `system:<name>`, which no
 * login name can be (they allow no colon).
 */
export function systemRequest(
  app: FastifyInstance,
  name: string,
  language: Language = "en-US",
): FastifyRequest {
  const request = {
    id: `system:${name}`,
    server: app,
    log: app.log,
    session: null,
    language,
    ip: "",
    headers: {},
  } as unknown as FastifyRequest;
  SYSTEM_ACTORS.set(request, `system:${name}`);
  return request;
}

export function actorOf(request: FastifyRequest): AuditActor {
  const system = SYSTEM_ACTORS.get(request);
  if (system !== undefined)
    return { userId: null, loginName: system, ip: null };
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
