import { randomBytes } from "node:crypto";
import type { Store } from "../db/store.js";
import { nowIso } from "../db/dialect.js";
import { allPermissionCodes, SEED_ROLES } from "./permission-catalog.js";
import { hashPassword } from "./password.js";
import { seedMenu } from "./menu-seed.js";
import { seedConfigs } from "./settings.js";

export interface SeedOptions {
  adminLogin?: string;
  adminPassword?: string;
  /** The first administrator is created already enrolled with this TOTP secret (base32). */
  adminTotpSecret?: string;
  /** Where a generated password is shown once: the console, never the log. */
  announce: (text: string) => void;
}

/**
 * Brings the reference rows up to date: permission codes, the built-in roles and their
 * codes, and the first administrator. Safe to run at every start.
 */
export async function seedDatabase(
  store: Store,
  options: SeedOptions,
): Promise<void> {
  const now = nowIso();
  await store.transaction(async (trx) => {
    const known = new Set(
      (await trx.selectFrom("permissions").select("code").execute()).map(
        (r) => r.code,
      ),
    );
    const missing = allPermissionCodes().filter((code) => !known.has(code));
    if (missing.length > 0) {
      await trx
        .insertInto("permissions")
        .values(
          missing.map((code) => {
            const [module, action] = code.split(":") as [string, string];
            return { code, module, action };
          }),
        )
        .execute();
    }
    const permissionIds = new Map(
      (
        await trx.selectFrom("permissions").select(["id", "code"]).execute()
      ).map((r) => [r.code, r.id]),
    );

    for (const seedRole of SEED_ROLES) {
      let role = await trx
        .selectFrom("roles")
        .select("id")
        .where("code", "=", seedRole.code)
        .executeTakeFirst();
      // An administrator may have taken codes from a built-in role: a later start grants
      // only codes that are new to the product, unless the role itself is new. `admin`
      // always holds every code.
      const grantAll = !role || seedRole.code === "admin";
      if (!role) {
        role = await trx
          .insertInto("roles")
          .values({
            code: seedRole.code,
            name: seedRole.name,
            nameEn: seedRole.nameEn,
            builtIn: 1,
            createdAt: now,
            updatedAt: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
      }
      // The administrator role always logs in with a second factor (issue 24 item 5).
      if (seedRole.code === "admin")
        await trx
          .updateTable("roles")
          .set({ requiresTwoFactor: 1 })
          .where("id", "=", role.id)
          .where("requiresTwoFactor", "=", 0)
          .execute();
      const held = new Set(
        (
          await trx
            .selectFrom("rolePermissions")
            .select("permissionId")
            .where("roleId", "=", role.id)
            .execute()
        ).map((r) => r.permissionId),
      );
      const newCodes = new Set(missing);
      const toGrant = seedRole
        .permissions()
        .filter((code) => grantAll || newCodes.has(code))
        .map((code) => permissionIds.get(code)!)
        .filter((id) => !held.has(id));
      if (toGrant.length > 0) {
        await trx
          .insertInto("rolePermissions")
          .values(
            toGrant.map((permissionId) => ({ roleId: role.id, permissionId })),
          )
          .execute();
      }
    }
  });
  await seedMenu(store);
  await seedConfigs(store);
  await ensureAdministrator(store, options);
}

async function ensureAdministrator(
  store: Store,
  options: SeedOptions,
): Promise<void> {
  const existing = await store.db
    .selectFrom("users")
    .select("id")
    .limit(1)
    .executeTakeFirst();
  if (existing) return;
  const loginName = options.adminLogin ?? "admin";
  const generated = options.adminPassword === undefined;
  const password =
    options.adminPassword ?? randomBytes(12).toString("base64url");
  const passwordHash = await hashPassword(password);
  const now = nowIso();
  await store.transaction(async (trx) => {
    const user = await trx
      .insertInto("users")
      .values({
        loginName,
        userName: loginName,
        passwordHash,
        status: "active",
        createdAt: now,
        updatedAt: now,
        // For installations set up by script (docs/operations.md): no enrolment at the
        // first login, the secret was given.
        ...(options.adminTotpSecret
          ? { totpSecret: options.adminTotpSecret, totpEnabledAt: now }
          : {}),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const adminRole = await trx
      .selectFrom("roles")
      .select("id")
      .where("code", "=", "admin")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("userRoles")
      .values({ userId: user.id, roleId: adminRole.id })
      .execute();
  });
  if (generated) {
    options.announce(
      `\nLampstand created the administrator "${loginName}" with the password:\n\n    ${password}\n\n` +
        `It is shown only this once. Log in and change it, or set ADMIN_LOGIN and ADMIN_PASSWORD before the first start.\n\n`,
    );
  }
}
