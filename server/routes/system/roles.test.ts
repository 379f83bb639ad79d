import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../../common/codes.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import {
  codesNow,
  listQuery,
  rejectsWithoutSessionAndPermission,
  userHolding,
} from "../../test/system.js";
import { allPermissionCodes } from "../../services/permission-catalog.js";

let t: TestApp;
let admin: string;
let editor: string;
let builtIn: Record<
  string,
  {
    id: number;
    version: number;
    permissions: string[];
    name: string;
    nameEn: string;
    code: string;
  }
>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs("admin");
  editor = await t.loginAs("editor");
});
afterAll(async () => {
  await t.close();
});

function call(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
  token = admin,
  language?: string,
) {
  return t.request({ method, url, payload, token, language });
}

async function roles() {
  const response = await call(
    "GET",
    `/tjc/system/roles?${listQuery({ filter: { builtIn: true } })}`,
  );
  expect(response.json().code, response.body).toBe(0);
  builtIn = Object.fromEntries(
    response.json().data.list.map((r: { code: string }) => [r.code, r]),
  );
  return builtIn;
}

describe("GET /tjc/system/roles", () => {
  rejectsWithoutSessionAndPermission(
    () => t,
    () => editor,
    "GET",
    "/tjc/system/roles",
  );

  test("lists the built-in roles with their codes and holder counts", async () => {
    const list = await roles();
    expect(Object.keys(list).sort()).toEqual([
      "admin",
      "editor",
      "member",
      "moderator",
    ]);
    expect(list.admin!.permissions.sort()).toEqual(allPermissionCodes().sort());
    expect(list.member!.permissions.sort()).toEqual([
      "community:answer",
      "community:ask",
      "community:report",
      "community:vote",
    ]);
    expect(
      (list.editor as unknown as { userCount: number }).userCount,
    ).toBeGreaterThanOrEqual(1);
    expect((list.admin as unknown as { builtIn: boolean }).builtIn).toBe(true);
  });
});

