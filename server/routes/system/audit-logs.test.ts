import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  test,
} from "vitest";
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
beforeEach(async () => {
  await t.app.store.db.deleteFrom("tags").execute();
  await t.app.store.db.deleteFrom("auditLogs").execute();
});

async function auditRows(query: Record<string, unknown> = {}) {
  const response = await t.request({
    method: "GET",
    url: `/tjc/system/audit-logs?${listQuery(query)}`,
    token: admin,
  });
  expect(response.json().code, response.body).toBe(0);
  return response.json().data as {
    list: {
      id: number;
      action: string;
      resource: string;
      recordId: string;
      loginName: string;
      userId: number;
      ip: string;
      changes: Record<string, [unknown, unknown]>;
    }[];
    total: number;
  };
}

async function tagWrite(method: string, url: string, payload?: object) {
  const response = await t.request({
    method: method as "POST",
    url,
    token: editor,
    payload,
  });
  return response;
}

describe("GET /tjc/system/audit-logs", () => {
  rejectsWithoutSessionAndPermission(
    () => t,
    () => editor,
    "GET",
    "/tjc/system/audit-logs",
  );

  test("a tag's create, update and delete each leave a row with who, where and the diff", async () => {
    const created = (
      await tagWrite("POST", "/tjc/tags", { name: "甲", sortOrder: 3 })
    ).json().data;
    await tagWrite("PUT", `/tjc/tags/${created.id}`, {
      name: "乙",
      sortOrder: 3,
      version: created.version,
    });
    await tagWrite("DELETE", `/tjc/tags/${created.id}`);

    const { list, total } = await auditRows({ sort: ["id", "ASC"] });
    expect(total).toBe(3);
    expect(list.map((row) => row.action)).toEqual([
      "create",
      "update",
      "delete",
    ]);
    for (const row of list) {
      expect(row.resource).toBe("tags");
      expect(row.recordId).toBe(String(created.id));
      expect(row.loginName).toMatch(/^editor-/);
      expect(row.userId).toBeGreaterThan(0);
      expect(row.ip).toBe("127.0.0.1");
    }
    expect(list[0]!.changes.name).toEqual([null, "甲"]);
    // Only what changed, without the bookkeeping fields.
    expect(list[1]!.changes).toEqual({ name: ["甲", "乙"] });
    expect(list[2]!.changes.name).toEqual(["乙", null]);
  });

  test("a batch leaves one row per record; an update that changes nothing leaves none", async () => {
    const a = (await tagWrite("POST", "/tjc/tags", { name: "a" })).json().data;
    const b = (await tagWrite("POST", "/tjc/tags", { name: "b" })).json().data;
    await tagWrite("PUT", `/tjc/tags/${a.id}`, {
      name: "a",
      version: a.version,
    });
    await tagWrite("POST", "/tjc/tags/batch", {
      action: "update",
      ids: [a.id, b.id],
      data: { sortOrder: 7 },
    });
    await tagWrite("POST", "/tjc/tags/batch", {
      action: "delete",
      ids: [a.id, b.id, 999999],
    });
    const updates = await auditRows({ filter: { action: "batchUpdate" } });
    expect(updates.total).toBe(2);
    expect(updates.list[0]!.changes).toEqual({ sortOrder: [0, 7] });
    const deletes = await auditRows({ filter: { action: "batchDelete" } });
    expect(deletes.list.map((row) => row.recordId).sort()).toEqual(
      [String(a.id), String(b.id)].sort(),
    );
    expect((await auditRows({ filter: { action: "update" } })).total).toBe(0);
  });

  test("a write that fails leaves no audit row", async () => {
    await tagWrite("POST", "/tjc/tags", { name: "dup" });
    const duplicate = await tagWrite("POST", "/tjc/tags", { name: "dup" });
    expect(duplicate.json().code).toBe(Code.CONFLICT);
    const stale = await tagWrite(
      "PUT",
      `/tjc/tags/${duplicate.json().data?.id ?? 1}`,
      {
        name: "x",
        version: 99,
      },
    );
    expect([Code.CONFLICT, Code.NOT_FOUND]).toContain(stale.json().code);
    const { total, list } = await auditRows();
    expect(total).toBe(1);
    expect(list[0]!.action).toBe("create");
  });

  test("the audit row is written in the write's transaction: a failing audit insert undoes the change", async () => {
    // Break the audit table for one write: the tag must not be created either.
    const db = t.app.store.db;
    await db.schema
      .alterTable("audit_logs")
      .renameTo("audit_logs_away")
      .execute();
    try {
      const response = await tagWrite("POST", "/tjc/tags", { name: "orphan" });
      expect(response.json().code).toBe(Code.INTERNAL);
    } finally {
      await db.schema
        .alterTable("audit_logs_away")
        .renameTo("audit_logs")
        .execute();
    }
    const tags = await db.selectFrom("tags").select("name").execute();
    expect(tags).toEqual([]);
  });

  test("filters by user, resource, record id, action and date range", async () => {
    const tag = (await tagWrite("POST", "/tjc/tags", { name: "f" })).json()
      .data;
    const row = (await auditRows()).list[0]!;
    expect((await auditRows({ filter: { userId: row.userId } })).total).toBe(1);
    expect(
      (await auditRows({ filter: { userId: row.userId + 1000 } })).total,
    ).toBe(0);
    expect(
      (await auditRows({ filter: { resource: "tags", recordId: tag.id } }))
        .total,
    ).toBe(1);
    expect(
      (await auditRows({ filter: { resource: "system/users" } })).total,
    ).toBe(0);
    expect(
      (await auditRows({ filter: { action: ["create", "delete"] } })).total,
    ).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (
        await auditRows({
          filter: { createdAtFrom: today, createdAtTo: today },
        })
      ).total,
    ).toBe(1);
    expect(
      (await auditRows({ filter: { createdAtTo: "2000-01-01" } })).total,
    ).toBe(0);
    expect(
      (await auditRows({ filter: { createdAtFrom: "2000-01-01T00:00:00Z" } }))
        .total,
    ).toBe(1);
  });

  test("bad filters are 40000 naming the field, in the caller's language", async () => {
    for (const [filter, field] of [
      [{ action: "drop" }, "filter.action"],
      [{ createdAtFrom: "yesterday" }, "filter.createdAtFrom"],
      [{ userId: "x" }, "filter.userId"],
      [{ password: "x" }, "filter.password"],
    ] as const) {
      const response = await t.request({
        method: "GET",
        url: `/tjc/system/audit-logs?${listQuery({ filter })}`,
        token: admin,
        language: "en-US",
      });
      expect(response.statusCode, JSON.stringify(filter)).toBe(400);
      expect(response.json().code).toBe(Code.VALIDATION);
      expect(Object.keys(response.json().data.errors)).toContain(field);
    }
  });

  test("records are read-only through the API and export as CSV", async () => {
    await tagWrite("POST", "/tjc/tags", { name: "csv" });
    const id = (await auditRows()).list[0]!.id;
    for (const [method, url] of [
      ["POST", "/tjc/system/audit-logs"],
      ["PUT", `/tjc/system/audit-logs/${id}`],
      ["DELETE", `/tjc/system/audit-logs/${id}`],
      ["POST", "/tjc/system/audit-logs/batch"],
    ] as const) {
      const response = await t.request({
        method,
        url,
        token: admin,
        payload: {},
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const one = await t.request({
      method: "GET",
      url: `/tjc/system/audit-logs/${id}`,
      token: admin,
    });
    expect(one.json().data.changes.name).toEqual([null, "csv"]);
    const csv = await t.request({
      method: "GET",
      url: "/tjc/system/audit-logs/export",
      token: admin,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('""name"":[null,""csv""]');
  });

  test("lifting a login lock is audited", async () => {
    const response = await t.request({
      method: "DELETE",
      url: "/tjc/system/login-locks/locked-out",
      token: admin,
    });
    expect(response.json().code, response.body).toBe(0);
    const { list } = await auditRows({ filter: { action: "unlock" } });
    expect(list[0]).toMatchObject({
      resource: "system/login-locks",
      recordId: "locked-out",
    });
  });
});
