import type { Kysely } from "kysely";
import type { FastifyInstance } from "fastify";
import { Code } from "../../common/codes.js";
import { SYSTEM_ERRORS } from "../../common/system-messages.js";
import type { Language } from "../../common/codes.js";
import type { Database } from "../db/schema.js";
import type { StoreKind } from "../db/store.js";
import { nowIso } from "../db/dialect.js";
import { ApiError } from "../http/errors.js";
import { localizeText } from "../http/validation-messages.js";

/** The rules every change to users and their roles keeps, shared by the user and role routes. */

/** 40900 with one field's message, in the caller's language. */
export function conflictOn(
  field: string,
  key: string,
  language: Language,
): ApiError {
  return new ApiError(Code.CONFLICT, {
    data: { errors: { [field]: localizeText(key, language) }, reason: key },
  });
}

/**
 * Refuses (40900) a change that leaves no enabled user holding the `admin` role. Runs in
 * the change's transaction, after it. On PostgreSQL the admin role's row is locked first,
 * so two administrators disabling each other at the same moment cannot both pass.
 */
export async function requireAnEnabledAdmin(
  trx: Kysely<Database>,
  kind: StoreKind,
  language: Language,
  field = "status",
): Promise<void> {
  let role = trx.selectFrom("roles").select("id").where("code", "=", "admin");
  if (kind === "postgres") role = role.forUpdate();
  const admin = await role.executeTakeFirst();
  if (!admin) return;
  const { holders } = await trx
    .selectFrom("userRoles")
    .innerJoin("users", "users.id", "userRoles.userId")
    .select((eb) => eb.fn.countAll<number>().as("holders"))
    .where("userRoles.roleId", "=", admin.id)
    .where("users.status", "=", "active")
    .executeTakeFirstOrThrow();
  if (Number(holders) === 0)
    throw conflictOn(field, SYSTEM_ERRORS.lastAdmin, language);
}

/** Revokes every live session of the users, in the change's transaction. */
export async function revokeSessionsOf(
  trx: Kysely<Database>,
  userIds: number[],
): Promise<void> {
  if (userIds.length === 0) return;
  await trx
    .updateTable("sessions")
    .set({ revokedAt: nowIso() })
    .where("userId", "in", userIds)
    .where("revokedAt", "is", null)
    .execute();
}

/** After the commit: this instance forgets what it remembered of the users. */
export function forgetUsers(app: FastifyInstance, userIds: number[]): void {
  for (const id of userIds) {
    app.sessions.forgetUser(id);
    app.permissions.forget(id);
  }
}

/** The role ids of each user. */
export async function roleIdsOf(
  db: Kysely<Database>,
  userIds: number[],
): Promise<Map<number, number[]>> {
  const rows = await db
    .selectFrom("userRoles")
    .select(["userId", "roleId"])
    .where("userId", "in", userIds)
    .orderBy("roleId")
    .execute();
  const byUser = new Map<number, number[]>();
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push(row.roleId);
    byUser.set(row.userId, list);
  }
  return byUser;
}

/** Gives the user exactly these roles; an unknown role id is 40000. */
export async function setRoles(
  trx: Kysely<Database>,
  userId: number,
  roleIds: number[],
  language: Language,
): Promise<void> {
  const wanted = [...new Set(roleIds)];
  if (wanted.length > 0) {
    const known = await trx
      .selectFrom("roles")
      .select("id")
      .where("id", "in", wanted)
      .execute();
    if (known.length !== wanted.length) {
      throw new ApiError(Code.VALIDATION, {
        data: {
          errors: {
            roleIds: localizeText(SYSTEM_ERRORS.unknownRole, language),
          },
        },
      });
    }
  }
  await trx.deleteFrom("userRoles").where("userId", "=", userId).execute();
  if (wanted.length > 0) {
    await trx
      .insertInto("userRoles")
      .values(wanted.map((roleId) => ({ userId, roleId })))
      .execute();
  }
}
