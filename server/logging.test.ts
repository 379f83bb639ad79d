import { PassThrough, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "./test/helper.js";
import { loggerOptions, requestLogLevel } from "./logging.js";

/** A stream standing in for stdout, a terminal or not, keeping what is written. */
function fakeStdout(isTTY: boolean) {
  const chunks: string[] = [];
  const stream = new PassThrough() as unknown as NodeJS.WriteStream;
  Object.assign(stream, { isTTY, hasColors: () => false });
  (stream as unknown as PassThrough).on("data", (chunk) =>
    chunks.push(String(chunk)),
  );
  return { stream, text: () => chunks.join("") };
}

describe("the logger's output", () => {
  it("writes JSON lines when stdout is not a terminal", async () => {
    const options = await loggerOptions("info", fakeStdout(false).stream);
    expect(options).toEqual({ level: "info", redact: expect.any(Array) });
  });

  it("writes readable lines, one a request, without secrets, when stdout is a terminal", async () => {
    const out = fakeStdout(true);
    const t = await buildTestApp(
      {},
      { logger: await loggerOptions("info", out.stream) },
    );
    try {
      await t.request({
        method: "GET",
        url: "/tjc/health",
        headers: { authorization: "Bearer secret-token" },
      });
      t.app.log.info({ store: "sqlite" }, "lampstand ready");
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await t.close();
    }
    const lines = out.text().trim().split("\n");
    expect(lines).toEqual([
      expect.stringMatching(
        /^\[[\d:.]+\] INFO: GET \/tjc\/health 200 \d+ ms \{"reqId":"[\w-]+"\}$/,
      ),
      expect.stringMatching(
        /^\[[\d:.]+\] INFO: lampstand ready \{"store":"sqlite"\}$/,
      ),
    ]);
    expect(out.text()).not.toContain("secret-token");
  });
});

describe("request log levels", () => {
  it("logs the API at info, pages and static files served as asked at debug, failures at info or error", () => {
    expect(requestLogLevel("/tjc/tags?range=[0,9]", 200)).toBe("info");
    expect(requestLogLevel("/tjc/auth/login", 401)).toBe("info");
    expect(requestLogLevel("/assets/app-3f9a1c.js", 200)).toBe("debug");
    expect(requestLogLevel("/assets/app-3f9a1c.js", 304)).toBe("debug");
    expect(requestLogLevel("/tjc/docs/static/swagger-ui.css", 200)).toBe(
      "debug",
    );
    expect(requestLogLevel("/admin/tagManage", 200)).toBe("debug");
    expect(requestLogLevel("/assets/missing.js", 404)).toBe("info");
    expect(requestLogLevel("/tjc/tags", 500)).toBe("error");
  });

  it("writes one line per API request and none at info for a static file", async () => {
    const lines: { level: number; msg: string; req?: { url: string } }[] = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split("\n").filter(Boolean))
          lines.push(JSON.parse(line));
        callback();
      },
    });
    const t = await buildTestApp(
      {},
      { logger: { level: "info", stream: sink } },
    );
    try {
      lines.length = 0;
      expect(
        (await t.request({ method: "GET", url: "/favicon.svg" })).statusCode,
      ).toBe(200);
      expect(
        (await t.request({ method: "GET", url: "/assets/app-3f9a1c.js" }))
          .statusCode,
      ).toBe(200);
      expect(lines).toEqual([]);

      await t.request({ method: "GET", url: "/tjc/health" });
      expect(lines).toEqual([
        expect.objectContaining({
          level: 30,
          msg: "request completed",
          req: expect.objectContaining({ url: "/tjc/health" }),
        }),
      ]);
    } finally {
      await t.close();
    }
  });
});
