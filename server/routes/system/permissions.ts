import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ACTION_LABELS,
  GROUP_LABELS,
  codeLabel,
  moduleLabel,
} from "../../../common/permission-labels.js";
import {
  permissionTreeSchema,
  type PermissionTree,
} from "../../../common/schemas/permission.js";
import { ok } from "../../http/envelope.js";
import { envelope } from "../../resources/resource-definition.js";
import { catalogTree } from "../../services/permission-catalog.js";

/**
 * `GET /tjc/system/permissions`: every code the server knows as a tree, with both
 * languages' labels, the routes that need each code (from the server's own route table)
 * and the roles that hold it.
 */
export const permissionRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/system/permissions",
    {
      config: { permission: "permission:read" },
      schema: {
        tags: ["system/permissions"],
        summary:
          "The permission tree: groups, modules and codes, with the routes that need each and the roles that hold it",
        response: { 200: envelope(permissionTreeSchema) },
      },
    },
    async () => {
      const holders = await app.store.db
        .selectFrom("rolePermissions")
        .innerJoin("roles", "roles.id", "rolePermissions.roleId")
        .innerJoin(
          "permissions",
          "permissions.id",
          "rolePermissions.permissionId",
        )
        .select([
          "permissions.code",
          "roles.id",
          "roles.code as roleCode",
          "roles.name",
          "roles.nameEn",
        ])
        .orderBy("roles.id")
        .execute();
      const rolesOf = new Map<
        string,
        PermissionTree[0]["modules"][0]["actions"][0]["roles"]
      >();
      for (const row of holders) {
        const list = rolesOf.get(row.code) ?? [];
        list.push({
          id: row.id,
          code: row.roleCode,
          name: row.name,
          nameEn: row.nameEn,
        });
        rolesOf.set(row.code, list);
      }
      const tree: PermissionTree = catalogTree().map(({ group, modules }) => ({
        key: group,
        label: GROUP_LABELS[group] ?? codeLabel(group),
        modules: modules.map(({ module, codes }) => ({
          key: module,
          label: moduleLabel(module),
          actions: codes.map((code) => {
            const action = code.split(":")[1]!;
            return {
              code,
              action,
              label: ACTION_LABELS[action] ?? codeLabel(action),
              routes: app.routeTable
                .filter((route) => route.codes.includes(code))
                .map(({ method, url }) => ({ method, url })),
              roles: rolesOf.get(code) ?? [],
            };
          }),
        })),
      }));
      return ok(tree);
    },
  );
};
