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

let t: TestApp;
let editor: string;
let member: string;
beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.loginAs("editor");
  member = await t.loginAs("member");
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.app.store.db.deleteFrom("tags").execute();
});

async function createTag(payload: Record<string, unknown>) {
  const response = await t.request({
    method: "POST",
    url: "/tjc/tags",
    token: editor,
    payload,
  });
  expect(response.json().code, response.body).toBe(0);
  return response.json().data as { id: number; version: number; name: string };
}

function list(
  query: Record<string, unknown>,
  token = editor,
  language?: string,
) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    params.set(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  return t.request({
    method: "GET",
    url: `/tjc/tags?${params}`,
    token,
    language,
  });
}

/** The two cases every route opens with. */
function rejectsWithoutSessionAndPermission(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
) {
  test("rejects without a session", async () => {
    const response = await t.request({ method, url, payload });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });
  test("rejects without permission", async () => {
    const response = await t.request({ method, url, payload, token: member });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(Code.FORBIDDEN);
  });
}

describe("GET /tjc/tags", () => {
  rejectsWithoutSessionAndPermission("GET", "/tjc/tags");

  test("pages, sorts and counts", async () => {
    for (const name of ["丙", "甲", "乙", "丁"]) await createTag({ name });
    const body = (await list({ sort: ["name", "DESC"], range: [1, 2] })).json();
    expect(body.code).toBe(0);
    expect(body.data.total).toBe(4);
    // By pinyin, descending: 乙 yǐ, 甲 jiǎ, 丁 dīng, 丙 bǐng.
    expect(body.data.list.map((tag: { name: string }) => tag.name)).toEqual([
      "甲",
      "丁",
    ]);
  });

  test("sorts Chinese names by pinyin, both ways, after creating and renaming", async () => {
    const created: Record<string, { id: number; version: number }> = {};
    for (const name of ["团契", "查经", "祷告", "福音", "赞美"]) {
      created[name] = await createTag({ name });
    }
    const names = async (order: "ASC" | "DESC") =>
      (await list({ sort: ["name", order] }))
        .json()
        .data.list.map((tag: { name: string }) => tag.name);
    // chá jīng, dǎo gào, fú yīn, tuán qì, zàn měi; not by character code (团 < 查 < 祷...).
    expect(await names("ASC")).toEqual([
      "查经",
      "祷告",
      "福音",
      "团契",
      "赞美",
    ]);
    expect(await names("DESC")).toEqual([
      "赞美",
      "团契",
      "福音",
      "祷告",
      "查经",
    ]);

    // A rename moves the tag to its new name's place: the key follows every write.
    const renamed = await t.request({
      method: "PUT",
      url: `/tjc/tags/${created["赞美"]!.id}`,
      token: editor,
      payload: { name: "爱心", version: created["赞美"]!.version },
    });
    expect(renamed.json().code, renamed.body).toBe(0);
    const batch = await t.request({
      method: "POST",
      url: "/tjc/tags/batch",
      token: editor,
      payload: {
        action: "update",
        ids: [created["团契"]!.id],
        data: { name: "祈祷" },
      },
    });
    expect(batch.json().code, batch.body).toBe(0);
    // ài xīn, chá jīng, dǎo gào, fú yīn, qí dǎo.
    expect(await names("ASC")).toEqual([
      "爱心",
      "查经",
      "祷告",
      "福音",
      "祈祷",
    ]);
  });

  test("answers getMany with an id filter", async () => {
    const a = await createTag({ name: "a-tag" });
    await createTag({ name: "b-tag" });
    const c = await createTag({ name: "c-tag" });
    const body = (await list({ filter: { id: [a.id, c.id] } })).json();
    expect(body.data.list.map((tag: { id: number }) => tag.id).sort()).toEqual(
      [a.id, c.id].sort(),
    );
  });

  test("searches names in both languages, indexed or not", async () => {
    await createTag({ name: "福音书", nameEn: "Gospels" });
    await createTag({ name: "诗篇", nameEn: "Psalms" });
    await createTag({ name: "福音", nameEn: "Good news" });
    const names = async (q: string) =>
      (await list({ filter: { q }, sort: ["name", "ASC"] }))
        .json()
        .data.list.map((tag: { name: string }) => tag.name);
    expect(await names("gospel")).toEqual(["福音书"]); // 3+ characters: the trigram index
    expect(await names("福音")).toEqual(["福音", "福音书"]); // 2 characters: the LIKE fallback
    expect(await names("PSA")).toEqual(["诗篇"]);
    expect(await names("news good")).toEqual(["福音"]); // every word must match
    expect(await names("100%")).toEqual([]); // LIKE wildcards are literal
    expect(await names('"')).toHaveLength(3); // nothing left to search for: everything
  });

  test("counts keyword matches exactly, whichever way the count is taken", async () => {
    for (let i = 0; i < 30; i += 1) {
      await createTag({
        name: `赞美诗-${i}`,
        nameEn: i % 3 === 0 ? "Hymn of praise" : `Song ${i}`,
      });
    }
    const cases: [string, number][] = [
      ["赞美诗", 30], // one indexed word: counted on the index alone
      ["hymn praise", 10], // several indexed words
      ["赞美", 30], // a short word: the general count
      ["praise 赞美诗-2", 3], // mixed: 赞美诗-21, -24, -27
    ];
    for (const [q, expected] of cases) {
      const body = (await list({ filter: { q }, range: [0, 4] })).json();
      expect(body.data.total, q).toBe(expected);
      expect(body.data.list.length, q).toBe(Math.min(5, expected));
    }
  });

  test("rejects unknown sort and filter fields, bad JSON and oversized pages with 40000", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ sort: ["passwordHash", "ASC"] }, "sort"],
      [{ sort: ["name", "SIDEWAYS"] }, "sort"],
      [{ sort: "[name" }, "sort"],
      [{ filter: { secret: 1 } }, "filter.secret"],
      [{ filter: { q: 5 } }, "filter.q"],
      [{ filter: "{" }, "filter"],
      [{ filter: { id: ["x"] } }, "filter.id"],
      [{ range: [0, 100] }, "range"],
      [{ range: [5, 1] }, "range"],
      [{ range: [-1, 3] }, "range"],
      [{ range: "[0,1" }, "range"],
    ];
    for (const [query, field] of cases) {
      const response = await list(query, editor, "en-US");
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().code).toBe(Code.VALIDATION);
      expect(
        Object.keys(response.json().data.errors),
        JSON.stringify(query),
      ).toContain(field);
    }
  });

  test("allows a page of exactly 100", async () => {
    expect((await list({ range: [0, 99] })).json().code).toBe(0);
  });
});

