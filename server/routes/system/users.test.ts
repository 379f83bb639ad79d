import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../../common/codes.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import {
  listQuery,
  rejectsWithoutSessionAndPermission,
  roleHolding,
  userHolding,
} from "../../test/system.js";
import { allPermissionCodes } from "../../services/permission-catalog.js";

let t: TestApp;
let admin: string;
let editor: string;
let roleIds: Record<string, number>;
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs("admin");
  editor = await t.loginAs("editor");
  const roles = await t.app.store.db
    .selectFrom("roles")
    .select(["id", "code"])
    .execute();
  roleIds = Object.fromEntries(roles.map((r) => [r.code, r.id]));
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

async function createUser(fields: Record<string, unknown> = {}) {
  counter += 1;
  const response = await call("POST", "/tjc/system/users", {
    loginName: `user${counter}`,
    userName: `User ${counter}`,
    password: "a-good-passphrase",
    roleIds: [roleIds.editor],
    ...fields,
  });
  expect(response.json().code, response.body).toBe(0);
  return response.json().data as {
    id: number;
    loginName: string;
    version: number;
    roleIds: number[];
    status: string;
  };
}

async function login(loginName: string, password = "a-good-passphrase") {
  counter += 1;
  return t.request({
    method: "POST",
    url: "/tjc/auth/login",
    payload: { loginName, password },
    remoteAddress: `10.9.${counter % 250}.${(counter * 3) % 250}`,
  });
}
async function tokenOf(loginName: string, password?: string) {
  const response = await login(loginName, password);
  expect(response.json().code, response.body).toBe(0);
  return response.json().data.token as string;
}
async function me(token: string) {
  return (await t.request({ method: "GET", url: "/tjc/auth/me", token })).json()
    .code as number;
}

describe("GET /tjc/system/users", () => {
  rejectsWithoutSessionAndPermission(
    () => t,
    () => editor,
    "GET",
    "/tjc/system/users",
  );

  test("filters by keyword (login name, name, email, phone), status and role; never shows a password", async () => {
    const a = await createUser({
      email: "findme@example.org",
      phone: "+86 138 0000 1111",
    });
    const b = await createUser({
      status: "disabled",
      roleIds: [roleIds.moderator],
    });
    const list = async (filter: object) => {
      const response = await call(
        "GET",
        `/tjc/system/users?${listQuery({ filter })}`,
      );
      expect(response.json().code, response.body).toBe(0);
      expect(response.body).not.toMatch(/password|scrypt/i);
      return (response.json().data.list as { id: number }[]).map((u) => u.id);
    };
    expect(await list({ q: "findme" })).toEqual([a.id]);
    expect(await list({ q: "0000 1111" })).toEqual([a.id]);
    expect(await list({ q: b.loginName })).toEqual([b.id]);
    expect(await list({ status: "disabled" })).toEqual([b.id]);
    expect(await list({ roleId: roleIds.moderator })).toEqual([b.id]);
    expect(
      await list({ roleId: roleIds.moderator, status: "enabled" }),
    ).toEqual([]);
    const bad = await call(
      "GET",
      `/tjc/system/users?${listQuery({ filter: { status: "active" } })}`,
    );
    expect(bad.json().code).toBe(Code.VALIDATION);
  });

  test("exports CSV without secrets", async () => {
    await createUser();
    const response = await call("GET", "/tjc/system/users/export");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("登录名");
    expect(response.body).not.toMatch(/password|scrypt/i);
  });
});

