import { useGetList, useLocaleState } from "react-admin";
import type { ResourcePage } from "../../../../common/schemas/resource-page";

export const RESOURCE = "admin/system/resourcePageManage";

/** An entry's title in the interface's language. */
export function useEntryTitle() {
  const [locale] = useLocaleState();
  return (entry: Pick<ResourcePage, "titleZh" | "titleEn">) =>
    locale === "en-US" ? entry.titleEn : entry.titleZh;
}

/** The menu's groups (entries without a path), in their order. */
export function useGroups() {
  return useGetList<ResourcePage>(RESOURCE, {
    filter: { group: true },
    sort: { field: "sortOrder", order: "ASC" },
    pagination: { page: 1, perPage: 100 },
  });
}

/**
 * The menu's own order: each group, then its pages by sort order, then pages outside any
 * group. The registry is small (one page of 100 holds it), so the list asks the server
 * for one page and arranges it here.
 */
export function menuOrder(entries: ResourcePage[]): ResourcePage[] {
  const bySort = (a: ResourcePage, b: ResourcePage) =>
    a.sortOrder - b.sortOrder || a.id - b.id;
  const groups = entries.filter((e) => e.path === null).sort(bySort);
  const groupIds = new Set(groups.map((g) => g.id));
  const ordered: ResourcePage[] = [];
  for (const group of groups) {
    ordered.push(group);
    ordered.push(
      ...entries
        .filter((e) => e.path !== null && e.parentId === group.id)
        .sort(bySort),
    );
  }
  ordered.push(
    ...entries
      .filter(
        (e) =>
          e.path !== null && (e.parentId === null || !groupIds.has(e.parentId)),
      )
      .sort(bySort),
  );
  return ordered;
}
