import { afterAll, beforeAll, describe, expect, test } from "vitest";
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

const CONFIG = {
  identity: {
    name: "真耶稣教会广州教会",
    nameEn: "True Jesus Church Guangzhou",
    logoFileId: null,
    shortDescription: "欢迎来到我们的教会",
  },
  contact: {
    address: "体育西路1号",
    regionCode: "440106",
    phone: "020-12345678",
    email: "info@example.org",
    website: "https://example.org",
    socialLinks: [{ platform: "youtube", url: "https://youtube.com/@tjc" }],
  },
  services: [
    { day: "saturday", time: "09:30", name: "安息日聚会", place: "大堂" },
    { day: "wednesday", time: "19:30", name: "查经", place: "" },
  ],
  aboutHtml:
    '<p>关于我们<script>alert(1)</script><a href="javascript:x">x</a></p>',
  defaultLanguage: "zh-CN",
};

const read = (token?: string) =>
  t.request({ method: "GET", url: "/tjc/ministry-config", token });
const save = (payload: object, token = editor, language?: string) =>
  t.request({
    method: "PUT",
    url: "/tjc/ministry-config",
    token,
    payload,
    language,
  });

describe("GET /tjc/ministry-config", () => {
  test("rejects without a session", async () => {
    expect((await read()).json().code).toBe(Code.SESSION_EXPIRED);
  });
  test("rejects without permission", async () => {
    expect((await read(member)).json().code).toBe(Code.FORBIDDEN);
  });
  test("answers the defaults before anything is saved", async () => {
    const body = (await read(editor)).json();
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      identity: { name: "", logoFileId: null },
      services: [],
      defaultLanguage: "zh-CN",
      version: 1,
    });
  });
});

describe("PUT /tjc/ministry-config", () => {
  test("rejects without a session", async () => {
    const response = await t.request({
      method: "PUT",
      url: "/tjc/ministry-config",
      payload: { ...CONFIG, version: 1 },
    });
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });
  test("rejects without permission", async () => {
    expect((await save({ ...CONFIG, version: 1 }, member)).json().code).toBe(
      Code.FORBIDDEN,
    );
  });

  test("saves, sanitises the about text, versions and audits; a stale version is 40900", async () => {
    const { version } = (await read(editor)).json().data;
    const saved = await save({ ...CONFIG, version });
    expect(saved.json().code, saved.body).toBe(0);
    const data = saved.json().data;
    expect(data.version).toBe(version + 1);
    expect(data.aboutHtml).toContain("关于我们");
    expect(data.aboutHtml).not.toContain("script");
    expect(data.aboutHtml).not.toContain("javascript:");
    expect(data.services).toHaveLength(2);
    const stale = await save({ ...CONFIG, version });
    expect(stale.json().code).toBe(Code.CONFLICT);
    expect(stale.json().data.errors.version).toBeTypeOf("string");
    const audits = await t.app.store.db
      .selectFrom("auditLogs")
      .selectAll()
      .where("resource", "=", "ministry-config")
      .execute();
    expect(audits).toHaveLength(1);
  });

  test("refuses bad input field by field, in the caller's language", async () => {
    const { version } = (await read(editor)).json().data;
    const response = await save(
      {
        identity: { name: "", logoFileId: -1 },
        contact: {
          email: "nope",
          website: "ftp://x",
          regionCode: "999999",
          socialLinks: [{ platform: "myspace", url: "x" }],
        },
        services: [{ day: "someday", time: "25:00", name: "" }],
        aboutHtml: "x".repeat(200_001),
        defaultLanguage: "fr",
        version,
      },
      editor,
      "en-US",
    );
    expect(response.statusCode).toBe(400);
    const errors = Object.keys(response.json().data.errors);
    for (const field of [
      "identity.name",
      "identity.logoFileId",
      "contact.email",
      "contact.website",
      "contact.regionCode",
      "services.0.day",
      "services.0.time",
      "aboutHtml",
      "defaultLanguage",
    ])
      expect(errors, field).toContain(field);
    expect((await read(editor)).json().data.version).toBe(version);
  });

  test("a logo that is no stored image is refused", async () => {
    const { version } = (await read(editor)).json().data;
    const response = await save({
      ...CONFIG,
      identity: { ...CONFIG.identity, logoFileId: 424242 },
      version,
    });
    expect(response.json().code).toBe(Code.VALIDATION);
    expect((await read(editor)).json().data.version).toBe(version);
  });
});

describe("GET /tjc/public/ministry", () => {
  test("answers the public part without a login", async () => {
    const { version } = (await read(editor)).json().data;
    await save({ ...CONFIG, version });
    const response = await t.request({
      method: "GET",
      url: "/tjc/public/ministry",
    });
    const body = response.json();
    expect(body.code).toBe(0);
    expect(body.data.identity).toEqual({
      name: CONFIG.identity.name,
      nameEn: CONFIG.identity.nameEn,
      logoUrl: null,
      shortDescription: CONFIG.identity.shortDescription,
    });
    expect(body.data.services[0]).toMatchObject({ name: "安息日聚会" });
    expect(body.data).not.toHaveProperty("updatedBy");
    expect(body.data).not.toHaveProperty("version");
  });
});

