import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { rejectsWithoutSessionAndPermission } from "../test/system.js";

/**
 * Issue 25 item 19: an export writes coded values (`draft`, `female`, `enabled`, `true`) as
 * the screens show them, in the caller's language.
 */
let t: TestApp;
let admin: string;
let nobody: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs("admin");
  nobody = await t.loginAs("none");
  const created = await Promise.all([
    t.request({
      method: "POST",
      url: "/tjc/disciples",
      token: admin,
      payload: { name: "李四", gender: "female", status: "active" },
    }),
    t.request({
      method: "POST",
      url: "/tjc/articles",
      token: admin,
      payload: { title: "见证", status: "draft", body: "<p>感恩</p>" },
    }),
  ]);
  for (const response of created) expect(response.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

/** The export's rows as objects keyed by their (translated) headers. */
async function exported(
  path: string,
  language: "zh-CN" | "en-US",
): Promise<Record<string, string>[]> {
  const response = await t.request({
    method: "GET",
    url: `/tjc/${path}/export`,
    token: admin,
    language,
  });
  expect(response.statusCode).toBe(200);
  return parse(response.body, { bom: true, columns: true });
}

/** The values of one column, by its header in zh-CN and en-US. */
async function column(
  path: string,
  zh: string,
  en: string,
): Promise<{ zh: string[]; en: string[] }> {
  const [zhRows, enRows] = await Promise.all([
    exported(path, "zh-CN"),
    exported(path, "en-US"),
  ]);
  return {
    zh: zhRows.map((row) => row[zh]!),
    en: enRows.map((row) => row[en]!),
  };
}

describe("CSV exports write coded values in the caller's language", () => {
  describe("GET /tjc/disciples/export", () => {
    rejectsWithoutSessionAndPermission(
      () => t,
      () => nobody,
      "GET",
      "/tjc/disciples/export",
    );
  });

  test("a believer's gender and status", async () => {
    const gender = await column("disciples", "性别", "Gender");
    expect(gender).toEqual({ zh: ["女"], en: ["Female"] });
    const status = await column("disciples", "状态", "Status");
    expect(status).toEqual({ zh: ["在籍"], en: ["Active"] });
  });

  test("an article's publishing status", async () => {
    expect(await column("articles", "状态", "Status")).toEqual({
      zh: ["草稿"],
      en: ["Draft"],
    });
  });

  test("a user's status", async () => {
    const status = await column("system/users", "状态", "Status");
    expect(status.zh.length).toBeGreaterThan(0);
    expect(new Set(status.zh)).toEqual(new Set(["启用"]));
    expect(new Set(status.en)).toEqual(new Set(["Enabled"]));
  });

  test("a job's status, misfire policy and concurrency", async () => {
    const [zh, en] = await Promise.all([
      exported("system/jobs", "zh-CN"),
      exported("system/jobs", "en-US"),
    ]);
    expect(zh.length).toBeGreaterThan(0);
    for (const row of zh) {
      expect(["正常", "暂停"]).toContain(row["状态"]);
      expect(["是", "否"]).toContain(row["允许并发"]);
    }
    for (const row of en) expect(["Normal", "Paused"]).toContain(row.Status);
  });

  test("a setting's type and built-in flag; a login's result", async () => {
    const type = await column("system/configs", "类型", "Type");
    expect(type.zh).toContain("文本");
    expect(type.en).toContain("Text");
    expect(type.zh).not.toContain("string");
    const result = await column("system/login-logs", "结果", "Result");
    expect(result.zh).toContain("成功");
    expect(result.en).toContain("Success");
  });
});
