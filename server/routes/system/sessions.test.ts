import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../../common/codes.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import {
  listQuery,
  rejectsWithoutSessionAndPermission,
} from "../../test/system.js";

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

function call(method: "GET" | "DELETE", url: string, token = admin) {
  return t.request({ method, url, token });
}

describe("GET /tjc/system/sessions", () => {
  rejectsWithoutSessionAndPermission(
    () => t,
    () => editor,
    "GET",
    "/tjc/system/sessions",
  );

  test("lists live sessions with user, IP, agent and times, never a token or hash", async () => {
    const response = await call(
      "GET",
      `/tjc/system/sessions?${listQuery({ filter: { q: "editor" } })}`,
    );
    expect(response.json().code, response.body).toBe(0);
    const { list, total } = response.json().data;
    expect(total).toBe(1);
    expect(Object.keys(list[0]).sort()).toEqual(
      [
        "createdAt",
        "current",
        "id",
        "ip",
        "lastSeenAt",
        "loginName",
        "userAgent",
        "userId",
        "userName",
      ].sort(),
    );
    expect(response.body).not.toMatch(/token|hash/i);
    const all = (await call("GET", "/tjc/system/sessions")).json().data
      .list as { current: boolean }[];
    expect(all.filter((row) => row.current)).toHaveLength(1);
  });

  test("bad list parameters are 40000", async () => {
    for (const query of [
      { sort: ["tokenHash", "ASC"] },
      { filter: { tokenHash: "x" } },
      { range: [0, 500] },
      { filter: "{" },
    ]) {
      const response = await call(
        "GET",
        `/tjc/system/sessions?${listQuery(query)}`,
      );
      expect(response.json().code, JSON.stringify(query)).toBe(Code.VALIDATION);
    }
  });
});

describe("DELETE /tjc/system/sessions/:id", () => {
  rejectsWithoutSessionAndPermission(
    () => t,
    () => editor,
    "DELETE",
    "/tjc/system/sessions/1",
  );

  test("forces a logout: the session's next request gets 20107, audited; again is 40400", async () => {
    const victim = await t.loginAs("moderator");
    const row = (
      await call(
        "GET",
        `/tjc/system/sessions?${listQuery({ filter: { q: "moderator" } })}`,
      )
    ).json().data.list[0];
    expect((await call("GET", "/tjc/auth/me", victim)).json().code).toBe(0);
    const response = await call("DELETE", `/tjc/system/sessions/${row.id}`);
    expect(response.json().code, response.body).toBe(0);
    expect((await call("GET", "/tjc/auth/me", victim)).json().code).toBe(
      Code.SESSION_EXPIRED,
    );
    expect(
      (await call("DELETE", `/tjc/system/sessions/${row.id}`)).json().code,
    ).toBe(Code.NOT_FOUND);
    expect((await call("DELETE", "/tjc/system/sessions/abc")).json().code).toBe(
      Code.VALIDATION,
    );
    const audit = await call(
      "GET",
      `/tjc/system/audit-logs?${listQuery({ filter: { action: "forceLogout" } })}`,
    );
    expect(audit.json().data.list[0]).toMatchObject({
      resource: "system/sessions",
      recordId: String(row.id),
    });
    expect(audit.json().data.list[0].changes.loginName[0]).toMatch(
      /^moderator-/,
    );
    expect(audit.body).not.toMatch(/token/i);
  });
});