describe("the default interface language", () => {
  const page = (headers: Record<string, string>) =>
    t.request({ method: "GET", url: "/tagList", headers });
  const setDefault = async (defaultLanguage: string) => {
    const { version } = (await read(editor)).json().data;
    const saved = await save({ ...CONFIG, defaultLanguage, version });
    expect(saved.json().code, saved.body).toBe(0);
  };

  test("the public site renders in it when neither cookie nor browser picks a language", async () => {
    await setDefault("en-US");
    const french = await page({ "accept-language": "fr-FR" });
    expect(french.headers["content-language"]).toBe("en-US");
    expect(french.body).toContain('<html lang="en-US"');
    expect(french.body).toContain("<h1>Q&amp;A tags</h1>");
    const none = await page({});
    expect(none.body).toContain("<h1>Q&amp;A tags</h1>");
    // The browser's supported language comes before the default, the cookie before both.
    const chinese = await page({ "accept-language": "zh-CN" });
    expect(chinese.headers["content-language"]).toBe("zh-CN");
    expect(chinese.body).toContain("<h1>问答标签</h1>");
    const cookie = await page({
      cookie: "aid-language=zh-CN",
      "accept-language": "fr-FR",
    });
    expect(cookie.body).toContain("<h1>问答标签</h1>");

    await setDefault("zh-CN");
    const back = await page({ "accept-language": "fr-FR" });
    expect(back.body).toContain("<h1>问答标签</h1>");
    const english = await page({ "accept-language": "en-GB" });
    expect(english.body).toContain("<h1>Q&amp;A tags</h1>");
  });

  test("API answers use it when the request asks for no language we have", async () => {
    await setDefault("en-US");
    const expired = (headers: Record<string, string>) =>
      t.app.inject({ method: "GET", url: "/tjc/tags", headers });
    const none = await expired({});
    expect(none.json().code).not.toBe(0);
    expect(none.json().message).toMatch(/[a-z]/i);
    expect(none.json().message).not.toMatch(/[\u4e00-\u9fff]/);
    const french = await expired({ "accept-language": "fr-FR" });
    expect(french.json().message).toBe(none.json().message);
    const chinese = await expired({ "accept-language": "zh-CN" });
    expect(chinese.json().message).toMatch(/[\u4e00-\u9fff]/);
    await setDefault("zh-CN");
    expect((await expired({})).json().message).toBe(chinese.json().message);
  });

  test("/tjc-config.js carries it to the admin, cacheable by its ETag", async () => {
    await setDefault("en-US");
    const first = await t.request({ method: "GET", url: "/tjc-config.js" });
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-cache");
    expect(first.body).toContain('"defaultLanguage":"en-US"');
    const etag = String(first.headers.etag);
    const again = await t.request({
      method: "GET",
      url: "/tjc-config.js",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    await setDefault("zh-CN");
    const changed = await t.request({
      method: "GET",
      url: "/tjc-config.js",
      headers: { "if-none-match": etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('"defaultLanguage":"zh-CN"');
    expect(changed.headers.etag).not.toBe(etag);
  });

  /** Writes the row behind this instance's back, as another instance or a restore would. */
  const writeBehind = async (
    defaultLanguage: string,
    change: (row: { version: number }) => {
      version?: number;
      updatedAt?: string;
    },
  ) => {
    const row = await t.app.store.db
      .selectFrom("ministryConfig")
      .select(["data", "version"])
      .where("id", "=", 1)
      .executeTakeFirstOrThrow();
    await t.app.store.db
      .updateTable("ministryConfig")
      .set({
        data: JSON.stringify({ ...JSON.parse(row.data), defaultLanguage }),
        ...change({ version: Number(row.version) }),
      })
      .where("id", "=", 1)
      .execute();
  };

  test("a save on another instance is read at the next refresh", async () => {
    await setDefault("zh-CN");
    await writeBehind("en-US", ({ version }) => ({ version: version + 1 }));
    await t.app.ministryLanguage.refresh();
    expect(t.app.ministryLanguage.get()).toBe("en-US");
    const french = await page({ "accept-language": "fr-FR" });
    expect(french.body).toContain("<h1>Q&amp;A tags</h1>");
  });

  test("a restored record with the same version but another save time is read too", async () => {
    await setDefault("en-US");
    await writeBehind("zh-CN", () => ({
      updatedAt: "2020-01-01T00:00:00.000Z",
    }));
    await t.app.ministryLanguage.refresh();
    expect(t.app.ministryLanguage.get()).toBe("zh-CN");
  });
});
