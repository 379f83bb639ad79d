import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper.js";

/** Revisions are one option of defineResource; each resource that opts in is checked. */
describe.each([
  { path: "sermons", text: "passage" },
  { path: "articles", text: "summary" },
])("/tjc/$path/:id/revisions", ({ path, text }) => {
  let t: TestApp;
  let editor: string;

  beforeAll(async () => {
    t = await buildTestApp();
    editor = await t.loginAs("editor");
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: object,
    token: string | null = editor,
    language?: string,
  ) =>
    t.request({
      method,
      url: `/tjc/${path}${url}`,
      token: token ?? undefined,
      payload,
      language,
    });

  it("rejects without a session", async () => {
    for (const [method, url] of [
      ["GET", "/1/revisions"],
      ["GET", "/1/revisions/1"],
      ["POST", "/1/revisions/1/restore"],
    ] as const) {
      const response = await call(method, url, {}, null);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("rejects without permission", async () => {
    const member = await t.loginAs("member");
    for (const [method, url] of [
      ["GET", "/1/revisions"],
      ["GET", "/1/revisions/1"],
      ["POST", "/1/revisions/1/restore"],
    ] as const) {
      const response = await call(method, url, {}, member);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("keeps every saved version, who wrote it and when, newest first; status-only moves add none", async () => {
    const created = (
      await call("POST", "", { title: "第一稿", [text]: "一" })
    ).json().data;
    const second = (
      await call("PUT", `/${created.id}`, {
        title: "第二稿",
        [text]: "二",
        version: 1,
      })
    ).json().data;
    // Publishing alone changes no content: no revision.
    const published = (
      await call("PUT", `/${created.id}`, {
        title: "第二稿",
        [text]: "二",
        status: "published",
        version: second.version,
      })
    ).json().data;
    expect(published.status).toBe("published");
    const listed = (await call("GET", `/${created.id}/revisions`)).json().data;
    expect(listed.total).toBe(2);
    expect(
      listed.list.map((r: { recordVersion: number }) => r.recordVersion),
    ).toEqual([2, 1]);
    expect(listed.list[0]).toMatchObject({
      recordId: created.id,
      createdBy: created.createdBy,
      createdByName: expect.any(String),
      restoredFrom: null,
    });
    const first = (
      await call("GET", `/${created.id}/revisions/${listed.list[1].id}`)
    ).json().data;
    expect(first.data).toMatchObject({ title: "第一稿", [text]: "一" });

    const paged = (
      await call(
        "GET",
        `/${created.id}/revisions?range=${encodeURIComponent("[1,1]")}`,
      )
    ).json().data;
    expect(paged.list.map((r: { id: number }) => r.id)).toEqual([
      listed.list[1].id,
    ]);
  });

  it("restores a revision as a new one, keeps the status, and audits it", async () => {
    const created = (
      await call("POST", "", { title: "原文", [text]: "原来的话" })
    ).json().data;
    const edited = (
      await call("PUT", `/${created.id}`, {
        title: "改过",
        [text]: "改过的话",
        status: "published",
        version: 1,
      })
    ).json().data;
    const revisions = (await call("GET", `/${created.id}/revisions`)).json()
      .data.list;
    const oldest = revisions.at(-1);

    const stale = await call(
      "POST",
      `/${created.id}/revisions/${oldest.id}/restore`,
      { version: 1 },
    );
    expect(stale.json().code).toBe(40900);

    const restored = await call(
      "POST",
      `/${created.id}/revisions/${oldest.id}/restore`,
      { version: edited.version },
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({
      title: "原文",
      [text]: "原来的话",
      status: "published",
      version: edited.version + 1,
    });
    const after = (await call("GET", `/${created.id}/revisions`)).json().data;
    expect(after.total).toBe(3);
    expect(after.list[0]).toMatchObject({ restoredFrom: oldest.id });
    const audit = await t.app.store.db
      .selectFrom("auditLogs")
      .select(["action", "changes"])
      .where("resource", "=", path)
      .where("recordId", "=", String(created.id))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe("restore");
    expect(JSON.parse(audit.changes).title).toEqual(["改过", "原文"]);
  });

  it("keeps the prior version of a record saved before revisions existed", async () => {
    const created = (await call("POST", "", { title: "旧记录" })).json().data;
    await t.app.store.db
      .deleteFrom("contentRevisions")
      .where("resource", "=", path)
      .where("recordId", "=", created.id)
      .execute();
    await call("PUT", `/${created.id}`, { title: "新记录", version: 1 });
    const list = (await call("GET", `/${created.id}/revisions`)).json().data
      .list;
    expect(list.length).toBe(2);
    const prior = (
      await call("GET", `/${created.id}/revisions/${list[1].id}`)
    ).json().data;
    expect(prior.data.title).toBe("旧记录");
  });

  it("answers 40400 for a missing record or revision, 40000 for bad ids, and leaves nothing behind a delete", async () => {
    const a = (await call("POST", "", { title: "甲" })).json().data;
    const b = (await call("POST", "", { title: "乙" })).json().data;
    const bRevision = (await call("GET", `/${b.id}/revisions`)).json().data
      .list[0];
    expect((await call("GET", "/999999/revisions")).json().code).toBe(40400);
    // Another record's revision is not this one's.
    const crossed = await call(
      "GET",
      `/${a.id}/revisions/${bRevision.id}`,
      undefined,
      editor,
      "en-US",
    );
    expect(crossed.json().code).toBe(40400);
    expect(
      (
        await call("POST", `/${a.id}/revisions/${bRevision.id}/restore`, {
          version: 1,
        })
      ).json().code,
    ).toBe(40400);
    expect((await call("GET", `/${a.id}/revisions/abc`)).json().code).toBe(
      40000,
    );
    expect(
      (
        await call("POST", `/${a.id}/revisions/${bRevision.id}/restore`, {})
      ).json().code,
    ).toBe(40000);
    expect(
      (await call("GET", `/${a.id}/revisions?range=oops`)).json().code,
    ).toBe(40000);
    await call("DELETE", `/${b.id}`);
    const left = await t.app.store.db
      .selectFrom("contentRevisions")
      .select("id")
      .where("resource", "=", path)
      .where("recordId", "=", b.id)
      .execute();
    expect(left).toEqual([]);
  });

  it("rolls a revision back with its write: a refused update keeps none", async () => {
    const a = (await call("POST", "", { title: "回滚" })).json().data;
    const refused = await call("PUT", `/${a.id}`, {
      title: "回滚二",
      tagIds: [999999],
      version: 1,
    });
    expect(refused.json().code).toBe(40000);
    expect((await call("GET", `/${a.id}/revisions`)).json().data.total).toBe(1);
  });
});
