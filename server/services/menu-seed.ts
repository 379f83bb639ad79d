import type { Store } from "../db/store.js";
import { nowIso } from "../db/dialect.js";
import {
  ADMIN_PAGE_TABLE,
  MENU_GROUP_TABLE,
} from "../../common/admin-pages.js";

interface SeedPage {
  path: string;
  titleZh: string;
  titleEn: string;
  icon: string;
  permission: string;
}
interface SeedGroup {
  key: string;
  titleZh: string;
  titleEn: string;
  icon: string;
  pages: SeedPage[];
}

/**
 * Every admin page of the spec (section 2) and of issue 10, in menu order, with the code
 * that shows it: the one page table in common/admin-pages.ts, grouped. Paths are relative
 * to /admin, as the admin's routes are.
 */
export const SEED_MENU: SeedGroup[] = MENU_GROUP_TABLE.map((group) => ({
  key: group.key,
  titleZh: group.titleZh,
  titleEn: group.titleEn,
  icon: group.icon,
  pages: ADMIN_PAGE_TABLE.filter((page) => page.group === group.key).map(
    ({ path, titleZh, titleEn, icon, permission }) => ({
      path,
      titleZh,
      titleEn,
      icon,
      permission,
    }),
  ),
}));

/** Gaps between seeded sort orders, so an administrator can slot pages in between. */
const SORT_STEP = 10;

/**
 * Adds the seeded groups and pages that are missing. Rows that exist are never touched, so
 * what an administrator changed (titles, order, visibility, parent) survives upgrades; a
 * seeded row cannot be deleted (only hidden), so it is never added back against their will.
 */
export async function seedMenu(store: Store): Promise<void> {
  const now = nowIso();
  await store.transaction(async (trx) => {
    const existing = new Map(
      (
        await trx
          .selectFrom("resourcePages")
          .select(["id", "seedKey"])
          .where("seedKey", "is not", null)
          .execute()
      ).map((row) => [row.seedKey!, row.id]),
    );
    const base = {
      visible: 1,
      builtIn: 1,
      createdAt: now,
      updatedAt: now,
    };
    for (const [groupIndex, group] of SEED_MENU.entries()) {
      const groupKey = `group:${group.key}`;
      let groupId = existing.get(groupKey);
      if (groupId === undefined) {
        groupId = (
          await trx
            .insertInto("resourcePages")
            .values({
              ...base,
              seedKey: groupKey,
              path: null,
              titleZh: group.titleZh,
              titleEn: group.titleEn,
              icon: group.icon,
              parentId: null,
              sortOrder: (groupIndex + 1) * SORT_STEP,
              permission: null,
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
      }
      const missing = group.pages
        .map((page, index) => ({ page, index }))
        .filter(({ page }) => !existing.has(`page:${page.path}`));
      if (missing.length === 0) continue;
      await trx
        .insertInto("resourcePages")
        .values(
          missing.map(({ page, index }) => ({
            ...base,
            seedKey: `page:${page.path}`,
            path: page.path,
            titleZh: page.titleZh,
            titleEn: page.titleEn,
            icon: page.icon,
            parentId: groupId,
            sortOrder: (index + 1) * SORT_STEP,
            permission: page.permission,
          })),
        )
        .execute();
    }
  });
}