describe("writes to /tjc/system/roles", () => {
  rejectsWithoutSessionAndPermission(
    () => t,
    () => editor,
    "POST",
    "/tjc/system/roles",
    {
      code: "x",
      name: "x",
      nameEn: "x",
    },
  );

  test("creates a role with codes; holders get them; editing the codes applies at once", async () => {
    const created = await call("POST", "/tjc/system/roles", {
      code: "auditor",
      name: "审计员",
      nameEn: "Auditor",
      remark: "reads the logs",
      permissions: ["auditLog:read", "auditLog:export"],
    });
    expect(created.json().code, created.body).toBe(0);
    const role = created.json().data;
    expect(role.permissions).toEqual(["auditLog:export", "auditLog:read"]);
    expect(role.builtIn).toBe(false);
    const userToken = await t.loginAs("none");
    const userId = (
      await call("GET", "/tjc/auth/me", undefined, userToken)
    ).json().data.user.userId;
    await t.app.store.db
      .insertInto("userRoles")
      .values({ userId, roleId: role.id })
      .execute();
    t.app.permissions.forget(userId);
    expect(
      (await call("GET", "/tjc/system/audit-logs", undefined, userToken)).json()
        .code,
    ).toBe(0);
    const updated = await call("PUT", `/tjc/system/roles/${role.id}`, {
      code: "auditor",
      name: "审计员",
      nameEn: "Auditor",
      permissions: ["tag:read"],
      version: role.version,
    });
    expect(updated.json().code, updated.body).toBe(0);
    expect(
      (await call("GET", "/tjc/system/audit-logs", undefined, userToken)).json()
        .code,
    ).toBe(Code.FORBIDDEN);
    expect(
      (await call("GET", "/tjc/tags", undefined, userToken)).json().code,
    ).toBe(0);
    const audit = await call(
      "GET",
      `/tjc/system/audit-logs?${listQuery({ filter: { resource: "system/roles", recordId: role.id, action: "update" } })}`,
    );
    expect(audit.json().data.list[0].changes.permissions).toEqual([
      ["auditLog:export", "auditLog:read"],
      ["tag:read"],
    ]);
    expect(
      (await call("DELETE", `/tjc/system/roles/${role.id}`)).json().code,
    ).toBe(0);
    expect(
      (await call("GET", "/tjc/tags", undefined, userToken)).json().code,
    ).toBe(Code.FORBIDDEN);
  });

  test("an unknown code or a bad role code is 40000; a taken code 40900", async () => {
    const unknown = await call(
      "POST",
      "/tjc/system/roles",
      { code: "r1", name: "r", nameEn: "r", permissions: ["tag:fly"] },
      admin,
      "en-US",
    );
    expect(unknown.json().code).toBe(Code.VALIDATION);
    expect(unknown.json().data.errors.permissions).toBe(
      "No such permission code",
    );
    for (const code of ["Upper", "1abc", "has space", ""]) {
      const response = await call("POST", "/tjc/system/roles", {
        code,
        name: "r",
        nameEn: "r",
      });
      expect(response.json().code, code).toBe(Code.VALIDATION);
    }
    const taken = await call("POST", "/tjc/system/roles", {
      code: "editor",
      name: "r",
      nameEn: "r",
    });
    expect(taken.json().code).toBe(Code.CONFLICT);
    expect(taken.json().data.errors.code).toBeTruthy();
  });

  test("built-in roles are never deleted or renamed, and admin keeps every code (40900)", async () => {
    const list = await roles();
    const deleted = await call(
      "DELETE",
      `/tjc/system/roles/${list.editor!.id}`,
      undefined,
      admin,
      "en-US",
    );
    expect(deleted.json().code).toBe(Code.CONFLICT);
    expect(deleted.json().data.errors.id).toContain("built-in role");
    const batch = await call("POST", "/tjc/system/roles/batch", {
      action: "delete",
      ids: [list.member!.id],
    });
    expect(batch.json().code).toBe(Code.CONFLICT);
    const renamed = await call("PUT", `/tjc/system/roles/${list.editor!.id}`, {
      code: "editor",
      name: "改名",
      nameEn: list.editor!.nameEn,
      version: list.editor!.version,
    });
    expect(renamed.json().code).toBe(Code.CONFLICT);
    expect(renamed.json().data.errors.name).toBeTruthy();
    const stripped = await call("PUT", `/tjc/system/roles/${list.admin!.id}`, {
      code: "admin",
      name: list.admin!.name,
      nameEn: list.admin!.nameEn,
      permissions: ["tag:read"],
      version: list.admin!.version,
    });
    expect(stripped.json().code).toBe(Code.CONFLICT);
    expect(stripped.json().data.errors.permissions).toBeTruthy();
    // A built-in role's codes and remark may change.
    const editorCodes = await call(
      "PUT",
      `/tjc/system/roles/${list.editor!.id}`,
      {
        code: "editor",
        name: list.editor!.name,
        nameEn: list.editor!.nameEn,
        remark: "content team",
        permissions: [...list.editor!.permissions, "auditLog:read"],
        version: list.editor!.version,
      },
    );
    expect(editorCodes.json().code, editorCodes.body).toBe(0);
    expect(editorCodes.json().data.permissions).toContain("auditLog:read");
    expect(
      (await call("GET", "/tjc/system/audit-logs", undefined, editor)).json()
        .code,
    ).toBe(0);
  });
});

