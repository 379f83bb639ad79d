import { describe, expect, it } from "vitest";
import type { PermissionTree } from "../../../../common/schemas/permission";
import { filterTree } from "./PermissionTreePage";

const label = (zh: string, en: string) => ({ "zh-CN": zh, "en-US": en });
const tree: PermissionTree = [
  {
    key: "content",
    label: label("内容管理", "Content"),
    modules: [
      {
        key: "tag",
        label: label("标签", "Tags"),
        actions: [
          {
            code: "tag:read",
            action: "read",
            label: label("查看", "View"),
            routes: [{ method: "GET", url: "/tjc/tags" }],
            roles: [{ id: 2, code: "editor", name: "编辑", nameEn: "Editor" }],
          },
          {
            code: "tag:delete",
            action: "delete",
            label: label("删除", "Delete"),
            routes: [{ method: "DELETE", url: "/tjc/tags/:id" }],
            roles: [],
          },
        ],
      },
    ],
  },
];

const codes = (t: PermissionTree) =>
  t.flatMap((g) => g.modules.flatMap((m) => m.actions.map((a) => a.code)));

describe("the permission tree's search", () => {
  it("keeps everything when empty or blank", () => {
    expect(filterTree(tree, "")).toBe(tree);
    expect(filterTree(tree, "   ")).toBe(tree);
  });

  it("finds a code by its code, either language's label, a route or a role, ignoring case", () => {
    expect(codes(filterTree(tree, "TAG:DELETE"))).toEqual(["tag:delete"]);
    expect(codes(filterTree(tree, "查看"))).toEqual(["tag:read"]);
    expect(codes(filterTree(tree, "delete"))).toEqual(["tag:delete"]);
    expect(codes(filterTree(tree, "DELETE /tjc/tags/:id"))).toEqual([
      "tag:delete",
    ]);
    expect(codes(filterTree(tree, "editor"))).toEqual(["tag:read"]);
    // A module's or group's name finds all its codes.
    expect(codes(filterTree(tree, "标签"))).toEqual(["tag:read", "tag:delete"]);
  });

  it("drops modules and groups left empty", () => {
    expect(filterTree(tree, "nothing-matches")).toEqual([]);
  });
});
