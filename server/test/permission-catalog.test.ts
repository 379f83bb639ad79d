import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DASHBOARD_COUNTS } from "../../common/schemas/dashboard.js";
import { allPermissionCodes } from "../services/permission-catalog.js";
import { SEED_MENU } from "../services/menu-seed.js";
import { buildTestApp, type TestApp } from "./helper.js";

/**
 * Codes a handler checks itself, beyond the one its route declares: what the caller sees
 * or may choose changes with them. Each is looked up in its file below, so the list
 * cannot outlive the check.
 */
const HANDLER_CHECKS = [
  // Believers' contact fields unmasked, contact filters, and the import.
  { code: "disciple:contact", file: "server/routes/disciples/masking.ts" },
  // An import that updates the believers it finds again.
  { code: "disciple:update", file: "server/routes/disciples/index.ts" },
  // Turning a live video into a sermon also marks the video.
  { code: "liveVideo:update", file: "server/routes/live/live-videos.ts" },
];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Every code something in the product requires, with what requires it. */
function requiredCodes(): Map<string, string[]> {
  const needs = new Map<string, string[]>();
  const add = (code: string, by: string) =>
    needs.set(code, [...(needs.get(code) ?? []), by]);
  for (const route of t.app.routeTable)
    for (const code of route.codes) add(code, `${route.method} ${route.url}`);
  for (const group of SEED_MENU)
    for (const page of group.pages) add(page.permission, `page ${page.path}`);
  for (const entry of DASHBOARD_COUNTS)
    add(entry.permission, `dashboard ${entry.key}`);
  for (const { code, file } of HANDLER_CHECKS) add(code, file);
  return needs;
}

describe("the permission catalogue (issue 25, item 19)", () => {
  test("the handler checks listed here are still in their files", () => {
    for (const { code, file } of HANDLER_CHECKS) {
      const source = fs.readFileSync(path.resolve(file), "utf8");
      expect(source, file).toContain(`"${code}"`);
      expect(source, file).toMatch(/permissions\.includes\(/);
    }
  });

  test("every code in the catalogue guards something", () => {
    const needs = requiredCodes();
    const dead = allPermissionCodes().filter((code) => !needs.has(code));
    expect(dead).toEqual([]);
  });

  test("every code something requires is in the catalogue, so a role can hold it", () => {
    const known = new Set(allPermissionCodes());
    const unknown = [...requiredCodes()].filter(([code]) => !known.has(code));
    expect(unknown).toEqual([]);
  });

  test("the permission tree lists a route for every code but those checked inside handlers", async () => {
    const token = await t.loginAs("admin");
    const response = await t.request({
      method: "GET",
      url: "/tjc/system/permissions",
      token,
    });
    expect(response.json().code).toBe(0);
    const tree = response.json().data as {
      modules: { actions: { code: string; routes: unknown[] }[] }[];
    }[];
    const withoutRoute = tree
      .flatMap((group) => group.modules.flatMap((m) => m.actions))
      .filter((action) => action.routes.length === 0)
      .map((action) => action.code);
    expect(withoutRoute).toEqual(["disciple:contact"]);
  });
});
