import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

describe("security headers", () => {
  test("API answers are never stored and may not be framed or run as documents", async () => {
    const token = await t.loginAs("admin");
    const answers = [
      await t.request({ method: "GET", url: "/tjc/health" }),
      await t.request({ method: "GET", url: "/tjc/tags", token }),
      await t.request({ method: "GET", url: "/tjc/tags" }), // 401
      await t.request({ method: "GET", url: "/tjc/no-such-thing" }), // 404
      await t.request({ method: "GET", url: "/tjc?x=1" }),
      // Only the docs page itself is a page, not a path that merely begins like it.
      await t.request({ method: "GET", url: "/tjc/docsx" }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      200, 200, 401, 404, 404, 404,
    ]);
    for (const answer of answers) {
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.headers["content-security-policy"]).toBe(API_CSP);
      expect(answer.headers["x-frame-options"]).toBe("DENY");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["referrer-policy"]).toBe("no-referrer");
      // Plain HTTP: no HSTS (see the HTTPS cases below).
      expect(answer.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  test("pages, the API's documentation page and the fallback page get the page headers", async () => {
    // A missing upload answers the SPA's fallback page (uploads themselves get their own
    // closed CSP in web.ts).
    for (const url of ["/login", "/ask", "/tjc/docs", "/files/none.png"]) {
      const response = await t.request({ method: "GET", url });
      const csp = String(response.headers["content-security-policy"]);
      expect(csp, url).toContain("default-src 'self'");
      expect(response.headers["x-frame-options"], url).toBe("SAMEORIGIN");
      expect(response.headers["cache-control"], url).not.toBe("no-store");
    }
  });

  test("the docs page allows the style element Swagger UI injects, and scripts only from itself", async () => {
    for (const url of [
      "/tjc/docs",
      "/tjc/docs/",
      "/tjc/docs/static/index.css",
    ]) {
      const response = await t.request({ method: "GET", url });
      const csp = String(response.headers["content-security-policy"]);
      const directive = (name: string) =>
        csp
          .split(";")
          .map((part) => part.trim())
          .find((part) => part.startsWith(`${name} `));
      expect(directive("style-src"), url).toBe(
        "style-src 'self' 'unsafe-inline'",
      );
      expect(directive("script-src"), url).toBe("script-src 'self'");
      // Plain http on a LAN must keep working: nothing rewrites the assets to https.
      expect(csp, url).not.toContain("upgrade-insecure-requests");
    }
  });
});

describe("HSTS", () => {
  const forwardedHttps = { "x-forwarded-proto": "https" };

  test("is never sent over plain HTTP, even when a client claims HTTPS without a trusted proxy", async () => {
    for (const url of ["/tjc/health", "/login"]) {
      const plain = await t.request({ method: "GET", url });
      expect(plain.headers["strict-transport-security"]).toBeUndefined();
      const claimed = await t.request({
        method: "GET",
        url,
        headers: forwardedHttps,
      });
      expect(claimed.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  test("is sent when TRUST_PROXY says the client used HTTPS", async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: "true" });
    try {
      for (const url of ["/tjc/health", "/login", "/tjc/no-such-thing"]) {
        const https = await proxied.request({
          method: "GET",
          url,
          headers: forwardedHttps,
        });
        expect(https.headers["strict-transport-security"], url).toContain(
          "max-age=",
        );
        const http = await proxied.request({
          method: "GET",
          url,
          headers: { "x-forwarded-proto": "http" },
        });
        expect(http.headers["strict-transport-security"], url).toBeUndefined();
      }
    } finally {
      await proxied.close();
    }
  });
});
