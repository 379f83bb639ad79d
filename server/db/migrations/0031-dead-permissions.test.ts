import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { allPermissionCodes } from "../../services/permission-catalog.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { nowIso } from "../dialect.js";
import { DEAD_PERMISSION_CODES, up } from "./0031-dead-permissions.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("migration 0031: permission codes that guarded nothing", () => {
  test("none of the removed codes is in the catalogue", () => {
    const known = new Set(allPermissionCodes());
    expect(DEAD_PERMISSION_CODES.filter((code) => known.has(code))).toEqual([]);
  });

  test("takes the dead codes from every role and from the permission table, and nothing else", async () => {
    const db = t.app.store.db;
    // A store from before 0031: the dead codes exist and roles hold them.
    const inserted = await db
      .insertInto("permissions")
      .values(
        DEAD_PERMISSION_CODES.map((code) => {
          const [module, action] = code.split(":") as [string, string];
          return { code, module, action };
        }),
      )
      .returning(["id", "code"])
      .execute();
    const now = nowIso();
    const custom = await db
      .insertInto("roles")
      .values({
        code: "m0031-custom",
        name: "旧角色",
        nameEn: "Old role",
        builtIn: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const admin = await db
      .selectFrom("roles")
      .select("id")
      .where("code", "=", "admin")
      .executeTakeFirstOrThrow();
    const tagRead = await db
      .selectFrom("permissions")
      .select("id")
      .where("code", "=", "tag:read")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("rolePermissions")
      .values([
        ...inserted.map((p) => ({ roleId: admin.id, permissionId: p.id })),
        { roleId: custom.id, permissionId: inserted[0]!.id },
        { roleId: custom.id, permissionId: tagRead.id },
      ])
      .execute();
    const codesOf = async (roleId: number) =>
      (
        await db
          .selectFrom("rolePermissions")
          .innerJoin(
            "permissions",
            "permissions.id",
            "rolePermissions.permissionId",
          )
          .select("permissions.code")
          .where("rolePermissions.roleId", "=", roleId)
          .execute()
      )
        .map((row) => row.code)
        .sort();

    await up(db as never, t.app.store.kind);

    expect(await codesOf(custom.id)).toEqual(["tag:read"]);
    expect(await codesOf(admin.id)).toEqual(allPermissionCodes().sort());
    const left = await db
      .selectFrom("permissions")
      .select("code")
      .where("code", "in", [...DEAD_PERMISSION_CODES])
      .execute();
    expect(left).toEqual([]);
    const all = await db.selectFrom("permissions").select("code").execute();
    expect(all.map((row) => row.code).sort()).toEqual(
      allPermissionCodes().sort(),
    );
  });
});
