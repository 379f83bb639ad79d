import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { Code } from "../../common/codes.js";
import { SYSTEM_ERRORS } from "../../common/system-messages.js";
import type { Database } from "../db/schema.js";
import { ApiError } from "../http/errors.js";
import { localizeText } from "../http/validation-messages.js";

/**
 * Nobody grants what they do not hold (issue 25 item 1). Whoever may edit users or roles
 * can give or take away only roles and codes they hold themselves, never changes their own
 * roles or their own role's codes, and only a holder of the `admin` role gives or takes
 * it away. Nor may they change an account that holds codes they lack: setting its
 * password or e-mail would hand them that account. Each check reads the store in the
 * write's transaction, not the few-seconds cache of the session's codes.
 */

/** 40300 with one field's reason, in the caller's language. */
export function refusedOn(
  field: string,
  key: string,
  request: FastifyRequest,
): ApiError {
  return new ApiError(Code.FORBIDDEN, {
    data: {
      errors: { [field]: localizeText(key, request.language) },
      reason: key,
    },
  });
}

/** The codes the roles hold, together. */
async function codesOfRoles(
  trx: Kysely<Database>,
  roleIds: number[],
): Promise<Set<string>> {
  if (roleIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom("rolePermissions")
    .innerJoin("permissions", "permissions.id", "rolePermissions.permissionId")
    .select("permissions.code")
    .distinct()
    .where("rolePermissions.roleId", "in", roleIds)
    .execute();
  return new Set(rows.map((row) => row.code));
}

async function roleIdsOfUser(
  trx: Kysely<Database>,
  userId: number,
): Promise<number[]> {
  const rows = await trx
    .selectFrom("userRoles")
    .select("roleId")
    .where("userId", "=", userId)
    .execute();
  return rows.map((row) => row.roleId);
}

/** What the caller holds now: their role ids and codes. */
export async function callerHoldings(
  trx: Kysely<Database>,
  request: FastifyRequest,
): Promise<{ userId: number; roleIds: number[]; codes: Set<string> }> {
  const userId = request.session!.user.userId;
  const roleIds = await roleIdsOfUser(trx, userId);
  return { userId, roleIds, codes: await codesOfRoles(trx, roleIds) };
}

const lacking = (codes: Iterable<string>, held: Set<string>) =>
  [...codes].some((code) => !held.has(code));

/** What is in one list and not the other, either way. */
function changed<T>(before: T[], after: T[]): T[] {
  const a = new Set(before);
  const b = new Set(after);
  return [
    ...[...b].filter((item) => !a.has(item)),
    ...[...a].filter((item) => !b.has(item)),
  ];
}

/**
 * A user's roles go from `before` to `after` (a create: from none): refused (40300 on
 * roleIds) when the user is the caller, when the `admin` role comes or goes and the
 * caller does not hold it, or when a role that comes or goes holds a code the caller
 * lacks. Unchanged roles are not looked at, so a form that sends the roles back as they
 * were still saves.
 */
export async function requireGrantableRoles(
  trx: Kysely<Database>,
  request: FastifyRequest,
  target: { userId: number | undefined; before: number[]; after: number[] },
): Promise<void> {
  const roles = changed(target.before, target.after);
  if (roles.length === 0) return;
  const caller = await callerHoldings(trx, request);
  if (target.userId === caller.userId)
    throw refusedOn("roleIds", SYSTEM_ERRORS.notOwnRoles, request);
  const admin = await trx
    .selectFrom("roles")
    .select("id")
    .where("code", "=", "admin")
    .executeTakeFirst();
  if (admin && roles.includes(admin.id) && !caller.roleIds.includes(admin.id))
    throw refusedOn("roleIds", SYSTEM_ERRORS.onlyAdminGivesAdmin, request);
  if (lacking(await codesOfRoles(trx, roles), caller.codes))
    throw refusedOn("roleIds", SYSTEM_ERRORS.grantBeyondOwn, request);
}

/**
 * A change to another account (its fields, password, status, or deleting it): refused
 * (40300 on `field`) when that account holds a code the caller lacks.
 */
export async function requireNotOutranked(
  trx: Kysely<Database>,
  request: FastifyRequest,
  userId: number,
  field: string,
): Promise<void> {
  const caller = await callerHoldings(trx, request);
  if (userId === caller.userId) return;
  const theirs = await codesOfRoles(trx, await roleIdsOfUser(trx, userId));
  if (lacking(theirs, caller.codes))
    throw refusedOn(field, SYSTEM_ERRORS.outranked, request);
}

/**
 * A role's codes go from `before` to `after` (a create: from none): refused (40300 on
 * `field`) when the caller holds the role, or when a code that comes or goes is one
 * the caller lacks. Deleting a role (`after` empty) follows the same rule.
 */
export async function requireGrantableCodes(
  trx: Kysely<Database>,
  request: FastifyRequest,
  role: {
    roleId: number | undefined;
    before: string[];
    after: string[];
    field: string;
  },
): Promise<void> {
  const codes = changed(role.before, role.after);
  if (codes.length === 0) return;
  const caller = await callerHoldings(trx, request);
  if (role.roleId !== undefined && caller.roleIds.includes(role.roleId))
    throw refusedOn(role.field, SYSTEM_ERRORS.notOwnRoleCodes, request);
  if (lacking(codes, caller.codes))
    throw refusedOn(role.field, SYSTEM_ERRORS.grantBeyondOwn, request);
}
