import type { ComponentType } from "react";
import {
  ADMIN_PAGE_TABLE,
  MENU_GROUP_TABLE,
  type MenuGroup,
} from "../../common/admin-pages";
import { menuIcon } from "./menuIcons";

export type { MenuGroup };

export const MENU_GROUPS: readonly MenuGroup[] = MENU_GROUP_TABLE.map(
  (group) => group.key,
);

export interface AdminPage {
  /** The spec's child path under /admin; also the key of its name (app.page_names.<path>). */
  path: string;
  group: MenuGroup;
  icon: ComponentType;
  /**
   * The code needed to open it (and to see its tile and menu entry): the same code the
   * server's menu seed gives the page, both read from common/admin-pages.ts.
   */
  permission: string;
}

/** Every admin page of spec section 2, in menu order (the page table's rows). */
export const ADMIN_PAGES: readonly AdminPage[] = ADMIN_PAGE_TABLE.map(
  (page) => ({
    path: page.path,
    group: page.group,
    icon: menuIcon(page.icon),
    permission: page.permission,
  }),
);

export function pageNameKey(path: string): string {
  return `app.page_names.${path}`;
}

export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/** The code that opens an admin page (its path under /admin), if the page is known. */
export function pagePermission(path: string): string | undefined {
  return ADMIN_PAGES.find((page) => page.path === path)?.permission;
}

/**
 * Whether a user's codes open any part of the back office: the community's codes
 * (`community:*`) are for the public site only.
 */
export function holdsBackOfficeCode(permissions: readonly string[]): boolean {
  return permissions.some((code) => !code.startsWith("community:"));
}
