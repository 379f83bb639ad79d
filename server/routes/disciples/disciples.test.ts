import iconv from "iconv-lite";
import { userHolding } from "../../test/system.js";
import { sql, type Kysely } from "kysely";
import { parse } from "csv-parse/sync";
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  test,
} from "vitest";
import { Code } from "../../../common/codes.js";
import { DISCIPLE_SORT_FIELDS } from "../../../common/schemas/disciple.js";
import { keywordCondition } from "../../db/search.js";
import { sortColumn } from "../../resources/sort-keys.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { discipleResource } from "./index.js";

let t: TestApp;
let admin: string;
let editor: string;
let member: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs("admin");
  editor = await t.loginAs("editor");
  member = await t.loginAs("member");
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.app.store.db.deleteFrom("disciples").execute();
  await t.app.store.db
    .deleteFrom("contentTags")
    .where("resource", "=", "disciples")
    .execute();
  await t.app.store.db
    .deleteFrom("auditLogs")
    .where("resource", "=", "disciples")
    .execute();
});

const ZHANG = {
  name: "张三",
  gender: "male",
  birthDate: "1985-03-14",
  phone: "13812345678",
  email: "zhangsan@example.org",
  address: "广东省广州市天河区体育西路1号",
  regionCode: "440106",
  congregation: "广州教会",
  status: "active",
};

async function create(payload: Record<string, unknown>, token = admin) {
  const response = await t.request({
    method: "POST",
    url: "/tjc/disciples",
    token,
    payload,
  });
  expect(response.json().code, response.body).toBe(0);
  return response.json().data as Record<string, unknown> & {
    id: number;
    version: number;
  };
}

function list(query: Record<string, unknown>, token = admin) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    params.set(key, typeof value === "string" ? value : JSON.stringify(value));
  return t.request({ method: "GET", url: `/tjc/disciples?${params}`, token });
}

/** A multipart body: the fields first, then the file. */
function form(
  file: Buffer | string | undefined,
  fields: Record<string, string> = {},
) {
  const boundary = "----disciples";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  if (file !== undefined)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="people.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      typeof file === "string" ? Buffer.from(file) : file,
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  };
}

function importStep(
  step: "preview" | "commit",
  file: Buffer | string | undefined,
  fields: Record<string, string> = {},
  token = admin,
  language?: string,
) {
  return t.request({
    method: "POST",
    url: `/tjc/disciples/import/${step}`,
    token,
    language,
    ...form(file, fields),
  });
}

