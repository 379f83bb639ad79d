import { describe, expect, it } from "vitest";
import { ADMIN_PAGE_TABLE } from "../../common/admin-pages";
import { RESOURCES } from "./index";
import { permissionFor, writableFieldsFor } from "./registry";

describe("the resource manifests", () => {
  it("name each resource once", () => {
    const names = RESOURCES.map((manifest) => manifest.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("open each menu page with a code of the manifest's own module", () => {
    const wrong = RESOURCES.filter(
      (manifest) =>
        manifest.menu &&
        !manifest.menu.permission.startsWith(`${manifest.permissionModule}:`),
    ).map((manifest) => manifest.name);
    expect(wrong).toEqual([]);
  });

  it("give every page of the table outside the Q&A group a screen or page", () => {
    const served = new Set(
      RESOURCES.flatMap((manifest) => [
        ...(manifest.list && manifest.menu ? [manifest.menu.path] : []),
        ...(manifest.pages ?? []).map((page) => page.path),
      ]),
    );
    const missing = ADMIN_PAGE_TABLE.filter(
      (page) => page.group !== "qa" && !served.has(page.path),
    ).map((page) => page.path);
    expect(missing).toEqual([]);
  });

  it("send the input schema's keys, less the fields moved by buttons", async () => {
    expect(await writableFieldsFor("admin/tagManage")).toEqual([
      "name",
      "nameEn",
      "sortOrder",
    ]);
    const liveVideo = await writableFieldsFor("admin/liveVideoManage");
    expect(liveVideo).toContain("title");
    expect(liveVideo).not.toContain("status");
    expect(await writableFieldsFor("admin/system/userManage")).toContain(
      "password",
    );
    expect(await writableFieldsFor("admin/system/auditLog")).toEqual([]);
  });

  it("map actions onto the module's codes", () => {
    expect(permissionFor("admin/mySermonManage", "edit")).toBe("sermon:update");
    expect(permissionFor("admin/system/jobManage", "run")).toBe("job:run");
    expect(permissionFor("admin/unknown", "list")).toBeNull();
  });
});
