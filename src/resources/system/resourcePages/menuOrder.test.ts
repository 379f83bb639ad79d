import { describe, expect, it } from "vitest";
import type { ResourcePage } from "../../../../common/schemas/resource-page";
import { menuOrder } from "./useGroups";

let nextId = 1;
function entry(
  path: string | null,
  sortOrder: number,
  parentId: number | null = null,
): ResourcePage {
  return {
    id: nextId++,
    path,
    titleZh: path ?? "group",
    titleEn: path ?? "group",
    icon: "Folder",
    parentId,
    sortOrder,
    visible: true,
    permission: null,
    builtIn: false,
    createdAt: "",
    updatedAt: "",
    version: 1,
  };
}

describe("the resource pages list's default order", () => {
  it("is each group by sort order, then its pages by sort order, then pages without a group", () => {
    const second = entry(null, 20);
    const first = entry(null, 10);
    const b2 = entry("b2", 20, second.id);
    const a1 = entry("a1", 5, first.id);
    const loose = entry("loose", 1);
    const b1 = entry("b1", 10, second.id);
    const a2 = entry("a2", 30, first.id);
    // An orphan (its group is not on the page) goes with the loose pages.
    const orphan = entry("orphan", 2, 999);
    expect(
      menuOrder([second, b2, a1, loose, b1, first, a2, orphan]).map(
        (e) => e.path ?? `group ${e.sortOrder}`,
      ),
    ).toEqual([
      "group 10",
      "a1",
      "a2",
      "group 20",
      "b1",
      "b2",
      "loose",
      "orphan",
    ]);
  });

  it("breaks equal sort orders by id", () => {
    const group = entry(null, 10);
    const later = entry("later", 0, group.id);
    const earlier = { ...entry("earlier", 0, group.id), id: later.id - 100 };
    expect(menuOrder([group, later, earlier]).map((e) => e.path)).toEqual([
      null,
      "earlier",
      "later",
    ]);
  });
});
