import type { FastifyPluginAsync } from "fastify";
import { RESOURCE_PAGE_FIELD_LABELS } from "../../../common/schemas/system-labels.js";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql, type Selectable, type SqlBool } from "kysely";
import { z } from "zod";
import { SYSTEM_ERRORS } from "../../../common/system-messages.js";
import {
  RESOURCE_PAGE_SORT_FIELDS,
  menuEntrySchema,
  resourcePageInputSchema,
  resourcePageSchema,
  type MenuEntry,
  type ResourcePage,
} from "../../../common/schemas/resource-page.js";
import type { ResourcePagesTable } from "../../db/schema.js";
import { ok } from "../../http/envelope.js";
import { validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import { defineResource } from "../../resources/define-resource.js";
import { equals } from "../../resources/filters.js";
import { envelope } from "../../resources/resource-definition.js";
import { allPermissionCodes } from "../../services/permission-catalog.js";
import { conflictOn } from "../../services/user-admin.js";
import { asFlag, columnValues } from "../../resources/column-values.js";
import { choiceLabels } from "../../../common/choice-labels.js";

type PageRow = Selectable<ResourcePagesTable>;

/**
 * `/tjc/system/resource-pages`, the menu registry, and `GET /tjc/system/menu`, the
 * current user's menu drawn from it.
 */
export const resourcePageRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const knownCodes = new Set(allPermissionCodes());

  defineResource(app, {
    path: "system/resource-pages",
    table: "resourcePages",
    module: "resourcePage",
    recordSchema: resourcePageSchema,
    createSchema: resourcePageInputSchema,
    updateSchema: resourcePageInputSchema,
    sortable: RESOURCE_PAGE_SORT_FIELDS,
    defaultSort: ["sortOrder", "ASC"],
    filters: {
      parentId: equals("parent_id", z.number().int().positive()),
      visible: {
        schema: z.boolean(),
        where: (value: boolean) =>
          sql<SqlBool>`resource_pages.visible = ${value ? 1 : 0}`,
      },
      group: {
        schema: z.boolean(),
        where: (value: boolean) =>
          value
            ? sql<SqlBool>`resource_pages.path is null`
            : sql<SqlBool>`resource_pages.path is not null`,
      },
    },
    toRecord: (row: PageRow): ResourcePage => ({
      id: row.id,
      path: row.path,
      titleZh: row.titleZh,
      titleEn: row.titleEn,
      icon: row.icon,
      parentId: row.parentId,
      sortOrder: row.sortOrder,
      visible: row.visible === 1,
      permission: row.permission,
      builtIn: row.builtIn === 1,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      version: row.version,
    }),
    toValues: columnValues(resourcePageInputSchema, {
      stored: { visible: asFlag },
    }),
    async beforeWrite(change, { trx, request }) {
      const language = request.language;
      if (change.action === "delete") {
        if (change.before?.builtIn)
          throw conflictOn("id", SYSTEM_ERRORS.builtInPage, language);
        return;
      }
      const input = change.input ?? {};
      const permission = input.permission;
      if (typeof permission === "string" && !knownCodes.has(permission)) {
        throw validationError({
          permission: localizeText(SYSTEM_ERRORS.unknownPermission, language),
        });
      }
      // The parent must be a group (an entry without a path); only pages go in groups.
      const parentId = (
        input.parentId !== undefined ? input.parentId : change.before?.parentId
      ) as number | null | undefined;
      if (parentId === null || parentId === undefined) return;
      const path = input.path !== undefined ? input.path : change.before?.path;
      const parent = await trx
        .selectFrom("resourcePages")
        .select(["path"])
        .where("id", "=", parentId)
        .executeTakeFirst();
      if (
        !parent ||
        parent.path !== null ||
        path === null ||
        parentId === change.id
      ) {
        throw validationError({
          parentId: localizeText(SYSTEM_ERRORS.parentNotGroup, language),
        });
      }
    },
    fieldLabels: RESOURCE_PAGE_FIELD_LABELS,
    csvColumns: [
      { key: "id" },
      { key: "path" },
      { key: "titleZh" },
      { key: "titleEn" },
      { key: "icon" },
      { key: "parentId" },
      { key: "sortOrder" },
      { key: "visible", values: choiceLabels("yesNo") },
      { key: "permission" },
    ],
  });

  app.get(
    "/system/menu",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["system/resource-pages"],
        summary:
          "The current user's menu: visible entries whose code they hold, in order, in groups",
        response: { 200: envelope(z.array(menuEntrySchema)) },
      },
    },
    async (request) => {
      const held = new Set(request.session!.permissions);
      const rows = await app.store.db
        .selectFrom("resourcePages")
        .selectAll()
        .where("visible", "=", 1)
        .orderBy("sortOrder")
        .orderBy("id")
        .execute();
      return ok(menuOf(rows, held));
    },
  );
};

/**
 * The menu drawn from the registry's visible rows (in sort order) for a holder of `held`:
 * pages the user may open, under their groups; a group shows when it has one.
 */
function menuOf(rows: PageRow[], held: Set<string>): MenuEntry[] {
  const entry = (row: PageRow): MenuEntry => ({
    id: row.id,
    path: row.path,
    titleZh: row.titleZh,
    titleEn: row.titleEn,
    icon: row.icon,
    children: [],
  });
  const mayOpen = (row: PageRow) =>
    row.permission === null || held.has(row.permission);
  const groups = new Map<number, MenuEntry>();
  for (const row of rows) {
    if (row.path === null && row.parentId === null)
      groups.set(row.id, entry(row));
  }
  const menu: MenuEntry[] = [];
  const placed = new Set<number>();
  for (const row of rows) {
    if (row.path === null || !mayOpen(row)) continue;
    const group = row.parentId === null ? undefined : groups.get(row.parentId);
    if (group) {
      group.children.push(entry(row));
      if (!placed.has(group.id)) {
        placed.add(group.id);
        menu.push(group);
      }
    } else if (row.parentId === null) {
      menu.push(entry(row));
    }
    // A page under a hidden group is hidden with it.
  }
  // Top-level entries in their own order (a group's place is its sort order).
  const order = new Map(rows.map((row, index) => [row.id, index]));
  menu.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return menu;
}
