import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../common/codes.js";
import Fastify from "fastify";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { envelopePlugin } from "./envelope.js";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs("admin");
});
afterAll(async () => {
  await t.close();
});

describe("the envelope on every /tjc answer", () => {
  test("an unknown /tjc path is 40400 in the envelope", async () => {
    for (const url of ["/tjc/nothing-here", "/tjc", "/tjc/tags/1/extra"]) {
      const response = await t.request({ method: "GET", url, token: admin });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({
        code: Code.NOT_FOUND,
        data: null,
      });
    }
  });

  test("a body over the limit is 41300", async () => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/tags",
      token: admin,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe(Code.PAYLOAD_TOO_LARGE);
  });

  test("an unsupported content type is 41500", async () => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/tags",
      token: admin,
      headers: { "content-type": "text/xml" },
      payload: "<tag/>",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe(Code.UNSUPPORTED_MEDIA_TYPE);
  });

  test("malformed and empty JSON bodies are 40000", async () => {
    for (const payload of ["{", "", "[1,2", "null"]) {
      const response = await t.request({
        method: "POST",
        url: "/tjc/tags",
        token: admin,
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe(Code.VALIDATION);
    }
  });

  test("a GET with the form-encoded content type the client sends is fine", async () => {
    const response = await t.request({
      method: "GET",
      url: "/tjc/tags",
      token: admin,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.json().code).toBe(0);
  });

  test("messages follow Accept-Language, zh-CN by default", async () => {
    const zh = await t.request({ method: "GET", url: "/tjc/nothing" });
    expect(zh.json().message).toBe("请求的资源不存在");
    const en = await t.request({
      method: "GET",
      url: "/tjc/nothing",
      language: "en-GB;q=0.8, fr;q=0.9",
    });
    expect(en.json().message).toBe("The requested resource does not exist");
    const unsupported = await t.request({
      method: "GET",
      url: "/tjc/nothing",
      language: "de-DE",
    });
    expect(unsupported.json().message).toBe("请求的资源不存在");
  });

  test("field messages are localised too", async () => {
    const zh = await t.request({
      method: "POST",
      url: "/tjc/tags",
      token: admin,
      payload: { name: 5 },
    });
    const en = await t.request({
      method: "POST",
      url: "/tjc/tags",
      token: admin,
      payload: { name: 5 },
      language: "en-US",
    });
    expect(zh.json().data.errors.name).toBe("请输入文字");
    expect(en.json().data.errors.name).toBe("Enter text");
  });

  test("field messages are sentences a person would write, never the validator's text", async () => {
    const cases = [
      { payload: { name: "   " }, field: "name", en: "This field is required" },
      { payload: {}, field: "name", en: "This field is required" },
      {
        payload: { name: "x".repeat(65) },
        field: "name",
        en: "Enter at most 64 characters",
      },
      {
        payload: { name: "a", sortOrder: -1 },
        field: "sortOrder",
        en: "Must be 0 or more",
      },
      {
        payload: { name: "a", sortOrder: 1.5 },
        field: "sortOrder",
        en: "Enter a whole number",
      },
      {
        payload: { name: "a", sortOrder: "7" },
        field: "sortOrder",
        en: "Enter a number",
      },
    ];
    for (const { payload, field, en } of cases) {
      const answers = await Promise.all(
        (["zh-CN", "en-US"] as const).map((language) =>
          t.request({
            method: "POST",
            url: "/tjc/tags",
            token: admin,
            payload,
            language,
          }),
        ),
      );
      const [zhText, enText] = answers.map((a) => a.json().data.errors[field]);
      expect(enText, JSON.stringify(payload)).toBe(en);
      expect(zhText, JSON.stringify(payload)).toMatch(
        /^[^A-Za-z]*[\u4e00-\u9fff]/,
      );
      for (const text of [zhText, enText])
        expect(text).not.toMatch(
          /expected|received|Invalid|Too (small|big)|期望|无效输入|数值过/,
        );
    }
  });

  test("every answer carries a request id", async () => {
    const response = await t.request({ method: "GET", url: "/tjc/health" });
    expect(response.headers["x-request-id"]).toMatch(/^[\w.-]+$/);
  });

  test("the health check names the store", async () => {
    const body = (
      await t.request({ method: "GET", url: "/tjc/health" })
    ).json();
    expect(body).toEqual({
      code: 0,
      message: "成功",
      data: {
        status: "ok",
        store: process.env.TEST_DATABASE_URL ? "postgres" : "sqlite",
      },
    });
  });
});

describe("an unexpected failure", () => {
  test("is 50000 with the request id and no details", async () => {
    const broken = await buildTestApp();
    await broken.app.store.db.destroy(); // every query now throws
    const response = await broken.request({
      method: "GET",
      url: "/tjc/health",
    });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.code).toBe(Code.INTERNAL);
    expect(body.data).toEqual({ requestId: response.headers["x-request-id"] });
    expect(response.body).not.toMatch(/destroy|kysely|stack/i);
    await broken.close().catch(() => {});
  });
});

describe("a foreign key the store enforces", () => {
  // No route should reach this (each checks its references first); the error handler is
  // the safety net that keeps a missed check from answering 500.
  const app = () => {
    const probe = Fastify();
    probe.register(envelopePlugin);
    const violate = async () => {
      await t.app.store.db
        .insertInto("userRoles")
        .values({ userId: 987_654_321, roleId: 987_654_321 })
        .execute();
      return { code: 0 };
    };
    probe.after(() => {
      probe.post("/tjc/probe", violate);
      probe.delete("/tjc/probe", violate);
    });
    return probe;
  };

  test("a write naming a missing record is 40000 in the caller's language", async () => {
    const probe = app();
    const response = await probe.inject({
      method: "POST",
      url: "/tjc/probe",
      headers: { "accept-language": "en-US" },
      payload: {},
    });
    expect(response.json()).toMatchObject({
      code: Code.VALIDATION,
      data: { errors: { request: "A record this refers to does not exist" } },
    });
    await probe.close();
  });

  test("a delete, by method or batch action, is 40900", async () => {
    const probe = app();
    for (const request of [
      { method: "DELETE" as const, payload: undefined },
      { method: "POST" as const, payload: { action: "delete", ids: [1] } },
    ]) {
      const response = await probe.inject({ ...request, url: "/tjc/probe" });
      expect(response.json()).toMatchObject({
        code: Code.CONFLICT,
        data: { errors: { id: "该记录正被其他内容引用，不能删除" } },
      });
    }
    await probe.close();
  });
});