const count = async () =>
  Number(
    (
      await t.app.store.db
        .selectFrom("disciples")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

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

describe("GET /tjc/disciples", () => {
  rejectsWithoutSessionAndPermission("GET", "/tjc/disciples");

  test("an admin (disciple:contact) reads contact fields in full", async () => {
    await create(ZHANG);
    const row = (await list({})).json().data.list[0];
    expect(row).toMatchObject({
      phone: "13812345678",
      email: "zhangsan@example.org",
      address: ZHANG.address,
      birthDate: "1985-03-14",
      contactMasked: false,
    });
  });

  test("an editor (no disciple:contact) reads them masked, and the full value is nowhere in the answer", async () => {
    const created = await create(ZHANG);
    for (const response of [
      await list({}, editor),
      await t.request({
        method: "GET",
        url: `/tjc/disciples/${created.id}`,
        token: editor,
      }),
    ]) {
      expect(response.json().code).toBe(0);
      for (const secret of [
        "13812345678",
        "12345678",
        "zhangsan",
        "体育西路",
        "03-14",
      ])
        expect(response.body).not.toContain(secret);
    }
    // A keyword search's highlights are cut from the masked values too; without
    // disciple:contact the keyword matches the name only (issue 25 item 3).
    for (const [q, found] of [
      ["zhangsan", 0],
      ["13812345678", 0],
      ["张三", 1],
    ] as const) {
      const searched = await list({ filter: { q } }, editor);
      expect(searched.json().data.list, q).toHaveLength(found);
      for (const secret of ["zhangsan", "12345678", "体育西路"])
        expect(searched.body, q).not.toContain(secret);
    }
    const row = (await list({}, editor)).json().data.list[0];
    expect(row).toMatchObject({
      phone: "138****5678",
      email: "z***@example.org",
      birthDate: "1985-**-**",
      contactMasked: true,
      name: "张三",
      congregation: "广州教会",
    });
    expect(row.address).toMatch(/^广东省\S{0,3}\*\*\*\*$/);
  });

  test("filters by keyword, gender, status, congregation, date range and tag", async () => {
    const tag = await t.app.store.db
      .insertInto("tags")
      .values({
        name: "诗班",
        sortOrder: 0,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await create({ ...ZHANG, tagIds: [tag.id] });
    await create({
      name: "李四",
      gender: "female",
      phone: "13900001111",
      status: "moved",
      congregation: "深圳教会",
      baptismDate: "2001-05-01",
    });
    await create({ name: "王五", email: "wangwu@example.org" });
    const names = async (filter: object) => {
      const body = (await list({ filter })).json();
      expect(body.code, JSON.stringify(body)).toBe(0);
      return (body.data.list as { name: string }[]).map((r) => r.name).sort();
    };
    expect(await names({ q: "1390000" })).toEqual(["李四"]);
    expect(await names({ q: "wangwu" })).toEqual(["王五"]);
    expect(await names({ gender: "female" })).toEqual(["李四"]);
    expect(await names({ status: "moved" })).toEqual(["李四"]);
    expect(await names({ congregation: "广州教会" })).toEqual(["张三"]);
    expect(await names({ baptismDateFrom: "2000-01-01" })).toEqual(["李四"]);
    expect(await names({ baptismDateTo: "2000-01-01" })).toEqual([]);
    expect(await names({ tagId: tag.id })).toEqual(["张三"]);
  });

  test("a province matches its cities and districts, a city its districts", async () => {
    await create({ name: "天河", regionCode: "440106" }); // 广州市天河区
    await create({ name: "东莞", regionCode: "441900" }); // 东莞市
    await create({ name: "北京", regionCode: "110101" }); // 北京市东城区
    await create({ name: "无地区" });
    const names = async (regionCode: string) =>
      (
        (await list({ filter: { regionCode } })).json().data.list as {
          name: string;
        }[]
      )
        .map((r) => r.name)
        .sort();
    expect(await names("440000")).toEqual(["东莞", "天河"]);
    expect(await names("440100")).toEqual(["天河"]);
    expect(await names("440106")).toEqual(["天河"]);
    expect(await names("110000")).toEqual(["北京"]);
    const bad = await list({ filter: { regionCode: "44" } });
    expect(bad.json().code).toBe(Code.VALIDATION);
  });

  test("sorts by name in pinyin order", async () => {
    for (const name of ["赵六", "安七", "孙八"]) await create({ name });
    const body = (await list({ sort: ["name", "ASC"] })).json();
    expect(body.data.list.map((r: { name: string }) => r.name)).toEqual([
      "安七",
      "孙八",
      "赵六",
    ]);
  });
});

describe("POST /tjc/disciples", () => {
  rejectsWithoutSessionAndPermission("POST", "/tjc/disciples", ZHANG);

  test("refuses bad input with field errors in the caller's language", async () => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/disciples",
      token: admin,
      language: "en-US",
      payload: {
        name: " ",
        gender: "x",
        birthDate: "2001-02-30",
        phone: "call me",
        email: "nope",
        regionCode: "999999",
        countryCode: "ZZZ",
        status: "gone",
      },
    });
    expect(response.statusCode).toBe(400);
    const errors = response.json().data.errors;
    for (const field of [
      "name",
      "gender",
      "birthDate",
      "phone",
      "email",
      "regionCode",
      "countryCode",
      "status",
    ])
      expect(errors[field], field).toBeTypeOf("string");
    expect(await count()).toBe(0);
  });

  test("refuses a birth date in the future at its field, in both languages", async () => {
    for (const [language, wording] of [
      ["zh-CN", "出生日期不能晚于今天"],
      ["en-US", "A birth date cannot be later than today"],
    ] as const) {
      const response = await t.request({
        method: "POST",
        url: "/tjc/disciples",
        token: admin,
        language,
        payload: { name: "未来人", birthDate: "2099-01-01" },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe(Code.VALIDATION);
      expect(response.json().data.errors.birthDate).toBe(wording);
    }
    expect(await count()).toBe(0);
  });

  test("an unknown tag is refused and nothing is written", async () => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/disciples",
      token: admin,
      payload: { name: "赵六", tagIds: [987654] },
    });
    expect(response.json().code).toBe(Code.VALIDATION);
    expect(await count()).toBe(0);
  });
});

