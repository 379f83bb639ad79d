import type { Store } from "../db/store.js";

/** The permission codes a user holds through their roles. */
export async function permissionsOfUser(
  store: Store,
  userId: number,
): Promise<string[]> {
  const rows = await store.db
    .selectFrom("userRoles")
    .innerJoin("rolePermissions", "rolePermissions.roleId", "userRoles.roleId")
    .innerJoin("permissions", "permissions.id", "rolePermissions.permissionId")
    .select("permissions.code")
    .distinct()
    .where("userRoles.userId", "=", userId)
    .orderBy("permissions.code")
    .execute();
  return rows.map((row) => row.code);
}
