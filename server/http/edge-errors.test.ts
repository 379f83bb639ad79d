import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper.js";

/**
 * Answers Fastify and Node give before any route or hook runs: /tjc ones are still
 * envelopes with the API's security headers, pages get the fallback page.
 */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

function expectApiHeaders(headers: Record<string, unknown>) {
  expect(headers["content-security-policy"]).toBe(API_CSP);
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["cache-control"]).toBe("no-store");
  expect(String(headers["content-type"])).toMatch(/^application\/json/);
}

describe("with the built apps", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers a URL that does not decode under /tjc with 40000, in both languages", async () => {
    const zh = await t.request({ method: "GET", url: "/tjc/tags/%zz" });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toEqual({
      code: 40000,
      message: "请求参数有误",
      data: { errors: { path: "网址编码有误" } },
    });
    expectApiHeaders(zh.headers);
    const en = await t.request({
      method: "GET",
      url: "/tjc/tags/%zz",
      language: "en-US",
    });
    expect(en.json().data.errors.path).toBe("The URL is not correctly encoded");
  });

  it("gives a page URL that does not decode the fallback page", async () => {
    const response = await t.request({ method: "GET", url: "/questions/%zz" });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("<div id=admin>");
    expect(response.headers["content-security-policy"]).toContain(
      "default-src 'self'",
    );
  });

  it("gives a page path with one very long segment the fallback page, not 40300", async () => {
    for (const url of [`/${"a".repeat(300)}`, `/files/${"a".repeat(300)}`]) {
      const response = await t.request({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain("<div id=admin>");
    }
  });

  /** Sends raw bytes over a real socket and answers what came back. */
  const raw = (bytes: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes));
      let received = "";
      socket.on("data", (chunk) => (received += String(chunk)));
      socket.on("error", reject);
      socket.on("close", () => resolve(received));
    });

  const parse = (answer: string) => {
    const [head, body] = answer.split("\r\n\r\n");
    const [statusLine, ...lines] = head.split("\r\n");
    const headers = Object.fromEntries(
      lines.map((line) => {
        const colon = line.indexOf(":");
        return [
          line.slice(0, colon).toLowerCase(),
          line.slice(colon + 1).trim(),
        ];
      }),
    );
    return { status: Number(statusLine.split(" ")[1]), headers, body };
  };

  it("answers headers over the limit under /tjc with a 431 envelope in the caller's language", async () => {
    const answer = parse(
      await raw(
        `GET /tjc/health HTTP/1.1\r\nHost: x\r\nAccept-Language: en-US\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
      ),
    );
    expect(answer.status).toBe(431);
    expectApiHeaders(answer.headers);
    expect(JSON.parse(answer.body)).toEqual({
      code: 41300,
      message: "The request is too large",
      data: null,
    });
  });

  it("answers headers over the limit on a page with the fallback page", async () => {
    const answer = parse(
      await raw(
        `GET /questions HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
      ),
    );
    expect(answer.status).toBe(431);
    expect(answer.body).toContain("<div id=admin>");
  });

  it("sends no body with a 431 to a HEAD request, under /tjc or not (issue 25 item 6)", async () => {
    for (const path of ["/tjc/health", "/questions"]) {
      const received = await raw(
        `HEAD ${path} HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
      );
      const answer = parse(received);
      expect(answer.status, path).toBe(431);
      expect(answer.body, path).toBe("");
      expect(received.endsWith("\r\n\r\n"), path).toBe(true);
    }
  });

  it("answers GET /tjc/<5000 characters> with 40400, with or without a session (issue 25 item 6)", async () => {
    const token = await t.loginAs("admin");
    for (const url of [
      `/tjc/${"a".repeat(5000)}`,
      `/tjc/${"a".repeat(300)}`,
      `/tjc/tags/x/${"a".repeat(5000)}`,
    ]) {
      for (const session of [undefined, token]) {
        for (const method of ["GET", "HEAD"] as const) {
          const response = await t.request({
            method,
            url,
            token: session,
            language: "en-US",
          });
          const label = `${method} ${url.slice(0, 20)} ${session ? "admin" : "anonymous"}`;
          expect(response.statusCode, label).toBe(404);
          if (method === "GET") {
            expect(response.json().code, label).toBe(40400);
            expectApiHeaders(response.headers);
          }
        }
      }
    }
  });

  it("answers bytes that are not HTTP under /tjc with a 40000 envelope", async () => {
    const answer = parse(
      await raw(`GET /tjc/health HTTP/1.1\r\nHo st\r\n\r\n`),
    );
    expect(answer.status).toBe(400);
    expectApiHeaders(answer.headers);
    expect(JSON.parse(answer.body).code).toBe(40000);
  });
});

describe("without the built apps", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ WEB_DIR: "/nonexistent-lampstand-web" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers a path parameter over the router's limit with 40000, not a bare 414", async () => {
    const response = await t.request({
      method: "GET",
      url: `/tjc/tags/${"1".repeat(300)}`,
      language: "en-US",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 40000,
      message: "The request is invalid",
      data: { errors: { path: "A path parameter is too long" } },
    });
    expectApiHeaders(response.headers);
  });
});