describe("PUT /tjc/disciples/:id", () => {
  rejectsWithoutSessionAndPermission("PUT", "/tjc/disciples/1", {
    name: "x",
    version: 1,
  });

  test("an editor's update leaves the contact fields alone, and the answer stays masked", async () => {
    const created = await create(ZHANG);
    const response = await t.request({
      method: "PUT",
      url: `/tjc/disciples/${created.id}`,
      token: editor,
      payload: {
        name: "张三丰",
        phone: "13000000000",
        email: "other@example.org",
        version: created.version,
      },
    });
    expect(response.json().code, response.body).toBe(0);
    expect(response.json().data).toMatchObject({
      name: "张三丰",
      phone: "138****5678",
      contactMasked: true,
    });
    const stored = await t.app.store.db
      .selectFrom("disciples")
      .selectAll()
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(stored.phone).toBe("13812345678");
    expect(stored.email).toBe("zhangsan@example.org");
  });

  test("a stale version is 40900", async () => {
    const created = await create(ZHANG);
    const put = (version: number) =>
      t.request({
        method: "PUT",
        url: `/tjc/disciples/${created.id}`,
        token: admin,
        payload: { ...ZHANG, notes: `v${version}`, version },
      });
    expect((await put(created.version)).json().code).toBe(0);
    expect((await put(created.version)).json().code).toBe(Code.CONFLICT);
  });
});

