import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { LANGUAGE_STORAGE_KEY } from "../../common/constants.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HOST = "lampstand.example";
const choose = (query: string, referer?: string) =>
  t.request({
    method: "GET",
    url: `/language${query}`,
    headers: { host: HOST, ...(referer ? { referer } : {}) },
  });

describe("GET /language (the header's switch without JavaScript)", () => {
  test("is public: a visitor needs no session", async () => {
    const response = await choose("?to=en-US");
    expect(response.statusCode).toBe(303);
  });

  test("keeps the choice in the cookie the pages read, and goes back to the page", async () => {
    const response = await choose(
      "?to=en-US",
      `http://${HOST}/sermons?book=Luke&page=2`,
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/sermons?book=Luke&page=2");
    expect(response.headers["cache-control"]).toBe("no-store");
    const cookie = String(response.headers["set-cookie"]);
    expect(cookie).toContain(`${LANGUAGE_STORAGE_KEY}=en-US`);
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
    // Not HttpOnly: the page itself writes the same cookie when it has JavaScript.
    expect(cookie).not.toContain("HttpOnly");

    const page = await t.request({
      method: "GET",
      url: "/ask",
      headers: {
        cookie: `${LANGUAGE_STORAGE_KEY}=en-US`,
        "accept-language": "zh-CN",
      },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-language"]).toBe("en-US");
    expect(page.body).toContain('lang="en-US"');
  });

  test("a language the site does not speak changes nothing", async () => {
    for (const query of [
      "?to=fr-FR",
      "?to=",
      "",
      "?to[]=en-US",
      "?to=zh-CN%00",
    ]) {
      const response = await choose(query, `http://${HOST}/docs`);
      expect(response.statusCode, query).toBe(303);
      expect(response.headers.location).toBe("/docs");
      expect(response.headers["set-cookie"], query).toBeUndefined();
    }
  });

  test("never sends the visitor to another site", async () => {
    for (const referer of [
      "https://elsewhere.example/ask",
      `http://${HOST}.elsewhere.example/ask`,
      `http://${HOST}//elsewhere.example/x`,
      `http://${HOST}/\\elsewhere.example/x`,
      `javascript://${HOST}/%0aalert(1)`,
      "not a url",
      `http://${HOST}/language?to=en-US`,
    ]) {
      const response = await choose("?to=zh-CN", referer);
      expect(response.statusCode, referer).toBe(303);
      expect(response.headers.location, referer).toBe("/ask");
    }
    const none = await choose("?to=zh-CN");
    expect(none.headers.location).toBe("/ask");
  });
});
