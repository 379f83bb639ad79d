import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { rejectsWithoutSessionAndPermission } from "../../test/system.js";
import { allPermissionCodes } from "../../services/permission-catalog.js";
import {
  moduleLabel,
  ACTION_LABELS,
  GROUP_LABELS,
} from "../../../common/permission-labels.js";
import type { PermissionTree } from "../../../common/schemas/permission.js";

let t: TestApp;
let admin: string;
let editor: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs("admin");
  editor = await t.loginAs("editor");
});
afterAll(async () => {
  await t.close();
});

describe("GET /tjc/system/permissions", () => {
  rejectsWithoutSessionAndPermission(
    () => t,
    () => editor,
    "GET",
    "/tjc/system/permissions",
  );

  test("answers every code once, as group → module → action, labelled in both languages", async () => {
    const response = await t.request({
      method: "GET",
      url: "/tjc/system/permissions",
      token: admin,
    });
    expect(response.json().code).toBe(0);
    const tree = response.json().data as PermissionTree;
    const codes = tree.flatMap((g) =>
      g.modules.flatMap((m) => m.actions.map((a) => a.code)),
    );
    expect(codes.sort()).toEqual(allPermissionCodes().sort());
    expect(tree.map((g) => g.key)).toEqual([
      "system",
      "content",
      "live",
      "moderation",
      "community",
    ]);
    for (const group of tree) {
      expect(group.label).toEqual(GROUP_LABELS[group.key]);
      for (const module of group.modules) {
        expect(module.label, module.key).toEqual(moduleLabel(module.key));
        // a name, not the code: its own, or its page's titles
        expect(module.label["zh-CN"], module.key).not.toBe(module.key);
        expect(module.label["en-US"], module.key).not.toBe(module.key);
        for (const action of module.actions) {
          expect(action.label, action.code).toEqual(
            ACTION_LABELS[action.action],
          );
          expect(action.label["zh-CN"]).not.toBe(action.label["en-US"]);
        }
      }
    }
  });

  test("each code lists the routes that need it and the roles that hold it", async () => {
    const tree = (
      await t.request({
        method: "GET",
        url: "/tjc/system/permissions",
        token: admin,
      })
    ).json().data as PermissionTree;
    const byCode = new Map(
      tree
        .flatMap((g) => g.modules.flatMap((m) => m.actions))
        .map((a) => [a.code, a]),
    );
    const tagRead = byCode.get("tag:read")!;
    expect(tagRead.routes).toContainEqual({ method: "GET", url: "/tjc/tags" });
    expect(tagRead.routes).toContainEqual({
      method: "GET",
      url: "/tjc/tags/:id",
    });
    expect(tagRead.roles.map((r) => r.code).sort()).toEqual([
      "admin",
      "editor",
    ]);
    // The batch route's code depends on its action: it is listed under both.
    expect(byCode.get("tag:delete")!.routes).toContainEqual({
      method: "POST",
      url: "/tjc/tags/batch",
    });
    expect(byCode.get("tag:update")!.routes).toContainEqual({
      method: "POST",
      url: "/tjc/tags/batch",
    });
    expect(byCode.get("permission:read")!.routes).toContainEqual({
      method: "GET",
      url: "/tjc/system/permissions",
    });
    expect(
      byCode
        .get("community:ask")!
        .roles.map((r) => r.code)
        .sort(),
    ).toEqual(["admin", "member"]);
    // Every code the server checks on some route is in the tree.
    for (const route of t.app.routeTable) {
      for (const code of route.codes)
        expect(byCode.has(code), `${route.url} needs ${code}`).toBe(true);
    }
  });
});
