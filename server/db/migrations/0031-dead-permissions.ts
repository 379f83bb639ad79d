import type { Kysely } from "kysely";
import type { StoreKind } from "../store.js";

/**
 * The permission codes that guarded nothing (issue 25, item 19; docs/decisions.md): no
 * route, admin page or handler asked for them. Written out here, not read from the
 * catalogue, so this migration does the same on every store whenever it runs.
 */
export const DEAD_PERMISSION_CODES = [
  "permission:create",
  "permission:update",
  "permission:delete",
  "permission:export",
  "menu:read",
  "menu:create",
  "menu:update",
  "menu:delete",
  "menu:export",
  "jobLog:create",
  "jobLog:update",
  "behaviorStat:create",
  "behaviorStat:update",
  "behaviorStat:delete",
  "auditLog:create",
  "auditLog:update",
  "auditLog:delete",
  "session:create",
  "session:update",
  "session:delete",
  "session:export",
  "loginLog:create",
  "loginLog:update",
  "loginLog:delete",
  "outbox:create",
  "outbox:update",
  "outbox:delete",
  "ministryConfig:create",
  "ministryConfig:delete",
  "ministryConfig:export",
  "file:create",
  "file:update",
  "liveConfig:create",
  "liveConfig:delete",
  "liveConfig:export",
  "askTopic:create",
  "askTopic:delete",
  "askTopic:export",
  "askAnswer:create",
  "askAnswer:delete",
  "askAnswer:export",
  "askConfig:create",
  "askConfig:delete",
  "askConfig:export",
  "askComplaint:create",
  "askComplaint:delete",
  "askComplaint:export",
  "askMute:update",
  "askMute:export",
] as const;

/**
 * Takes the dead codes from every role, then from the permission table, so the role
 * editor no longer offers them. The role rows go first and by hand: SQLite enforces the
 * foreign key's cascade only when the connection turned it on. A resource page gated by
 * one of them keeps its code and so shows to nobody until an administrator picks another
 * (the page editor refuses an unknown code), rather than opening to everyone.
 */
export async function up(db: Kysely<unknown>, _kind: StoreKind): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const store = db as Kysely<any>;
  const codes = [...DEAD_PERMISSION_CODES];
  await store
    .deleteFrom("role_permissions")
    .where(
      "permission_id",
      "in",
      store.selectFrom("permissions").select("id").where("code", "in", codes),
    )
    .execute();
  await store.deleteFrom("permissions").where("code", "in", codes).execute();
}