describe("GET /tjc/disciples/export", () => {
  rejectsWithoutSessionAndPermission("GET", "/tjc/disciples/export");

  test("masks for an editor, not for an admin, and records each export with its filter and rows", async () => {
    await create(ZHANG);
    await create({ name: "李四", phone: "13900001111", status: "moved" });
    const exported = async (token: string, filter?: object) => {
      const query = filter
        ? `?filter=${encodeURIComponent(JSON.stringify(filter))}`
        : "";
      const response = await t.request({
        method: "GET",
        url: `/tjc/disciples/export${query}`,
        token,
        language: "en-US",
      });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    const full = await exported(admin);
    expect(full).toContain("13812345678");
    expect(full).toContain("zhangsan@example.org");
    const masked = await exported(editor, { status: "active" });
    expect(masked).not.toContain("13812345678");
    expect(masked).not.toContain("zhangsan");
    expect(masked).toContain("138****5678");
    const rows = parse(masked.replace(/^\uFEFF/, ""), { columns: true });
    expect(rows).toHaveLength(1);

    const audits = await t.app.store.db
      .selectFrom("auditLogs")
      .selectAll()
      .where("resource", "=", "disciples")
      .where("action", "=", "export")
      .orderBy("id")
      .execute();
    expect(audits).toHaveLength(2);
    const last = JSON.parse(audits[1]!.changes) as Record<
      string,
      [unknown, unknown]
    >;
    expect(last.filter![1]).toEqual({ status: "active" });
    expect(last.rows![1]).toBe(1);
    expect(JSON.parse(audits[0]!.changes).rows[1]).toBe(2);
  });
});

describe("the contact mask holds against searches, filters and sorts (issue 25 item 3)", () => {
  const VICTIM = {
    name: "陈弟兄",
    phone: "15812344913",
    email: "chen.victim@example.org",
    birthDate: "1979-06-15",
    address: "广东省深圳市南山区科技园1号",
  };
  beforeEach(async () => {
    await create(VICTIM);
    await create({
      name: "林姊妹",
      phone: "13700000000",
      email: "lin@example.net",
      birthDate: "1990-01-01",
    });
  });

  /** What a caller learns from a list: its status, code, total and names. */
  const probe = async (
    token: string,
    filter: object,
    sort?: [string, string],
  ) => {
    const response = await list(
      sort ? { filter, sort: JSON.stringify(sort) } : { filter },
      token,
    );
    const body = response.json();
    return {
      status: response.statusCode,
      code: body.code,
      total: body.data?.total,
      names: ((body.data?.list ?? []) as { name: string }[]).map((r) => r.name),
    };
  };

  test("keyword searches of the phone's digits and the e-mail's local part tell an editor nothing", async () => {
    // Right guesses of the hidden digits and the local part, and wrong ones.
    const right = [
      "2344",
      "1234",
      "4913",
      "158123",
      "15812344913",
      "chen",
      "chen.v",
      "chen.victim",
      "victim@example.org",
      "example.org",
    ];
    const wrong = ["0000", "9999", "1581111", "zzzz", "lim@"];
    const nothing = await probe(editor, { q: "0000" });
    expect(nothing).toEqual({ status: 200, code: 0, total: 0, names: [] });
    for (const q of [...right, ...wrong])
      expect(await probe(editor, { q }), q).toEqual(nothing);
    // The same searches still find for a holder of disciple:contact.
    for (const q of right)
      expect((await probe(admin, { q })).names, q).toContain("陈弟兄");
    for (const q of wrong)
      expect((await probe(admin, { q })).names, q).not.toContain("陈弟兄");
    // An editor still finds by name, and reads the record masked.
    const byName = await list({ filter: { q: "陈弟兄" } }, editor);
    expect(byName.json().data.list).toHaveLength(1);
    expect(byName.json().data.list[0].phone).toBe("158****4913");
    expect(byName.body).not.toContain("1234");
  });

  test("filters and sorts on masked fields are 40300 for an editor, in both languages, and work with disciple:contact", async () => {
    const probes: [object, [string, string] | undefined, string][] = [
      [{ birthDateFrom: "1979-06-01" }, undefined, "filter.birthDateFrom"],
      [{ birthDateTo: "1979-06-30" }, undefined, "filter.birthDateTo"],
      [
        { birthDateFrom: "1979-06-15", birthDateTo: "1979-06-15" },
        undefined,
        "filter.birthDateTo",
      ],
      [{}, ["birthDate", "ASC"], "sort"],
    ];
    for (const [filter, sort, field] of probes) {
      for (const [language, wording] of [
        ["zh-CN", /没有查看联系方式的权限/],
        ["en-US", /You may not see contact details/],
      ] as const) {
        const params = new URLSearchParams({ filter: JSON.stringify(filter) });
        if (sort) params.set("sort", JSON.stringify(sort));
        for (const path of ["/tjc/disciples", "/tjc/disciples/export"]) {
          const response = await t.request({
            method: "GET",
            url: `${path}?${params}`,
            token: editor,
            language,
          });
          const label = `${path} ${params} ${language}`;
          expect(response.statusCode, label).toBe(403);
          expect(response.json().code, label).toBe(Code.FORBIDDEN);
          expect(response.json().data.errors[field], label).toMatch(wording);
        }
      }
    }
    expect(
      (
        await probe(admin, {
          birthDateFrom: "1979-06-15",
          birthDateTo: "1979-06-15",
        })
      ).names,
    ).toEqual(["陈弟兄"]);
    expect((await probe(admin, {}, ["birthDate", "DESC"])).names).toEqual([
      "林姊妹",
      "陈弟兄",
    ]);
    // A filter on a field that is not masked still works for an editor.
    expect((await probe(editor, { q: "林" })).names).toEqual(["林姊妹"]);
  });

  test("the CSV export of a keyword search does not match masked fields either", async () => {
    const exported = async (token: string, q: string) => {
      const response = await t.request({
        method: "GET",
        url: `/tjc/disciples/export?filter=${encodeURIComponent(JSON.stringify({ q }))}`,
        token,
        language: "en-US",
      });
      expect(response.statusCode).toBe(200);
      return parse(response.body.replace(/^\uFEFF/, ""), {
        columns: true,
      }) as Record<string, string>[];
    };
    for (const q of ["4913", "2344", "chen.victim"])
      expect(await exported(editor, q), q).toEqual([]);
    expect((await exported(editor, "陈")).map((row) => row.Phone)).toEqual([
      "158****4913",
    ]);
    expect((await exported(admin, "2344")).map((row) => row.Phone)).toEqual([
      "15812344913",
    ]);
  });
});

describe("GET /tjc/disciples/summary", () => {
  rejectsWithoutSessionAndPermission("GET", "/tjc/disciples/summary");

  test("counts by status", async () => {
    await create({ name: "甲" });
    await create({ name: "乙", status: "moved" });
    await create({ name: "丙", status: "moved" });
    const body = (
      await t.request({
        method: "GET",
        url: "/tjc/disciples/summary",
        token: editor,
      })
    ).json();
    expect(body.data).toEqual({
      total: 3,
      byStatus: { active: 1, inactive: 0, moved: 2, deceased: 0 },
    });
  });
});

const CSV_HEADER = "姓名,性别,电话,电子邮箱,出生日期,状态,地区\n";

describe("POST /tjc/disciples/import/preview", () => {
  rejectsWithoutSessionAndPermission(
    "POST",
    "/tjc/disciples/import/preview",
    {},
  );

  test("without disciple:contact the import is refused: its duplicate check would tell a masked phone", async () => {
    await create(ZHANG);
    const { token } = await userHolding(t, [
      "disciple:read",
      "disciple:create",
    ]);
    // One known name with candidate phones: a duplicate would confirm the number.
    const csv =
      CSV_HEADER + "张三,男,13812345678,,,,\n" + "张三,男,13812345679,,,,\n";
    for (const step of ["preview", "commit"] as const) {
      const response = await importStep(step, csv, {}, token, "en-US");
      const body = response.json();
      expect(body.code, response.body).toBe(Code.FORBIDDEN);
      expect(body.message).toMatch(/see contact details/);
      expect(body.data).not.toHaveProperty("duplicates");
      expect(body.data).not.toHaveProperty("rows");
    }
    expect(await count()).toBe(1);
    // With the permission the same file is previewed, its first row a duplicate.
    const holder = await userHolding(t, [
      "disciple:read",
      "disciple:create",
      "disciple:contact",
    ]);
    const allowed = await importStep("preview", csv, {}, holder.token);
    expect(allowed.json().data.duplicates).toBe(1);
  });

  test("validates every row and finds duplicates, in the file and stored", async () => {
    await create(ZHANG);
    const csv =
      "\uFEFF" +
      CSV_HEADER +
      "张三,男,138-1234-5678,,1985/3/14,在籍,440106\n" + // stored duplicate
      "李四,女,13900001111,lisi@example.org,1990-01-02,,\n" + // valid
      ",女,13900002222,,,,\n" + // no name
      "王五,不详,abc,bad-mail,2001-02-30,旅行,999999\n" + // many errors
      "李四,female,139 0000 1111,,,,\n"; // repeats line 3
    const response = await importStep("preview", csv, {}, admin, "en-US");
    const body = response.json();
    expect(body.code, response.body).toBe(0);
    expect(body.data).toMatchObject({
      encoding: "utf-8",
      headers: ["姓名", "性别", "电话", "电子邮箱", "出生日期", "状态", "地区"],
      columns: [
        "name",
        "gender",
        "phone",
        "email",
        "birthDate",
        "status",
        "regionCode",
      ],
      total: 5,
      valid: 2,
      invalid: 3,
      duplicates: 1,
    });
    type Row = {
      line: number;
      errors: Record<string, string>;
      duplicateOf: unknown;
    };
    const byLine = new Map<number, Row>(
      body.data.rows.map((row: Row) => [row.line, row]),
    );
    expect(byLine.get(2)!.duplicateOf).toMatchObject({ name: "张三" });
    expect(byLine.get(3)!.errors).toEqual({});
    expect(Object.keys(byLine.get(4)!.errors)).toEqual(["name"]);
    expect(Object.keys(byLine.get(5)!.errors).sort()).toEqual([
      "birthDate",
      "email",
      "gender",
      "phone",
      "regionCode",
      "status",
    ]);
    expect(byLine.get(6)!.errors.phone).toMatch(/earlier row/);
    expect(await count()).toBe(1); // a preview writes nothing
  });

  test("reads GB18030 as Chinese Excel saves it, detected or chosen", async () => {
    const bytes = iconv.encode(
      "姓名,电话,教会\r\n欧阳娜娜,13700001111,广州教会\r\n",
      "gb18030",
    );
    for (const encoding of ["auto", "gb18030"]) {
      const body = (await importStep("preview", bytes, { encoding })).json();
      expect(body.code).toBe(0);
      expect(body.data.encoding).toBe("gb18030");
      expect(body.data.headers).toEqual(["姓名", "电话", "教会"]);
      expect(body.data.rows[0].values).toEqual({
        name: "欧阳娜娜",
        phone: "13700001111",
        congregation: "广州教会",
      });
    }
    const forced = await importStep("preview", bytes, { encoding: "utf-8" });
    expect(forced.json().code).toBe(Code.VALIDATION);
    expect(forced.json().data.errors.file).toBeTypeOf("string");
  });

  test("refuses bad input: no file, not multipart, empty, unreadable, a bad mapping", async () => {
    const cases: [ReturnType<typeof importStep>, number, string?][] = [
      [importStep("preview", undefined), Code.VALIDATION, "file"],
      [importStep("preview", "姓名\n"), Code.VALIDATION, "file"],
      [importStep("preview", '姓名,电话\n"张三,1\n'), Code.VALIDATION, "file"],
      [
        importStep("preview", "a,b\n1,2\n"),
        Code.VALIDATION,
        "columns", // nothing maps to name
      ],
      [
        importStep("preview", "姓名,电话\n张三,1\n", {
          columns: '["name"]',
        }),
        Code.VALIDATION,
        "columns",
      ],
      [
        importStep("preview", "姓名,电话\n张三,1\n", {
          columns: '["name","name"]',
        }),
        Code.VALIDATION,
        "columns",
      ],
      [
        importStep("preview", "姓名,电话\n张三,1\n", { columns: "{" }),
        Code.VALIDATION,
        "columns",
      ],
      [
        importStep("preview", "姓名,电话\n张三,1\n", {
          columns: '["name","shoeSize"]',
        }),
        Code.VALIDATION,
        "columns",
      ],
      [
        importStep("preview", "姓名\n张三\n", { encoding: "latin1" }),
        Code.VALIDATION,
        "encoding",
      ],
      [
        t.request({
          method: "POST",
          url: "/tjc/disciples/import/preview",
          token: admin,
          payload: { file: "姓名\n张三\n" },
        }),
        Code.UNSUPPORTED_MEDIA_TYPE,
      ],
    ];
    for (const [pending, code, field] of cases) {
      const response = await pending;
      expect(response.json().code, response.body).toBe(code);
      if (field)
        expect(response.json().data.errors[field]).toBeTypeOf("string");
    }
  });

  test("a mapping chosen by the user replaces the guess", async () => {
    const body = (
      await importStep("preview", "甲,乙\n张三,13812345678\n", {
        columns: '["name","phone"]',
      })
    ).json();
    expect(body.code).toBe(0);
    expect(body.data.rows[0].values).toEqual({
      name: "张三",
      phone: "13812345678",
    });
  });
});

describe("POST /tjc/disciples/import/commit", () => {
  rejectsWithoutSessionAndPermission(
    "POST",
    "/tjc/disciples/import/commit",
    {},
  );

  const csv =
    CSV_HEADER +
    "张三,男,13812345678,new@example.org,,inactive,\n" + // stored duplicate
    "李四,女,13900001111,,,,\n" +
    "赵六,,13900003333,,,,\n" +
    "坏,x,,,,,\n"; // invalid

  test("skips duplicates: writes the valid new rows only, and one audit row", async () => {
    const stored = await create(ZHANG);
    // Indexed before the import: its phone is a term of the word index, so a search for
    // it goes through the index, which must hold the imported row with it too.
    await create({ name: "钱七", phone: "13900003333" });
    await list({ filter: { q: "13812345678" } });
    const body = (
      await importStep("commit", csv, { duplicates: "skip" })
    ).json();
    expect(body).toMatchObject({
      code: 0,
      data: { created: 2, updated: 0, skipped: 1, invalid: 1 },
    });
    expect(await count()).toBe(4);
    const zhang = await t.app.store.db
      .selectFrom("disciples")
      .selectAll()
      .where("id", "=", stored.id)
      .executeTakeFirstOrThrow();
    expect(zhang.status).toBe("active");
    const li = await t.app.store.db
      .selectFrom("disciples")
      .selectAll()
      .where("name", "=", "李四")
      .executeTakeFirstOrThrow();
    expect(li).toMatchObject({
      gender: "female",
      phone: "13900001111",
      phoneDigits: "13900001111",
      status: "active",
    });
    expect(li.namePinyin).toBe("li3 si4");
    // Imported rows are in the keyword index like any other.
    const found = (await list({ filter: { q: "13900003333" } })).json().data
      .list as { name: string }[];
    expect(found.map((r) => r.name).sort()).toEqual(["赵六", "钱七"]);
    const audits = await t.app.store.db
      .selectFrom("auditLogs")
      .selectAll()
      .where("action", "=", "import")
      .execute();
    expect(audits).toHaveLength(1);
  });

  test("updates duplicates with the file's mapped fields", async () => {
    const stored = await create(ZHANG);
    const body = (
      await importStep("commit", csv, { duplicates: "update" })
    ).json();
    expect(body.data).toMatchObject({ created: 2, updated: 1, skipped: 0 });
    const zhang = await t.app.store.db
      .selectFrom("disciples")
      .selectAll()
      .where("id", "=", stored.id)
      .executeTakeFirstOrThrow();
    expect(zhang).toMatchObject({
      status: "inactive",
      email: "new@example.org",
      congregation: "广州教会", // not in the file: kept
      version: stored.version + 1,
    });
  });

  test("is one transaction: a failure on a late row leaves nothing imported", async () => {
    const kind = t.app.store.kind;
    if (kind === "sqlite")
      await sql`create trigger disciples_boom before insert on disciples when new.name = '爆炸' begin select raise(abort, 'boom'); end`.execute(
        t.app.store.db,
      );
    else {
      await sql`create or replace function disciples_boom() returns trigger as $$ begin if new.name = '爆炸' then raise exception 'boom'; end if; return new; end $$ language plpgsql`.execute(
        t.app.store.db,
      );
      await sql`create trigger disciples_boom before insert on disciples for each row execute function disciples_boom()`.execute(
        t.app.store.db,
      );
    }
    try {
      const stored = await create(ZHANG);
      const lines = ["姓名,电话,状态"];
      for (let i = 0; i < 1000; i += 1)
        lines.push(`人${i},139${String(i).padStart(8, "0")},`);
      lines.push("张三,13812345678,deceased"); // an update, written before the inserts
      lines.push("爆炸,13700000000,");
      const response = await importStep("commit", lines.join("\n"), {
        duplicates: "update",
      });
      expect(response.json().code).not.toBe(0);
      expect(await count()).toBe(1);
      const zhang = await t.app.store.db
        .selectFrom("disciples")
        .select("status")
        .where("id", "=", stored.id)
        .executeTakeFirstOrThrow();
      expect(zhang.status).toBe("active");
      const audits = await t.app.store.db
        .selectFrom("auditLogs")
        .selectAll()
        .where("action", "=", "import")
        .execute();
      expect(audits).toHaveLength(0);
    } finally {
      await sql`drop trigger disciples_boom${sql.raw(kind === "sqlite" ? "" : " on disciples")}`.execute(
        t.app.store.db,
      );
    }
  });

  test("imports GB18030 bytes", async () => {
    const bytes = iconv.encode("姓名,性别\r\n欧阳娜娜,女\r\n", "gb18030");
    const body = (await importStep("commit", bytes)).json();
    expect(body.data.created).toBe(1);
    const row = await t.app.store.db
      .selectFrom("disciples")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "欧阳娜娜", gender: "female" });
  });

  test("updating duplicates needs disciple:update", async () => {
    const limited = await t.loginAs("none");
    // A role holding disciple:create, disciple:read and disciple:contact, not update.
    const db = t.app.store.db;
    const now = new Date().toISOString();
    const role = await db
      .insertInto("roles")
      .values({
        code: "importer",
        name: "导入",
        nameEn: "Importer",
        builtIn: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const codes = await db
      .selectFrom("permissions")
      .select("id")
      .where("code", "in", [
        "disciple:create",
        "disciple:read",
        "disciple:contact",
      ])
      .execute();
    await db
      .insertInto("rolePermissions")
      .values(codes.map((c) => ({ roleId: role.id, permissionId: c.id })))
      .execute();
    const session = await db
      .selectFrom("sessions")
      .select("userId")
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("userRoles")
      .values({ userId: session.userId, roleId: role.id })
      .execute();
    t.app.permissions.forget(session.userId);
    t.app.sessions.forgetUser(session.userId);
    const refused = await importStep(
      "commit",
      csv,
      { duplicates: "update" },
      limited,
    );
    expect(refused.json().code).toBe(Code.FORBIDDEN);
    expect(await count()).toBe(0);
    const skipped = await importStep(
      "commit",
      csv,
      { duplicates: "skip" },
      limited,
    );
    expect(skipped.json().code).toBe(0);
  });
});

describe("keyword pages on SQLite", () => {
  test.runIf(process.env.TEST_DATABASE_URL === undefined)(
    "walk an index for every sortable field of believers (the pinyin key for the name)",
    async () => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const db = t.app.store.db as unknown as Kysely<any>;
      for (const field of DISCIPLE_SORT_FIELDS) {
        const query = db
          .selectFrom("disciples")
          .selectAll()
          .where(
            keywordCondition("sqlite", discipleResource.search, "138", "walk"),
          )
          .orderBy(sortColumn(discipleResource.sortKeys, field), "asc")
          .orderBy("id", "asc")
          .limit(25)
          .compile();
        const [steps] = await t.app.store.read([
          { ...query, sql: `EXPLAIN QUERY PLAN ${query.sql}` },
        ]);
        const details = steps!.map((step) => String(step.detail));
        expect(details.join(" | "), field).not.toContain("TEMP B-TREE");
      }
    },
  );
});
