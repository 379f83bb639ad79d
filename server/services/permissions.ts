import type { Store } from "../db/store.js";

/** The permission codes a user holds through their roles, read from the store. */
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

/** How long a user's codes are reused before they are read again. */
export const PERMISSION_CACHE_MS = 5000;

/**
 * Every request checks a permission; reading a user's ~160 codes through a three-table
 * join each time was the largest share of a list request's CPU (docs/performance.md).
 * Codes are kept per user for a few seconds. Role changes on this instance call
 * `forget`; another instance sees them within PERMISSION_CACHE_MS.
 */
export class PermissionCache {
  private readonly entries = new Map<
    number,
    { codes: string[]; readAt: number }
  >();

  constructor(
    private readonly store: Store,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  async of(userId: number): Promise<string[]> {
    const now = this.clock();
    const cached = this.entries.get(userId);
    if (cached && now - cached.readAt < PERMISSION_CACHE_MS)
      return cached.codes;
    const codes = await permissionsOfUser(this.store, userId);
    if (this.entries.size >= 10_000) this.entries.clear();
    this.entries.set(userId, { codes, readAt: now });
    return codes;
  }

  /** Drops one user's codes (their roles changed), or everyone's (a role's codes changed). */
  forget(userId?: number): void {
    if (userId === undefined) this.entries.clear();
    else this.entries.delete(userId);
  }
}
