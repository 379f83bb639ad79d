import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "kysely";
import { Code } from "../../../common/codes.js";
import { LOGIN_MAX_FAILURES } from "../../../common/constants.js";
import {
  ADMIN_LOGIN,
  ADMIN_PASSWORD,
  buildTestApp,
  type TestApp,
} from "../../test/helper.js";
import { nowIso } from "../dialect.js";
import { hashPassword } from "../../services/password.js";
import { warnOfLoginNameClashes } from "../../services/login-names.js";
import { up } from "./0016-folded-login-names.js";

let t: TestApp;
let ip = 0;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function login(loginName: string, password: string) {
  ip += 1;
  return t.request({
    method: "POST",
    url: "/tjc/auth/login",
    payload: { loginName, password },
    remoteAddress: `10.16.${ip % 250}.${(ip * 7) % 250}`,
  });
}
async function loggedInAs(loginName: string, password: string) {
  const response = await login(loginName, password);
  expect(response.json().code, `${loginName}: ${response.body}`).toBe(0);
  return response.json().data.user.loginName as string;
}

describe("migration 0016: login names unique by their folded form", () => {
  test("keeps legacy clashes working, reports them, and holds the rule for new names", async () => {
    const db = t.app.store.db;
    // Back to the schema before 0016, with names that differ only in case, as sign-up let in.
    await sql`drop index users_login_name_folded`.execute(db);
    await sql`drop index users_login_name_lower`.execute(db);
    await sql`alter table users drop column login_name_clash`.execute(db);
    const now = nowIso();
    for (const [loginName, password] of [
      ["Admin", "member-one-phrase"],
      ["aDmin", "member-two-phrase"],
      ["solo-name", "member-three-phrase"],
    ]) {
      await sql`insert into users (login_name, user_name, password_hash, status, created_at, updated_at, version)
        values (${loginName}, ${loginName}, ${await hashPassword(password!)}, 'active', ${now}, ${now}, 1)`.execute(
        db,
      );
    }

    await up(db as never, t.app.store.kind);

    const flags = await db
      .selectFrom("users")
      .select(["loginName", "loginNameClash"])
      .where("loginName", "in", [ADMIN_LOGIN, "Admin", "aDmin", "solo-name"])
      .orderBy("id")
      .execute();
    expect(flags).toEqual([
      { loginName: ADMIN_LOGIN, loginNameClash: 0 },
      { loginName: "Admin", loginNameClash: 1 },
      { loginName: "aDmin", loginNameClash: 1 },
      { loginName: "solo-name", loginNameClash: 0 },
    ]);
    const warnings: { details: object; message: string }[] = [];
    await warnOfLoginNameClashes(db, {
      warn: (details, message) => warnings.push({ details, message }),
    });
    expect(warnings).toEqual([
      {
        details: {
          loginNameClashes: [
            { folded: "admin", loginNames: [ADMIN_LOGIN, "Admin", "aDmin"] },
          ],
        },
        message: expect.stringMatching(/^1 login name is shared/),
      },
    ]);

    // Each keeps logging in by its exact name; any other case finds the oldest.
    expect(await loggedInAs(ADMIN_LOGIN, ADMIN_PASSWORD)).toBe(ADMIN_LOGIN);
    expect(await loggedInAs("Admin", "member-one-phrase")).toBe("Admin");
    expect(await loggedInAs("aDmin", "member-two-phrase")).toBe("aDmin");
    expect(await loggedInAs("ADMIN", ADMIN_PASSWORD)).toBe(ADMIN_LOGIN);

    // Bad passwords for the member Admin lock Admin, not the administrator.
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      expect((await login("Admin", "wrong-password")).json().code).toBe(
        Code.BAD_CREDENTIALS,
      );
    expect((await login("Admin", "member-one-phrase")).json().code).toBe(
      Code.TOO_MANY_REQUESTS,
    );
    expect(await loggedInAs(ADMIN_LOGIN, ADMIN_PASSWORD)).toBe(ADMIN_LOGIN);
    const admin = await t.loginAs("admin");
    const unlocked = await t.request({
      method: "DELETE",
      url: "/tjc/system/login-locks/Admin",
      token: admin,
    });
    expect(unlocked.json().data.cleared, unlocked.body).toBeGreaterThan(0);
    expect(await loggedInAs("Admin", "member-one-phrase")).toBe("Admin");

    // New names still follow the rule, in the route and in the store.
    const signUp = await t.request({
      method: "POST",
      url: "/tjc/public/signup",
      payload: { loginName: "ADMIN", userName: "x", password: "grace2026x" },
    });
    expect(signUp.json().code, signUp.body).toBe(Code.CONFLICT);
    await expect(
      sql`insert into users (login_name, user_name, password_hash, status, created_at, updated_at, version)
        values ('SOLO-NAME', 'x', 'x', 'active', ${now}, ${now}, 1)`.execute(
        db,
      ),
    ).rejects.toThrow(/unique/i);
    // A legacy account renamed to a free name joins the rule.
    const aDmin = await db
      .selectFrom("users")
      .select(["id", "version"])
      .where("loginName", "=", "aDmin")
      .executeTakeFirstOrThrow();
    const renamed = await t.request({
      method: "PUT",
      url: `/tjc/system/users/${aDmin.id}`,
      token: admin,
      payload: {
        loginName: "admin-two",
        userName: "x",
        version: aDmin.version,
      },
    });
    expect(renamed.json().code, renamed.body).toBe(0);
    const left = await warnOfLoginNameClashes(db, { warn: () => {} });
    expect(left).toEqual([
      { folded: "admin", loginNames: [ADMIN_LOGIN, "Admin"] },
    ]);
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  "the warning at start (SQLite)",
  () => {
    test("a start names the clashing accounts in the log", async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lampstand-0016-"));
      try {
        const first = await buildTestApp(
          { DATA_DIR: dataDir },
          { sqlite: true },
        );
        await first.app.store.db
          .insertInto("users")
          .values({
            loginName: "ADMIN",
            userName: "legacy",
            passwordHash: "x",
            status: "active",
            createdAt: nowIso(),
            updatedAt: nowIso(),
            loginNameClash: 1,
          })
          .execute();
        await first.close();
        const lines: string[] = [];
        const second = await buildTestApp(
          { DATA_DIR: dataDir },
          { sqlite: true, logStream: { write: (line) => lines.push(line) } },
        );
        await second.close();
        const warning = lines
          .map((line) => JSON.parse(line))
          .find((entry) => entry.loginNameClashes);
        expect(warning).toMatchObject({
          level: 40,
          loginNameClashes: [
            { folded: "admin", loginNames: [ADMIN_LOGIN, "ADMIN"] },
          ],
        });
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  },
);