describe("POST /tjc/system/users", () => {
  rejectsWithoutSessionAndPermission(
    () => t,
    () => editor,
    "POST",
    "/tjc/system/users",
    {
      loginName: "x-user",
      userName: "x",
      password: "a-good-passphrase",
    },
  );

  test("creates a user with roles, who can then log in; the answer and the audit row hold no password", async () => {
    const user = await createUser({ email: "new@example.org" });
    expect(user.roleIds).toEqual([roleIds.editor]);
    expect(user.status).toBe("enabled");
    expect(JSON.stringify(user)).not.toMatch(/password/i);
    const token = await tokenOf(user.loginName);
    expect(await me(token)).toBe(0);
    const audit = await call(
      "GET",
      `/tjc/system/audit-logs?${listQuery({ filter: { resource: "system/users", recordId: user.id } })}`,
    );
    const row = audit.json().data.list[0];
    expect(row.action).toBe("create");
    expect(row.changes.roleIds).toEqual([null, [roleIds.editor]]);
    expect(JSON.stringify(row)).not.toMatch(/password|scrypt/i);
  });

  test("applies the password policy, in both languages", async () => {
    for (const [password, zh, en] of [
      ["short", "至少 8", "at least 8"],
      ["Carol.Li", "登录名", "login name"],
      ["password123", "常见", "common"],
    ] as const) {
      for (const [language, text] of [
        ["zh-CN", zh],
        ["en-US", en],
      ] as const) {
        const response = await call(
          "POST",
          "/tjc/system/users",
          { loginName: "carol.li", userName: "Carol", password },
          admin,
          language,
        );
        expect(response.json().code, password).toBe(Code.VALIDATION);
        expect(response.json().data.errors.password).toContain(text);
      }
    }
  });

  test("bad fields are 40000, a taken login name 40900, an unknown role 40000", async () => {
    for (const payload of [
      { loginName: "ab", userName: "x", password: "a-good-passphrase" },
      { loginName: "has space", userName: "x", password: "a-good-passphrase" },
      { loginName: "okname", userName: "", password: "a-good-passphrase" },
      {
        loginName: "okname",
        userName: "x",
        password: "a-good-passphrase",
        email: "not-mail",
      },
      {
        loginName: "okname",
        userName: "x",
        password: "a-good-passphrase",
        phone: "abc",
      },
      {
        loginName: "okname",
        userName: "x",
        password: "a-good-passphrase",
        status: "active",
      },
      { loginName: "okname", userName: "x" },
    ]) {
      const response = await call("POST", "/tjc/system/users", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe(Code.VALIDATION);
    }
    const unknownRole = await call("POST", "/tjc/system/users", {
      loginName: "okname",
      userName: "x",
      password: "a-good-passphrase",
      roleIds: [999999],
    });
    expect(unknownRole.json().code).toBe(Code.VALIDATION);
    expect(unknownRole.json().data.errors.roleIds).toBeTruthy();
    const user = await createUser();
    const taken = await call("POST", "/tjc/system/users", {
      loginName: user.loginName,
      userName: "x",
      password: "a-good-passphrase",
    });
    expect(taken.json().code).toBe(Code.CONFLICT);
    expect(taken.json().data.errors.loginName).toBeTruthy();
  });
});

describe("changes that end a user's sessions", () => {
  rejectsWithoutSessionAndPermission(
    () => t,
    () => editor,
    "PUT",
    "/tjc/system/users/1",
    {
      loginName: "admin",
      userName: "x",
      version: 1,
    },
  );

  test("disabling a user ends their sessions at once, and they cannot log in (40100, as a wrong password)", async () => {
    const user = await createUser();
    const token = await tokenOf(user.loginName);
    const response = await call("PUT", `/tjc/system/users/${user.id}`, {
      loginName: user.loginName,
      userName: "x",
      status: "disabled",
      version: user.version,
    });
    expect(response.json().code, response.body).toBe(0);
    expect(await me(token)).toBe(Code.SESSION_EXPIRED);
    const refused = await login(user.loginName);
    const wrong = await login(user.loginName, "wrong-password");
    expect(refused.json().code).toBe(Code.BAD_CREDENTIALS);
    expect(refused.json().message).toBe(wrong.json().message);
  });

  test("changing roles ends the sessions; saving the same roles does not", async () => {
    const user = await createUser();
    const token = await tokenOf(user.loginName);
    const same = await call("PUT", `/tjc/system/users/${user.id}`, {
      loginName: user.loginName,
      userName: "renamed",
      roleIds: [roleIds.editor],
      version: user.version,
    });
    expect(same.json().code).toBe(0);
    expect(await me(token)).toBe(0);
    const changed = await call("PUT", `/tjc/system/users/${user.id}`, {
      loginName: user.loginName,
      userName: "renamed",
      roleIds: [roleIds.moderator],
      version: same.json().data.version,
    });
    expect(changed.json().data.roleIds).toEqual([roleIds.moderator]);
    expect(await me(token)).toBe(Code.SESSION_EXPIRED);
    // The new session has the new role's codes.
    const fresh = await tokenOf(user.loginName);
    const codes = (
      await t.request({ method: "GET", url: "/tjc/auth/me", token: fresh })
    ).json().data.permissions;
    expect(codes).toContain("askTopic:read");
    expect(codes).not.toContain("tag:read");
  });

  test("deleting a user ends their sessions", async () => {
    const user = await createUser();
    const token = await tokenOf(user.loginName);
    const response = await call("DELETE", `/tjc/system/users/${user.id}`);
    expect(response.json().code).toBe(0);
    expect(await me(token)).toBe(Code.SESSION_EXPIRED);
  });

  test("a batch disable ends every listed user's sessions", async () => {
    const a = await createUser();
    const b = await createUser();
    const tokens = [await tokenOf(a.loginName), await tokenOf(b.loginName)];
    const response = await call("POST", "/tjc/system/users/batch", {
      action: "update",
      ids: [a.id, b.id],
      data: { status: "disabled" },
    });
    expect(response.json().code, response.body).toBe(0);
    for (const token of tokens)
      expect(await me(token)).toBe(Code.SESSION_EXPIRED);
  });
});

describe("POST /tjc/system/users/:id/password", () => {
  rejectsWithoutSessionAndPermission(
    () => t,
    () => editor,
    "POST",
    "/tjc/system/users/1/password",
    {
      password: "another-passphrase",
    },
  );

  test("sets a new password, ends the user's sessions and audits without the secret", async () => {
    const user = await createUser();
    const token = await tokenOf(user.loginName);
    const response = await call(
      "POST",
      `/tjc/system/users/${user.id}/password`,
      { password: "another-passphrase" },
    );
    expect(response.json().code, response.body).toBe(0);
    expect(await me(token)).toBe(Code.SESSION_EXPIRED);
    expect((await login(user.loginName)).json().code).toBe(
      Code.BAD_CREDENTIALS,
    );
    expect(
      (await login(user.loginName, "another-passphrase")).json().code,
    ).toBe(0);
    const audit = await call(
      "GET",
      `/tjc/system/audit-logs?${listQuery({ filter: { recordId: user.id, action: "passwordReset" } })}`,
    );
    expect(audit.json().data.total).toBe(1);
    expect(audit.json().data.list[0].changes).toEqual({});
    expect(audit.body).not.toContain("another-passphrase");
  });

  test("applies the policy against the user's login name; an unknown user is 40400", async () => {
    const user = await createUser();
    const same = await call("POST", `/tjc/system/users/${user.id}/password`, {
      password: `${user.loginName}` + "",
    });
    expect(same.json().code).toBe(Code.VALIDATION);
    const short = await call(
      "POST",
      `/tjc/system/users/${user.id}/password`,
      { password: "x" },
      admin,
      "en-US",
    );
    expect(short.json().data.errors.password).toContain("at least 8");
    const missing = await call("POST", "/tjc/system/users/999999/password", {
      password: "another-passphrase",
    });
    expect(missing.json().code).toBe(Code.NOT_FOUND);
    const noBody = await call(
      "POST",
      `/tjc/system/users/${user.id}/password`,
      {},
    );
    expect(noBody.json().code).toBe(Code.VALIDATION);
  });
});

describe("self-protection and the last administrator", () => {
  test("nobody deletes or disables themselves, alone or in a batch (40900)", async () => {
    const self = (
      await t.request({ method: "GET", url: "/tjc/auth/me", token: admin })
    ).json().data.user;
    const row = (await call("GET", `/tjc/system/users/${self.userId}`)).json()
      .data;
    const del = await call(
      "DELETE",
      `/tjc/system/users/${self.userId}`,
      undefined,
      admin,
      "en-US",
    );
    expect(del.json().code).toBe(Code.CONFLICT);
    expect(del.json().data.errors.id).toContain("your own account");
    const disable = await call("PUT", `/tjc/system/users/${self.userId}`, {
      loginName: row.loginName,
      userName: row.userName,
      status: "disabled",
      version: row.version,
    });
    expect(disable.json().code).toBe(Code.CONFLICT);
    const other = await createUser();
    const batch = await call("POST", "/tjc/system/users/batch", {
      action: "delete",
      ids: [other.id, self.userId],
    });
    expect(batch.json().code).toBe(Code.CONFLICT);
    // All or none: the other user is still there.
    expect(
      (await call("GET", `/tjc/system/users/${other.id}`)).json().code,
    ).toBe(0);
    expect(await me(admin)).toBe(0);
  });

  test("the last enabled admin cannot be deleted, disabled or stripped of the role (40900)", async () => {
    const db = t.app.store.db;
    // A manager holding every code, though not the admin role, acts on the last admin:
    // a user manager with fewer codes may not touch an administrator at all (below).
    const managerRole = async (code: string, module?: string) =>
      roleHolding(
        t,
        code,
        allPermissionCodes().filter(
          (held) => !module || held.startsWith(`${module}:`),
        ),
      );
    const manager = await createUser({
      roleIds: [await managerRole("allcodes")],
    });
    const managerToken = await tokenOf(manager.loginName);
    const userManager = await createUser({
      roleIds: [await managerRole("usermgr", "user")],
    });
    const userManagerToken = await tokenOf(userManager.loginName);
    const last = await createUser({ roleIds: [roleIds.admin] });
    // Every other admin is disabled directly, so `last` is the only enabled one.
    await db
      .updateTable("users")
      .set({ status: "disabled" })
      .where(
        "id",
        "in",
        db
          .selectFrom("userRoles")
          .select("userId")
          .where("roleId", "=", roleIds.admin),
      )
      .where("id", "<>", last.id)
      .execute();
    const attempts = (token: string) => [
      call("DELETE", `/tjc/system/users/${last.id}`, undefined, token, "en-US"),
      call(
        "PUT",
        `/tjc/system/users/${last.id}`,
        {
          loginName: last.loginName,
          userName: "x",
          status: "disabled",
          version: last.version,
        },
        token,
      ),
      call(
        "POST",
        "/tjc/system/users/batch",
        { action: "update", ids: [last.id], data: { status: "disabled" } },
        token,
      ),
    ];
    for (const response of await Promise.all(attempts(managerToken))) {
      expect(response.json().code, response.body).toBe(Code.CONFLICT);
      expect(response.json().data.reason).toBe("system.conflict.last_admin");
    }
    // Taking the admin role away is for an administrator only (who is then another one).
    const stripped = await call(
      "PUT",
      `/tjc/system/users/${last.id}`,
      {
        loginName: last.loginName,
        userName: "x",
        roleIds: [roleIds.editor],
        version: last.version,
      },
      managerToken,
    );
    expect(stripped.json().code, stripped.body).toBe(Code.FORBIDDEN);
    expect(stripped.json().data.reason).toBe(
      "system.forbidden.only_admin_gives_admin",
    );
    for (const response of await Promise.all(attempts(userManagerToken))) {
      expect(response.json().code, response.body).toBe(Code.FORBIDDEN);
      expect(response.json().data.reason).toBe("system.forbidden.outranked");
    }
    const first = await call(
      "DELETE",
      `/tjc/system/users/${last.id}`,
      undefined,
      managerToken,
      "en-US",
    );
    expect(Object.values(first.json().data.errors)[0]).toContain(
      "last enabled administrator",
    );
    // A second enabled admin lifts the rule.
    const second = await createUser({ roleIds: [roleIds.admin] });
    expect(second.status).toBe("enabled");
    const ok = await call(
      "DELETE",
      `/tjc/system/users/${last.id}`,
      undefined,
      managerToken,
    );
    expect(ok.json().code, ok.body).toBe(0);
    await db.updateTable("users").set({ status: "active" }).execute();
  });
});

describe("login names are one per folded form (issue 25 item 4)", () => {
  rejectsWithoutSessionAndPermission(
    () => t,
    () => editor,
    "POST",
    "/tjc/system/users",
    { loginName: "ADMIN", userName: "x", password: "a-good-passphrase" },
  );

  test("create and rename refuse a name another account has in any case; one's own case may change", async () => {
    const created = await call(
      "POST",
      "/tjc/system/users",
      {
        loginName: "ADMIN",
        userName: "x",
        password: "a-good-passphrase",
      },
      admin,
      "en-US",
    );
    expect(created.json().code, created.body).toBe(Code.CONFLICT);
    expect(created.json().data.errors.loginName).toBe(
      "That login name is taken (upper and lower case count as the same)",
    );
    const a = await createUser();
    const b = await createUser();
    const renamed = await call("PUT", `/tjc/system/users/${b.id}`, {
      loginName: a.loginName.toUpperCase(),
      userName: "b",
      version: b.version,
    });
    expect(renamed.json().code, renamed.body).toBe(Code.CONFLICT);
    expect(renamed.json().data.errors.loginName).toBe(
      "该登录名已被使用（不区分大小写）",
    );
    const ownCase = await call("PUT", `/tjc/system/users/${b.id}`, {
      loginName: b.loginName.toUpperCase(),
      userName: "b",
      version: b.version,
    });
    expect(ownCase.json().code, ownCase.body).toBe(0);
    expect(ownCase.json().data.loginName).toBe(b.loginName.toUpperCase());
    // The folded index holds in the store too, beneath the route's check.
    await expect(
      t.app.store.db
        .insertInto("users")
        .values({
          loginName: a.loginName.toUpperCase(),
          userName: "x",
          passwordHash: "x",
          status: "active",
          createdAt: "x",
          updatedAt: "x",
        })
        .execute(),
    ).rejects.toThrow(/unique/i);
  });
});

describe("nobody grants what they do not hold (issue 25 item 1)", () => {
  rejectsWithoutSessionAndPermission(
    () => t,
    () => editor,
    "PUT",
    "/tjc/system/users/1",
    { loginName: "x-user", userName: "x", version: 1 },
  );

  /** The codes a fresh login of the user gets. */
  async function codesAtLogin(loginName: string): Promise<string[]> {
    const response = await login(loginName, "test-password");
    expect(response.json().code, response.body).toBe(0);
    return response.json().data.permissions as string[];
  }
  async function userRecord(id: number) {
    const response = await call("GET", `/tjc/system/users/${id}`);
    expect(response.json().code, response.body).toBe(0);
    return response.json().data as {
      loginName: string;
      userName: string;
      version: number;
      roleIds: number[];
    };
  }
  function put(id: number, record: object, token: string, language?: string) {
    return call("PUT", `/tjc/system/users/${id}`, record, token, language);
  }

  test("user:read + user:update cannot put the admin role on their own account", async () => {
    const self = await userHolding(t, ["user:read", "user:update"]);
    const before = await userRecord(self.userId);
    for (const language of ["en-US", "zh-CN"]) {
      const response = await put(
        self.userId,
        { ...before, roleIds: [...before.roleIds, roleIds.admin] },
        self.token,
        language,
      );
      expect(response.json().code, response.body).toBe(Code.FORBIDDEN);
      expect(response.json().data.reason).toBe(
        "system.forbidden.not_own_roles",
      );
      expect(response.json().data.errors.roleIds).toBe(
        language === "en-US"
          ? "You cannot change your own roles"
          : "不能更改自己的角色",
      );
    }
    expect((await userRecord(self.userId)).roleIds).toEqual(before.roleIds);
    expect((await codesAtLogin(self.loginName)).sort()).toEqual([
      "user:read",
      "user:update",
    ]);
    // Sending their roles back unchanged (as the edit form does) still saves.
    const renamed = await put(
      self.userId,
      { ...before, userName: "自己改名" },
      self.token,
    );
    expect(renamed.json().code, renamed.body).toBe(0);
  });

  test("user:update cannot give another account the admin role, nor a role with codes it lacks", async () => {
    const manager = await userHolding(t, ["user:read", "user:update"]);
    const other = await createUser({ roleIds: [] });
    const record = await userRecord(other.id);
    const asAdmin = await put(
      other.id,
      { ...record, roleIds: [roleIds.admin] },
      manager.token,
      "en-US",
    );
    expect(asAdmin.json().code, asAdmin.body).toBe(Code.FORBIDDEN);
    expect(asAdmin.json().data.errors.roleIds).toBe(
      "Only an administrator can give or take away the administrator role",
    );
    const asEditor = await put(
      other.id,
      { ...record, roleIds: [roleIds.editor] },
      manager.token,
      "en-US",
    );
    expect(asEditor.json().code, asEditor.body).toBe(Code.FORBIDDEN);
    expect(asEditor.json().data.errors.roleIds).toBe(
      "You cannot grant or take away permissions you do not hold",
    );
    const batch = await call(
      "POST",
      "/tjc/system/users/batch",
      {
        action: "update",
        ids: [other.id],
        data: { status: "enabled", roleIds: [roleIds.admin] },
      },
      manager.token,
    );
    expect(batch.json().code, batch.body).toBe(Code.FORBIDDEN);
    expect((await userRecord(other.id)).roleIds).toEqual([]);
    expect(await codesAtLogin(manager.loginName)).toHaveLength(2);
    // A role whose codes the manager holds may be given.
    const reader = await userHolding(t, ["user:read"]);
    const given = await put(
      other.id,
      { ...record, roleIds: [reader.roleId] },
      manager.token,
    );
    expect(given.json().code, given.body).toBe(0);
    expect(given.json().data.roleIds).toEqual([reader.roleId]);
  });

  test("user:create cannot create an administrator, nor a user with codes it lacks", async () => {
    const creator = await userHolding(t, ["user:create", "user:read"]);
    for (const roles of [[roleIds.admin], [roleIds.editor]]) {
      counter += 1;
      const loginName = `escalate${counter}`;
      const response = await call(
        "POST",
        "/tjc/system/users",
        {
          loginName,
          userName: "x",
          password: "a-good-passphrase",
          roleIds: roles,
        },
        creator.token,
      );
      expect(response.json().code, response.body).toBe(Code.FORBIDDEN);
      expect((await login(loginName)).json().code).toBe(Code.BAD_CREDENTIALS);
    }
    const plain = await call(
      "POST",
      "/tjc/system/users",
      {
        loginName: `plain${counter}`,
        userName: "x",
        password: "a-good-passphrase",
        roleIds: [],
      },
      creator.token,
    );
    expect(plain.json().code, plain.body).toBe(0);
  });

  test("user:update cannot set the password of, or edit, an account holding codes it lacks", async () => {
    const manager = await userHolding(t, ["user:read", "user:update"]);
    const target = await createUser({ roleIds: [roleIds.admin] });
    const reset = await call(
      "POST",
      `/tjc/system/users/${target.id}/password`,
      { password: "taken-over-phrase" },
      manager.token,
      "en-US",
    );
    expect(reset.json().code, reset.body).toBe(Code.FORBIDDEN);
    expect(reset.json().data.errors.id).toBe(
      "You cannot change an account that holds permissions you do not hold",
    );
    expect(
      (await login(target.loginName, "taken-over-phrase")).json().code,
    ).toBe(Code.BAD_CREDENTIALS);
    expect((await login(target.loginName)).json().code).toBe(0);
    const record = await userRecord(target.id);
    const edited = await put(
      target.id,
      { ...record, email: "manager@example.org" },
      manager.token,
    );
    expect(edited.json().code, edited.body).toBe(Code.FORBIDDEN);
    expect((await userRecord(target.id)).version).toBe(record.version);
  });

  test("an administrator still grants anything, to others", async () => {
    const created = await createUser({ roleIds: [roleIds.admin] });
    expect(created.roleIds).toEqual([roleIds.admin]);
    const other = await createUser({ roleIds: [] });
    const given = await put(
      other.id,
      {
        ...(await userRecord(other.id)),
        roleIds: [roleIds.admin, roleIds.editor],
      },
      admin,
    );
    expect(given.json().code, given.body).toBe(0);
    const reset = await call(
      "POST",
      `/tjc/system/users/${created.id}/password`,
      {
        password: "another-good-phrase",
      },
    );
    expect(reset.json().code, reset.body).toBe(0);
    const taken = await put(
      other.id,
      { ...(await userRecord(other.id)), roleIds: [] },
      admin,
    );
    expect(taken.json().code, taken.body).toBe(0);
  });
});

describe("PUT /tjc/auth/password and /tjc/auth/profile", () => {
  test("reject without a session", async () => {
    for (const [method, url] of [
      ["PUT", "/tjc/auth/password"],
      ["GET", "/tjc/auth/profile"],
      ["PUT", "/tjc/auth/profile"],
    ] as const) {
      const response = await t.request({ method, url, payload: {} });
      expect(response.json().code).toBe(Code.SESSION_EXPIRED);
    }
  });

  test("a user changes their own password: the old one is checked, other sessions end, this one stays", async () => {
    const user = await createUser({ roleIds: [] });
    const current = await tokenOf(user.loginName);
    const other = await tokenOf(user.loginName);
    const wrong = await call(
      "PUT",
      "/tjc/auth/password",
      { oldPassword: "nope", newPassword: "brand-new-phrase" },
      current,
      "en-US",
    );
    expect(wrong.json().code).toBe(Code.VALIDATION);
    expect(wrong.json().data.errors.oldPassword).toContain("current password");
    const weak = await call(
      "PUT",
      "/tjc/auth/password",
      { oldPassword: "a-good-passphrase", newPassword: user.loginName },
      current,
    );
    expect(weak.json().code).toBe(Code.VALIDATION);
    expect(weak.json().data.errors.newPassword).toBeTruthy();
    const done = await call(
      "PUT",
      "/tjc/auth/password",
      { oldPassword: "a-good-passphrase", newPassword: "brand-new-phrase" },
      current,
    );
    expect(done.json().code, done.body).toBe(0);
    expect(await me(current)).toBe(0);
    expect(await me(other)).toBe(Code.SESSION_EXPIRED);
    expect((await login(user.loginName, "brand-new-phrase")).json().code).toBe(
      0,
    );
    const audit = await call(
      "GET",
      `/tjc/system/audit-logs?${listQuery({ filter: { recordId: user.id, action: "passwordChange" } })}`,
    );
    expect(audit.json().data.total).toBe(1);
    expect(audit.body).not.toContain("brand-new-phrase");
  });

  test("a user reads and edits their own profile, audited", async () => {
    const user = await createUser({ roleIds: [] });
    const token = await tokenOf(user.loginName);
    const read = await call("GET", "/tjc/auth/profile", undefined, token);
    expect(read.json().data.loginName).toBe(user.loginName);
    const bad = await call(
      "PUT",
      "/tjc/auth/profile",
      { userName: "", email: "x" },
      token,
    );
    expect(bad.json().code).toBe(Code.VALIDATION);
    const saved = await call(
      "PUT",
      "/tjc/auth/profile",
      { userName: "新名字", email: "me@example.org", language: "en-US" },
      token,
    );
    expect(saved.json().code, saved.body).toBe(0);
    // A new address waits for its link (email-verify.test.ts follows it through).
    expect(saved.json().data).toMatchObject({
      userName: "新名字",
      pendingEmail: "me@example.org",
      language: "en-US",
    });
    const meNow = (
      await t.request({ method: "GET", url: "/tjc/auth/me", token })
    ).json().data.user;
    expect(meNow.userName).toBe("新名字");
    const audit = await call(
      "GET",
      `/tjc/system/audit-logs?${listQuery({ filter: { recordId: user.id, action: "update" } })}`,
    );
    expect(audit.json().data.list[0].changes.userName).toEqual([
      `User ${user.loginName.slice(4)}`,
      "新名字",
    ]);
  });
});
