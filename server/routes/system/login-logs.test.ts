import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../../common/codes.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import {
  listQuery,
  rejectsWithoutSessionAndPermission,
} from "../../test/system.js";
import { pruneLoginLog } from "../../services/login-log.js";

let t: TestApp;
let admin: string;
let editor: string;
let counter = 0;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs("admin");
  editor = await t.loginAs("editor");
});
afterAll(async () => {
  await t.close();
});

function login(loginName: string, password: string) {
  counter += 1;
  return t.request({
    method: "POST",
    url: "/tjc/auth/login",
    payload: { loginName, password },
    headers: { "user-agent": "LoginLogTest/1.0" },
    remoteAddress: `10.88.${counter}.1`,
  });
}
async function rows(filter: object) {
  const response = await t.request({
    method: "GET",
    url: `/tjc/system/login-logs?${listQuery({ filter })}`,
    token: admin,
  });
  expect(response.json().code, response.body).toBe(0);
  return response.json().data as {
    list: {
      loginName: string;
      userId: number | null;
      ip: string;
      userAgent: string;
      result: string;
    }[];
    total: number;
  };
}

describe("GET /tjc/system/login-logs", () => {
  rejectsWithoutSessionAndPermission(
    () => t,
    () => editor,
    "GET",
    "/tjc/system/login-logs",
  );

  test("records every attempt: success, failure, disabled and throttled, with user, IP and agent", async () => {
    await login("admin", "admin-test-password");
    await login("admin", "wrong-password");
    await login("no-such-user", "whatever-password");
    const users = await t.app.store.db
      .selectFrom("users")
      .select(["id"])
      .where("loginName", "=", "admin")
      .executeTakeFirstOrThrow();
    const success = await rows({ loginName: "admin", result: "success" });
    expect(success.total).toBe(1);
    expect(success.list[0]).toMatchObject({
      userId: users.id,
      userAgent: "LoginLogTest/1.0",
    });
    expect(success.list[0]!.ip).toMatch(/^10\.88\./);
    const failure = await rows({ result: "failure" });
    expect(failure.list.map((row) => row.loginName).sort()).toEqual([
      "admin",
      "no-such-user",
    ]);
    expect(
      failure.list.find((row) => row.loginName === "no-such-user")!.userId,
    ).toBeNull();
    // A disabled account with the right password.
    await t.app.store.db
      .insertInto("users")
      .values({
        loginName: "gone",
        userName: "gone",
        passwordHash: (
          await t.app.store.db
            .selectFrom("users")
            .select("passwordHash")
            .where("id", "=", users.id)
            .executeTakeFirstOrThrow()
        ).passwordHash,
        status: "disabled",
        createdAt: "2026-01-01T00:00:00.000Z",
        updatedAt: "2026-01-01T00:00:00.000Z",
      })
      .execute();
    const refused = await login("gone", "admin-test-password");
    expect(refused.json().code).toBe(Code.BAD_CREDENTIALS);
    expect((await rows({ result: "disabled" })).list[0]!.loginName).toBe(
      "gone",
    );
    // Six failures of one name: the sixth is throttled.
    for (let i = 0; i < 6; i += 1) await login("hammer", "wrong-password");
    expect(
      (await rows({ loginName: "hammer", result: "throttled" })).total,
    ).toBeGreaterThanOrEqual(1);
    // The last login is kept on the user.
    const admin1 = await t.app.store.db
      .selectFrom("users")
      .select(["lastLoginAt", "lastLoginIp"])
      .where("id", "=", users.id)
      .executeTakeFirstOrThrow();
    expect(admin1.lastLoginIp).toMatch(/^10\.88\./);
    expect(admin1.lastLoginAt).toBeTruthy();
  });

  test("filters by date range, exports CSV, and is read-only", async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await rows({ createdAtFrom: today })).total).toBeGreaterThan(0);
    expect((await rows({ createdAtTo: "2000-01-01" })).total).toBe(0);
    const bad = await t.request({
      method: "GET",
      url: `/tjc/system/login-logs?${listQuery({ filter: { result: "maybe" } })}`,
      token: admin,
    });
    expect(bad.json().code).toBe(Code.VALIDATION);
    const csv = await t.request({
      method: "GET",
      url: "/tjc/system/login-logs/export",
      token: admin,
      language: "en-US",
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("Login name");
    expect(csv.body).not.toMatch(/password/i);
    const write = await t.request({
      method: "POST",
      url: "/tjc/system/login-logs",
      token: admin,
      payload: {},
    });
    expect(write.statusCode).toBe(404);
  });

  test("old attempts are dropped after the retention period", async () => {
    await t.app.store.db
      .insertInto("loginLogs")
      .values({
        loginName: "ancient",
        result: "failure",
        createdAt: "2001-01-01T00:00:00.000Z",
      })
      .execute();
    expect((await rows({ loginName: "ancient" })).total).toBe(1);
    expect(await pruneLoginLog(t.app.store, 180)).toBeGreaterThanOrEqual(1);
    expect((await rows({ loginName: "ancient" })).total).toBe(0);
  });
});
