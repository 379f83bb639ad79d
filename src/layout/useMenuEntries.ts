import type { ComponentType } from "react";
import type { SvgIconProps } from "@mui/material/SvgIcon";
import { useQuery } from "@tanstack/react-query";
import { useLocaleState } from "react-admin";
import type { MenuEntry } from "../../common/schemas/resource-page";
import { systemClient } from "../http";
import { menuIcon } from "./menuIcons";

export interface MenuPage {
  path: string;
  label: string;
  icon: ComponentType<SvgIconProps>;
}
export interface MenuGroupEntry {
  key: string;
  label: string;
  icon: ComponentType<SvgIconProps>;
  pages: MenuPage[];
}

/**
 * The signed-in user's menu, drawn from the menu registry (`GET /tjc/system/menu`): only
 * visible pages whose code they hold, in the administrator's order and groups, titled in
 * the interface's language. Read once per load (a change shows at the next load).
 */
export function useMenuEntries(): MenuGroupEntry[] {
  const [locale] = useLocaleState();
  const { data } = useQuery({
    queryKey: ["tjc", "system/menu"],
    queryFn: async () =>
      (await systemClient.get<MenuEntry[]>("system/menu")).data,
    staleTime: Infinity,
  });
  const title = (entry: MenuEntry) =>
    locale === "en-US" ? entry.titleEn : entry.titleZh;
  return (data ?? []).map((entry) => ({
    key: String(entry.id),
    label: title(entry),
    icon: menuIcon(entry.icon),
    // A page outside any group shows as a group of its own.
    pages: (entry.path === null ? entry.children : [entry])
      .filter((page) => page.path !== null)
      .map((page) => ({
        path: page.path!,
        label: title(page),
        icon: menuIcon(page.icon),
      })),
  }));
}
