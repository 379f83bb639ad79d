import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ MAIN_BASE: "https://api.example.org/tjc" });
});
afterAll(async () => {
  await t.close();
});

describe("serving the apps", () => {
  test("the admin SPA answers its history-mode routes", async () => {
    for (const url of [
      "/",
      "/login",
      "/admin",
      "/admin/system/userManage",
      "/test/test",
      "/test/tree",
      "/ubTest3",
    ]) {
      const response = await t.request({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain("<div id=admin>");
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  test("the public site answers its routes, rendered on the server", async () => {
    for (const url of ["/ask", "/choicenessCommon", "/tagList"]) {
      const response = await t.request({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"><header');
      expect(response.body, url).toContain('id="page-data"');
    }
    // No such question: the not-found page, with its status.
    const missing = await t.request({
      method: "GET",
      url: "/topicDetail?id=3",
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"><header');
  });

  test("any other path gets the public site's not-found page with 404, in the visitor's language", async () => {
    for (const url of [
      "/nope",
      "/no-such-page",
      "/admin-not",
      "/assets/missing.js",
      "/ask/deeper",
    ]) {
      for (const [language, title] of [
        ["zh-CN", "页面不存在"],
        ["en-US", "Page not found"],
      ] as const) {
        const response = await t.request({ method: "GET", url, language });
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).toContain('<div id="root"><header');
        expect(response.body, url).toContain(`<html lang="${language}"`);
        expect(response.body, url).toContain(title);
        expect(response.body, url).not.toContain("<div id=admin>");
      }
    }
    // The admin keeps its own paths (its SPA shows its own not-found screen).
    const admin = await t.request({ method: "GET", url: "/admin/nope/deeper" });
    expect(admin.body).toContain("<div id=admin>");
  });

  test("hashed assets are cached for a year; other files are revalidated", async () => {
    const asset = await t.request({
      method: "GET",
      url: "/assets/app-3f9a1c.js",
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    const icon = await t.request({ method: "GET", url: "/favicon.svg" });
    expect(icon.headers["cache-control"]).toBe("no-cache");
  });

  test("pages carry security headers with a CSP", async () => {
    const response = await t.request({ method: "GET", url: "/login" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("connect-src 'self' https://api.example.org");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  test("the client configuration script carries the configured bases and the default language", async () => {
    const response = await t.request({ method: "GET", url: "/tjc-config.js" });
    expect(response.headers["content-type"]).toContain("javascript");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers.etag).toMatch(/^"[\w-]{16}"$/);
    expect(response.body).toBe(
      'window.__TJC_CONFIG__ = {"mainBase":"https://api.example.org/tjc","defaultLanguage":"zh-CN"};\n',
    );
  });

  test("uploaded files are served with Range support", async () => {
    const dir = path.join(t.config.dataDir, "files", "audio");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "clip.mp3"), Buffer.from("0123456789"));
    const response = await t.request({
      method: "GET",
      url: "/files/audio/clip.mp3",
      headers: { range: "bytes=2-5" },
    });
    expect(response.statusCode).toBe(206);
    expect(response.body).toBe("2345");
    expect(response.headers["content-range"]).toBe("bytes 2-5/10");
  });

  test("an unsatisfiable Range answers 416 with the file's length", async () => {
    const dir = path.join(t.config.dataDir, "files", "audio");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "short.mp3"), Buffer.from("0123456789"));
    const response = await t.request({
      method: "GET",
      url: "/files/audio/short.mp3",
      headers: { range: "bytes=100-200" },
    });
    expect(response.statusCode).toBe(416);
    expect(response.headers["content-range"]).toBe("bytes */10");
  });

  test("dot-files under /files are never served", async () => {
    const dir = path.join(t.config.dataDir, "files", "images");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, ".upload-1234"), "half an upload");
    for (const url of [
      "/files/images/.upload-1234",
      "/files/images/%2Eupload-1234",
    ]) {
      const response = await t.request({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("half an upload");
    }
  });

  test("the OpenAPI document is generated from the route schemas", async () => {
    const response = await t.request({ method: "GET", url: "/tjc/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/tjc/tags",
        "/tjc/tags/{id}",
        "/tjc/tags/batch",
        "/tjc/tags/export",
        "/tjc/auth/login",
      ]),
    );
    expect(
      document.paths["/tjc/auth/login"].post.requestBody.content[
        "application/json"
      ].schema.required,
    ).toEqual(expect.arrayContaining(["loginName", "password"]));
    const ui = await t.request({ method: "GET", url: "/tjc/docs" });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