describe("GET /tjc/tags/:id", () => {
  rejectsWithoutSessionAndPermission("GET", "/tjc/tags/1");

  test("answers one tag, or 40400", async () => {
    const tag = await createTag({
      name: "讲道",
      nameEn: "Sermon",
      sortOrder: 3,
    });
    const body = (
      await t.request({
        method: "GET",
        url: `/tjc/tags/${tag.id}`,
        token: editor,
      })
    ).json();
    expect(body.data).toMatchObject({
      id: tag.id,
      name: "讲道",
      nameEn: "Sermon",
      sortOrder: 3,
      version: 1,
    });
    expect(body.data.createdAt).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
    );
    const missing = await t.request({
      method: "GET",
      url: `/tjc/tags/${tag.id + 1000}`,
      token: editor,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(Code.NOT_FOUND);
  });

  test("rejects an id that is not a positive integer with 40000", async () => {
    for (const id of ["abc", "-1", "1.5", "99999999999999"]) {
      const response = await t.request({
        method: "GET",
        url: `/tjc/tags/${id}`,
        token: editor,
      });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().code).toBe(Code.VALIDATION);
    }
  });
});

describe("POST /tjc/tags", () => {
  rejectsWithoutSessionAndPermission("POST", "/tjc/tags", { name: "x" });

  test("creates a tag with version 1 and trims the names", async () => {
    const tag = await createTag({ name: "  祷告 ", nameEn: "" });
    expect(tag).toMatchObject({
      name: "祷告",
      nameEn: null,
      version: 1,
      sortOrder: 0,
    });
  });

  test("answers 40900 naming the field for a duplicate name", async () => {
    await createTag({ name: "唯一" });
    const response = await t.request({
      method: "POST",
      url: "/tjc/tags",
      token: editor,
      payload: { name: "唯一" },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe(Code.CONFLICT);
    expect(Object.keys(response.json().data.errors)).toEqual(["name"]);
  });

  test("rejects missing, empty, overlong and mistyped fields with 40000", async () => {
    const bad = [
      {},
      { name: "" },
      { name: "x".repeat(65) },
      { name: "ok", sortOrder: "3" },
      { name: "ok", sortOrder: -1 },
    ];
    for (const payload of bad) {
      const response = await t.request({
        method: "POST",
        url: "/tjc/tags",
        token: editor,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe(Code.VALIDATION);
    }
    expect((await list({})).json().data.total).toBe(0);
  });
});

describe("PUT /tjc/tags/:id", () => {
  rejectsWithoutSessionAndPermission("PUT", "/tjc/tags/1", {
    name: "x",
    version: 1,
  });

  test("an emptied sort order (null, as a cleared number input sends it) goes back to 0", async () => {
    const tag = await createTag({ name: "清空", sortOrder: 9 });
    const response = await t.request({
      method: "PUT",
      url: `/tjc/tags/${tag.id}`,
      token: editor,
      payload: { name: "清空", sortOrder: null, version: tag.version },
    });
    expect(response.json().code, response.body).toBe(0);
    expect(response.json().data).toMatchObject({ sortOrder: 0, version: 2 });
    const created = await createTag({ name: "新建时清空", sortOrder: null });
    expect(created).toMatchObject({ sortOrder: 0 });
  });

  test("updates with the current version and bumps it", async () => {
    const tag = await createTag({ name: "旧名" });
    const response = await t.request({
      method: "PUT",
      url: `/tjc/tags/${tag.id}`,
      token: editor,
      // react-admin sends the whole record back; the extra fields are ignored.
      payload: { ...tag, name: "新名", version: tag.version },
    });
    expect(response.json().data).toMatchObject({ name: "新名", version: 2 });
  });

  test("answers 40900 for a stale version and keeps the newer data", async () => {
    const tag = await createTag({ name: "版本" });
    await t.request({
      method: "PUT",
      url: `/tjc/tags/${tag.id}`,
      token: editor,
      payload: { name: "第一次", version: 1 },
    });
    const stale = await t.request({
      method: "PUT",
      url: `/tjc/tags/${tag.id}`,
      token: editor,
      payload: { name: "第二次", version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data.errors).toHaveProperty("version");
    const current = (
      await t.request({
        method: "GET",
        url: `/tjc/tags/${tag.id}`,
        token: editor,
      })
    ).json().data;
    expect(current).toMatchObject({ name: "第一次", version: 2 });
  });

  test("answers 40900 for a name another tag has, and 40400 for a missing tag", async () => {
    await createTag({ name: "占用" });
    const tag = await createTag({ name: "自己" });
    const duplicate = await t.request({
      method: "PUT",
      url: `/tjc/tags/${tag.id}`,
      token: editor,
      payload: { name: "占用", version: 1 },
    });
    expect(duplicate.json().code).toBe(Code.CONFLICT);
    expect(duplicate.json().data.errors).toHaveProperty("name");
    const missing = await t.request({
      method: "PUT",
      url: "/tjc/tags/999999",
      token: editor,
      payload: { name: "x", version: 1 },
    });
    expect(missing.json().code).toBe(Code.NOT_FOUND);
  });

  test("requires the version", async () => {
    const tag = await createTag({ name: "无版本" });
    const response = await t.request({
      method: "PUT",
      url: `/tjc/tags/${tag.id}`,
      token: editor,
      payload: { name: "x" },
    });
    expect(response.json().data.errors).toHaveProperty("version");
  });
});

describe("DELETE /tjc/tags/:id", () => {
  rejectsWithoutSessionAndPermission("DELETE", "/tjc/tags/1");

  test("deletes a tag and answers it; a second delete is 40400", async () => {
    const tag = await createTag({ name: "删除" });
    const first = await t.request({
      method: "DELETE",
      url: `/tjc/tags/${tag.id}`,
      token: editor,
    });
    expect(first.json().data.name).toBe("删除");
    const second = await t.request({
      method: "DELETE",
      url: `/tjc/tags/${tag.id}`,
      token: editor,
    });
    expect(second.json().code).toBe(Code.NOT_FOUND);
  });
});

describe("POST /tjc/tags/batch", () => {
  rejectsWithoutSessionAndPermission("POST", "/tjc/tags/batch", {
    action: "delete",
    ids: [1],
  });

  test("deletes several at once and answers the ids it deleted", async () => {
    const a = await createTag({ name: "批量一" });
    const b = await createTag({ name: "批量二" });
    const c = await createTag({ name: "批量三" });
    const response = await t.request({
      method: "POST",
      url: "/tjc/tags/batch",
      token: editor,
      payload: { action: "delete", ids: [a.id, b.id, 999999] },
    });
    expect(response.json().data.ids.sort()).toEqual([a.id, b.id].sort());
    expect(
      (await list({})).json().data.list.map((tag: { id: number }) => tag.id),
    ).toEqual([c.id]);
  });

  test("updates several at once, only the fields sent, bumping versions", async () => {
    const a = await createTag({ name: "排序一", sortOrder: 1 });
    const b = await createTag({ name: "排序二", sortOrder: 2 });
    const response = await t.request({
      method: "POST",
      url: "/tjc/tags/batch",
      token: editor,
      payload: {
        action: "update",
        ids: [a.id, b.id],
        data: { nameEn: "Same" },
      },
    });
    expect(response.json().code).toBe(0);
    const rows = (await list({ sort: ["id", "ASC"] })).json().data.list;
    expect(rows).toMatchObject([
      { name: "排序一", nameEn: "Same", sortOrder: 1, version: 2 },
      { name: "排序二", nameEn: "Same", sortOrder: 2, version: 2 },
    ]);
  });

  test("is all or nothing: a batch update that would duplicate a name changes nothing", async () => {
    const a = await createTag({ name: "原子一" });
    const b = await createTag({ name: "原子二" });
    const response = await t.request({
      method: "POST",
      url: "/tjc/tags/batch",
      token: editor,
      payload: { action: "update", ids: [a.id, b.id], data: { name: "同名" } },
    });
    expect(response.json().code).toBe(Code.CONFLICT);
    const names = (await list({ sort: ["id", "ASC"] }))
      .json()
      .data.list.map((tag: { name: string }) => tag.name);
    expect(names).toEqual(["原子一", "原子二"]);
  });

  test("rejects an unknown action, empty ids and an empty update", async () => {
    const bad = [
      { action: "explode", ids: [1] },
      { action: "delete", ids: [] },
      { action: "update", ids: [1], data: {} },
      { action: "delete", ids: "1" },
    ];
    for (const payload of bad) {
      const response = await t.request({
        method: "POST",
        url: "/tjc/tags/batch",
        token: editor,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe(Code.VALIDATION);
    }
  });

  test("checks the permission of the action: a moderator may neither delete nor update tags", async () => {
    const moderator = await t.loginAs("moderator");
    for (const payload of [
      { action: "delete", ids: [1] },
      { action: "update", ids: [1], data: { sortOrder: 1 } },
    ]) {
      const response = await t.request({
        method: "POST",
        url: "/tjc/tags/batch",
        token: moderator,
        payload,
      });
      expect(response.json().code).toBe(Code.FORBIDDEN);
    }
  });
});

describe("GET /tjc/tags/export", () => {
  rejectsWithoutSessionAndPermission("GET", "/tjc/tags/export?format=csv");

  test("streams every matching row as CSV, not one page", async () => {
    const rows = Array.from({ length: 1203 }, (_, i) => ({
      name: `导出-${String(i).padStart(4, "0")}`,
      nameEn: i % 2 ? "odd" : "even",
      sortOrder: i,
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await t.app.store.db
        .insertInto("tags")
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const response = await t.request({
      method: "GET",
      url:
        "/tjc/tags/export?format=csv&sort=" +
        encodeURIComponent('["sortOrder","ASC"]'),
      token: editor,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toMatch(
      /attachment; filename="tags-\d+\.csv"/,
    );
    // No Accept-Language: zh-CN headers; no tz: times in UTC, and the header says so.
    expect(
      response.body.startsWith(
        "\uFEFF编号,名称,英文名称,排序,创建时间 (UTC),更新时间 (UTC)\n",
      ),
    ).toBe(true);
    const lines = response.body.trim().split("\n");
    expect(lines).toHaveLength(1 + 1203);
    expect(lines[1]).toContain("导出-0000");
    expect(lines[1203]).toContain("导出-1202");

    const filtered = await t.request({
      method: "GET",
      url:
        "/tjc/tags/export?format=csv&filter=" +
        encodeURIComponent('{"q":"odd"}'),
      token: editor,
    });
    expect(filtered.body.trim().split("\n")).toHaveLength(1 + 601);
  });

  test("an export that matches no row is the header line alone", async () => {
    const response = await t.request({
      method: "GET",
      url:
        "/tjc/tags/export?format=csv&filter=" +
        encodeURIComponent('{"q":"zqxjkvw"}'),
      token: editor,
      language: "en-US",
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(
      "\uFEFFID,Name,English name,Sort order,Created (UTC),Updated (UTC)\n",
    );
  });

  test("writes headers in the caller's language and times in the zone asked for, named in the header", async () => {
    await t.app.store.db
      .insertInto("tags")
      .values({
        name: "时区",
        nameEn: "Zone",
        namePinyin: "shi2 qu1",
        sortOrder: 3,
        createdAt: "2026-01-01T16:30:00.000Z",
        updatedAt: "2026-07-01T12:00:05.000Z",
      })
      .execute();
    const exportIn = (language: string, tz?: string) =>
      t.request({
        method: "GET",
        url: `/tjc/tags/export?format=csv${tz ? `&tz=${encodeURIComponent(tz)}` : ""}`,
        token: editor,
        language,
      });
    const lines = async (language: string, tz?: string) =>
      (await exportIn(language, tz)).body
        .replace("\uFEFF", "")
        .trim()
        .split("\n");

    expect(await lines("zh-CN", "Asia/Shanghai")).toEqual([
      '编号,名称,英文名称,排序,"创建时间 (Asia/Shanghai, UTC+08:00)","更新时间 (Asia/Shanghai, UTC+08:00)"',
      expect.stringMatching(
        /,时区,Zone,3,2026-01-02 00:30:00,2026-07-01 20:00:05$/,
      ),
    ]);
    expect(await lines("en-US", "America/New_York")).toEqual([
      "ID,Name,English name,Sort order,Created (America/New_York),Updated (America/New_York)",
      expect.stringMatching(
        /,时区,Zone,3,2026-01-01 11:30:00,2026-07-01 08:00:05$/,
      ),
    ]);
    expect(await lines("en-US")).toEqual([
      "ID,Name,English name,Sort order,Created (UTC),Updated (UTC)",
      expect.stringMatching(/,Zone,3,2026-01-01 16:30:00,2026-07-01 12:00:05$/),
    ]);
  });

  test("refuses an unknown time zone with a field error in the caller's language", async () => {
    const messages = new Set<string>();
    for (const language of ["zh-CN", "en-US"]) {
      for (const tz of ["Mars/Olympus", "x".repeat(65), "UTC+8"]) {
        const response = await t.request({
          method: "GET",
          url: `/tjc/tags/export?format=csv&tz=${encodeURIComponent(tz)}`,
          token: editor,
          language,
        });
        expect(response.statusCode, tz).toBe(400);
        expect(response.json().code).toBe(Code.VALIDATION);
        messages.add(`${language}:${response.json().data.errors.tz}`);
      }
    }
    expect([...messages].some((m) => m.startsWith("zh-CN:未知的时区"))).toBe(
      true,
    );
    expect(
      [...messages].some((m) => m.startsWith("en-US:Unknown time zone")),
    ).toBe(true);
  });

  test("quotes cells that a spreadsheet would run as formulas", async () => {
    await createTag({ name: '=HYPERLINK("http://evil")', nameEn: "a,b" });
    const body = (
      await t.request({
        method: "GET",
        url: "/tjc/tags/export?format=csv",
        token: editor,
      })
    ).body;
    expect(body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(body).toContain(`"a,b"`);
  });

  test("rejects an unknown format and an unknown filter field with 40000", async () => {
    for (const url of [
      "/tjc/tags/export?format=xlsx",
      "/tjc/tags/export?filter=%7B%22nope%22%3A1%7D",
    ]) {
      const response = await t.request({ method: "GET", url, token: editor });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe(Code.VALIDATION);
    }
  });
});

describe("input no store can hold", () => {
  test("a NUL character in a body or a filter is 40000 on both stores, never a 500", async () => {
    const body = await t.request({
      method: "POST",
      url: "/tjc/tags",
      token: editor,
      payload: { name: "a\u0000b" },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().data.errors).toHaveProperty("name");
    const filter = await list({ filter: { q: "a\u0000b" } });
    expect(filter.statusCode).toBe(400);
    expect(filter.json().data.errors).toHaveProperty("filter.q");
  });

  test("odd but valid text round-trips: quotes, backslashes, emoji, lone surrogates are stored or refused cleanly", async () => {
    for (const name of [
      'say "amen"',
      "back\\slash",
      "以马内利 🙏",
      "100% _sure_",
    ]) {
      const created = await createTag({ name });
      expect(created.name).toBe(name);
      const found = (await list({ filter: { q: name } })).json().data.list;
      expect(found.map((tag: { name: string }) => tag.name)).toContain(name);
    }
    const surrogate = await t.request({
      method: "POST",
      url: "/tjc/tags",
      token: editor,
      payload: { name: "x\ud800y" },
    });
    expect(surrogate.statusCode).toBeLessThan(500);
  });
});

describe("bidirectional control characters", () => {
  test.each([
    "\u202A",
    "\u202B",
    "\u202C",
    "\u202D",
    "\u202E",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
  ])(
    "U+%s is refused in a name, an English name and a batch update",
    async (control) => {
      const bodies = [
        {
          url: "/tjc/tags",
          method: "POST",
          payload: { name: `ab${control}c` },
        },
        {
          url: "/tjc/tags",
          method: "POST",
          payload: { name: "plain", nameEn: `x${control}y` },
        },
        {
          url: "/tjc/tags/batch",
          method: "POST",
          payload: {
            action: "update",
            ids: [1],
            data: { name: `${control}z` },
          },
        },
      ] as const;
      for (const body of bodies) {
        const response = await t.request({ ...body, token: editor });
        expect(response.statusCode).toBe(400);
        const errors = response.json().data.errors;
        expect(Object.values(errors)).toContain("不能包含双向文本控制字符");
      }
      const en = await t.request({
        ...bodies[0],
        token: editor,
        language: "en-US",
      });
      expect(en.json().data.errors.name).toBe(
        "Must not contain bidirectional control characters",
      );
    },
  );

  test("other right-to-left text stays welcome", async () => {
    const created = await createTag({ name: "שָׁלוֹם سلام" });
    expect(created.name).toBe("שָׁלוֹם سلام");
  });
});

describe("numbers beyond the store's integers", () => {
  test("an id or version over 2^31-1 is 40000 on both stores, never a 500", async () => {
    const tag = await createTag({ name: "大数" });
    const filter = await list({ filter: { id: 3_000_000_000 } });
    expect(filter.statusCode).toBe(400);
    const put = await t.request({
      method: "PUT",
      url: `/tjc/tags/${tag.id}`,
      token: editor,
      payload: { name: "大数", version: 3_000_000_000 },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().data.errors).toHaveProperty("version");
  });
});

describe("oversized input", () => {
  test("a batch of more than 1000 ids, a getMany of more than 100 and a 201-character keyword are 40000", async () => {
    const batch = await t.request({
      method: "POST",
      url: "/tjc/tags/batch",
      token: editor,
      payload: {
        action: "delete",
        ids: Array.from({ length: 1001 }, (_, i) => i + 1),
      },
    });
    expect(batch.statusCode).toBe(400);
    expect(batch.json().data.errors).toHaveProperty("ids");
    const many = await list({
      filter: { id: Array.from({ length: 101 }, (_, i) => i + 1) },
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().data.errors).toHaveProperty("filter.id");
    const keyword = await list({ filter: { q: "x".repeat(201) } });
    expect(keyword.statusCode).toBe(400);
    expect(keyword.json().data.errors).toHaveProperty("filter.q");
    expect((await list({ filter: { q: "x".repeat(200) } })).statusCode).toBe(
      200,
    );
  });
});