describe("nobody grants a code they do not hold (issue 25 item 1)", () => {
  rejectsWithoutSessionAndPermission(
    () => t,
    () => editor,
    "PUT",
    "/tjc/system/roles/1",
    { code: "x", name: "x", nameEn: "x", version: 1 },
  );

  async function role(id: number) {
    const response = await call("GET", `/tjc/system/roles/${id}`);
    expect(response.json().code, response.body).toBe(0);
    return response.json().data as {
      code: string;
      name: string;
      nameEn: string;
      version: number;
      permissions: string[];
    };
  }
  function put(id: number, record: object, token: string, language?: string) {
    return call("PUT", `/tjc/system/roles/${id}`, record, token, language);
  }

  test("role:update cannot add codes to its own role, nor drop them", async () => {
    const self = await userHolding(t, ["role:read", "role:update"]);
    const before = await role(self.roleId);
    for (const codes of [["user:update"], ["role:create"]]) {
      const response = await put(
        self.roleId,
        { ...before, permissions: [...before.permissions, ...codes] },
        self.token,
        "en-US",
      );
      expect(response.json().code, response.body).toBe(Code.FORBIDDEN);
      expect(response.json().data.errors.permissions).toBe(
        "You cannot change the permissions of a role you hold",
      );
    }
    const dropped = await put(
      self.roleId,
      { ...before, permissions: ["role:update"] },
      self.token,
    );
    expect(dropped.json().code).toBe(Code.FORBIDDEN);
    expect((await role(self.roleId)).permissions).toEqual(before.permissions);
    expect((await codesNow(t, self.userId)).sort()).toEqual([
      "role:read",
      "role:update",
    ]);
    // Its remark (not its codes) may still change.
    const remark = await put(
      self.roleId,
      { ...before, remark: "mine" },
      self.token,
    );
    expect(remark.json().code, remark.body).toBe(0);
  });

  test("role:update gives another role only codes it holds", async () => {
    const manager = await userHolding(t, ["role:read", "role:update"]);
    const holder = await userHolding(t, ["tag:read"]);
    const before = await role(holder.roleId);
    const response = await put(
      holder.roleId,
      { ...before, permissions: ["tag:read", "user:create"] },
      manager.token,
      "zh-CN",
    );
    expect(response.json().code, response.body).toBe(Code.FORBIDDEN);
    expect(response.json().data.errors.permissions).toBe(
      "不能授予或收回自己没有的权限",
    );
    // Nor takes away a code it lacks.
    const taken = await put(
      holder.roleId,
      { ...before, permissions: [] },
      manager.token,
    );
    expect(taken.json().code).toBe(Code.FORBIDDEN);
    expect(await codesNow(t, holder.userId)).toEqual(["tag:read"]);
    const allowed = await put(
      holder.roleId,
      { ...before, permissions: ["tag:read", "role:read"] },
      manager.token,
    );
    expect(allowed.json().code, allowed.body).toBe(0);
    expect((await codesNow(t, holder.userId)).sort()).toEqual([
      "role:read",
      "tag:read",
    ]);
  });

  test("role:create cannot create a role with codes it lacks", async () => {
    const creator = await userHolding(t, ["role:create", "role:read"]);
    const response = await call(
      "POST",
      "/tjc/system/roles",
      {
        code: "escalated",
        name: "提权",
        nameEn: "Escalated",
        permissions: ["role:read", "user:update"],
      },
      creator.token,
    );
    expect(response.json().code, response.body).toBe(Code.FORBIDDEN);
    const found = await call(
      "GET",
      `/tjc/system/roles?${listQuery({ filter: { code: "escalated" } })}`,
    );
    expect(found.json().data.list).toEqual([]);
    const within = await call(
      "POST",
      "/tjc/system/roles",
      {
        code: "within",
        name: "只读",
        nameEn: "Within",
        permissions: ["role:read"],
      },
      creator.token,
    );
    expect(within.json().code, within.body).toBe(0);
  });

  test("an administrator still creates and edits roles with any codes", async () => {
    const created = await call("POST", "/tjc/system/roles", {
      code: "auditor",
      name: "审计",
      nameEn: "Auditor",
      permissions: ["auditLog:read", "user:update"],
    });
    expect(created.json().code, created.body).toBe(0);
    const record = created.json().data;
    const edited = await put(
      record.id,
      { ...record, permissions: ["auditLog:read", "role:update"] },
      admin,
    );
    expect(edited.json().code, edited.body).toBe(0);
    expect(edited.json().data.permissions).toEqual([
      "auditLog:read",
      "role:update",
    ]);
  });
});

describe("seeding at every start", () => {
  test("keeps a code an administrator took from a built-in role, and admin keeps every code", async () => {
    const { seedDatabase } = await import("../../services/seed.js");
    const list = await roles();
    const fewer = list.moderator!.permissions.filter(
      (code) => code !== "askMute:delete",
    );
    const saved = await call("PUT", `/tjc/system/roles/${list.moderator!.id}`, {
      code: "moderator",
      name: list.moderator!.name,
      nameEn: list.moderator!.nameEn,
      permissions: fewer,
      version: list.moderator!.version,
    });
    expect(saved.json().code, saved.body).toBe(0);
    await seedDatabase(t.app.store, { announce: () => {} });
    const after = await roles();
    expect(after.moderator!.permissions).not.toContain("askMute:delete");
    expect(after.admin!.permissions.sort()).toEqual(
      allPermissionCodes().sort(),
    );
  });
});
