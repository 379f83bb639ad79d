import type { FastifyPluginAsync } from "fastify";
import { ROLE_FIELD_LABELS } from "../../../common/schemas/system-labels.js";
import { sql, type Kysely, type Selectable, type SqlBool } from "kysely";
import { z } from "zod";
import { SYSTEM_ERRORS } from "../../../common/system-messages.js";
import {
  ROLE_SORT_FIELDS,
  roleInputSchema,
  roleSchema,
  type Role,
} from "../../../common/schemas/role.js";
import type { Database, RolesTable } from "../../db/schema.js";
import { validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import { columnValues } from "../../resources/column-values.js";
import { defineResource } from "../../resources/define-resource.js";
import type { WriteChange } from "../../resources/resource-definition.js";
import { equals } from "../../resources/filters.js";
import { allPermissionCodes } from "../../services/permission-catalog.js";
import {
  conflictOn,
  requireAnEnabledAdmin,
} from "../../services/user-admin.js";
import { requireGrantableCodes } from "../../services/grant-rules.js";
import type { Language } from "../../../common/codes.js";

type RoleRow = Selectable<RolesTable>;

async function codesOf(
  db: Kysely<Database>,
  roleIds: number[],
): Promise<Map<number, string[]>> {
  const rows = await db
    .selectFrom("rolePermissions")
    .innerJoin("permissions", "permissions.id", "rolePermissions.permissionId")
    .select(["rolePermissions.roleId", "permissions.code"])
    .where("rolePermissions.roleId", "in", roleIds)
    .orderBy("permissions.code")
    .execute();
  const byRole = new Map<number, string[]>();
  for (const row of rows) {
    const list = byRole.get(row.roleId) ?? [];
    list.push(row.code);
    byRole.set(row.roleId, list);
  }
  return byRole;
}

async function userCounts(
  db: Kysely<Database>,
  roleIds: number[],
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("userRoles")
    .select(["roleId", (eb) => eb.fn.countAll<number>().as("users")])
    .where("roleId", "in", roleIds)
    .groupBy("roleId")
    .execute();
  return new Map(rows.map((row) => [row.roleId, Number(row.users)]));
}

/** Gives the role exactly these codes; an unknown code is 40000. */
async function setCodes(
  trx: Kysely<Database>,
  roleId: number,
  codes: string[],
  language: Language,
): Promise<void> {
  const wanted = [...new Set(codes)];
  const known = new Set(allPermissionCodes());
  if (wanted.some((code) => !known.has(code))) {
    throw validationError({
      permissions: localizeText(SYSTEM_ERRORS.unknownPermission, language),
    });
  }
  await trx
    .deleteFrom("rolePermissions")
    .where("roleId", "=", roleId)
    .execute();
  if (wanted.length === 0) return;
  const ids = await trx
    .selectFrom("permissions")
    .select("id")
    .where("code", "in", wanted)
    .execute();
  await trx
    .insertInto("rolePermissions")
    .values(ids.map((row) => ({ roleId, permissionId: row.id })))
    .execute();
}

/**
 * The built-in roles are never deleted or renamed, and `admin` always holds every code
 * (40900).
 */
function refuseBuiltInChange(
  change: WriteChange<Role>,
  codes: string[] | undefined,
  language: Language,
): void {
  const before = change.before;
  if (!before?.builtIn) return;
  if (change.action === "delete")
    throw conflictOn("id", SYSTEM_ERRORS.builtInRole, language);
  for (const field of ["code", "name", "nameEn"] as const) {
    const value = change.input?.[field];
    if (value !== undefined && value !== before[field])
      throw conflictOn(field, SYSTEM_ERRORS.builtInRole, language);
  }
  if (before.code === "admin" && change.input?.requiresTwoFactor === false)
    throw conflictOn(
      "requiresTwoFactor",
      SYSTEM_ERRORS.adminRequiresTwoFactor,
      language,
    );
  if (
    before.code === "admin" &&
    codes !== undefined &&
    new Set(codes).size !== allPermissionCodes().length
  ) {
    throw conflictOn("permissions", SYSTEM_ERRORS.adminHoldsAll, language);
  }
}

/**
 * `/tjc/system/roles`: roles and their permission codes. The seeded roles are built in:
 * never deleted or renamed, and `admin` always holds every code.
 */
export const roleRoutes: FastifyPluginAsync = async (app) => {
  defineResource(app, {
    path: "system/roles",
    table: "roles",
    module: "role",
    recordSchema: roleSchema,
    createSchema: roleInputSchema,
    updateSchema: roleInputSchema,
    sortable: ROLE_SORT_FIELDS,
    defaultSort: ["id", "ASC"],
    filters: {
      code: equals("code", z.string().max(64)),
      builtIn: {
        schema: z.boolean(),
        where: (value: boolean) =>
          sql<SqlBool>`roles.built_in = ${value ? 1 : 0}`,
      },
    },
    uniqueFields: ["code"],
    toRecord: (row: RoleRow): Role => ({
      id: row.id,
      code: row.code,
      name: row.name,
      nameEn: row.nameEn,
      remark: row.remark,
      permissions: [],
      builtIn: row.builtIn === 1,
      requiresTwoFactor: row.requiresTwoFactor === 1,
      userCount: 0,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      version: row.version,
    }),
    async enrich(records, db) {
      const ids = records.map((record) => record.id);
      const [codes, counts] = await Promise.all([
        codesOf(db, ids),
        userCounts(db, ids),
      ]);
      return records.map((record) => ({
        ...record,
        permissions: codes.get(record.id) ?? [],
        userCount: counts.get(record.id) ?? 0,
      }));
    },
    // The permissions are kept in role_permissions (afterWrite), not a column; the
    // two-factor requirement is a 0/1 column on both stores.
    toValues: columnValues(roleInputSchema, {
      skip: ["permissions"],
      stored: { requiresTwoFactor: (value) => (value ? 1 : 0) },
    }),
    async beforeWrite(change, { trx, request }) {
      const codes = change.input?.permissions as string[] | undefined;
      refuseBuiltInChange(change, codes, request.language);
      if (codes === undefined && change.action !== "delete") return;
      // An unknown code is setCodes' 40000, not a grant.
      const known = new Set(allPermissionCodes());
      await requireGrantableCodes(trx, request, {
        roleId: change.action === "create" ? undefined : change.id,
        before: change.before?.permissions ?? [],
        after: (codes ?? []).filter((code) => known.has(code)),
        field: change.action === "delete" ? "id" : "permissions",
      });
    },
    async afterWrite(change, { trx, request }) {
      const codes = change.input?.permissions as string[] | undefined;
      if (codes !== undefined)
        await setCodes(trx, change.id, codes, request.language);
      if (change.action === "delete")
        await requireAnEnabledAdmin(
          trx,
          app.store.kind,
          request.language,
          "id",
        );
    },
    afterCommit() {
      // A role's codes changed: every holder's cached codes are stale.
      app.permissions.forget();
    },
    fieldLabels: ROLE_FIELD_LABELS,
    csvColumns: [
      { key: "id" },
      { key: "code" },
      { key: "name" },
      { key: "nameEn" },
      { key: "remark" },
      { key: "userCount" },
      { key: "permissions" },
    ],
  });
};
