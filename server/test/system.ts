import { expect, test } from "vitest";
import { Code } from "../../common/codes.js";
import type { TestApp } from "./helper.js";

/** Query parameters as ra-data-simple-rest sends them: each value JSON. */
export function listQuery(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    params.set(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  return params.toString();
}

/** The two cases every non-public route opens with. */
export function rejectsWithoutSessionAndPermission(
  t: () => TestApp,
  token: () => string,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
): void {
  test("rejects without a session", async () => {
    const response = await t().request({ method, url, payload });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });
  test("rejects without permission", async () => {
    const response = await t().request({
      method,
      url,
      payload,
      token: token(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(Code.FORBIDDEN);
  });
}

let heldCounter = 0;

/** A role made for a test, holding exactly `codes`: answers its id. */
export async function roleHolding(
  t: TestApp,
  code: string,
  codes: string[],
): Promise<number> {
  const db = t.app.store.db;
  const now = new Date().toISOString();
  const role = await db
    .insertInto("roles")
    .values({
      code,
      name: code,
      nameEn: code,
      builtIn: 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (codes.length > 0) {
    const ids = await db
      .selectFrom("permissions")
      .select("id")
      .where("code", "in", codes)
      .execute();
    expect(ids.length).toBe(codes.length);
    await db
      .insertInto("rolePermissions")
      .values(ids.map((row) => ({ roleId: role.id, permissionId: row.id })))
      .execute();
  }
  return role.id;
}

/**
 * A fresh user holding exactly `codes`, through a role of their own made for them: answers
 * their token, user id, login name and role id.
 */
export async function userHolding(
  t: TestApp,
  codes: string[],
): Promise<{
  token: string;
  userId: number;
  loginName: string;
  roleId: number;
}> {
  heldCounter += 1;
  const token = await t.loginAs("none");
  const me = await t.request({ method: "GET", url: "/tjc/auth/me", token });
  const { userId, loginName } = me.json().data.user;
  const roleId = await roleHolding(t, `holds-${heldCounter}-${userId}`, codes);
  await t.app.store.db
    .insertInto("userRoles")
    .values({ userId, roleId })
    .execute();
  t.app.permissions.forget(userId);
  return { token, userId, loginName, roleId };
}

/** The codes a user holds, as a fresh login would get them: read again from the store. */
export async function codesNow(t: TestApp, userId: number): Promise<string[]> {
  t.app.permissions.forget(userId);
  return t.app.permissions.of(userId);
}
