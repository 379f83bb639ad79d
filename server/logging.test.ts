import { execFileSync, spawn } from "node:child_process";
import { constants, mkdtempSync, openSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Writable } from "node:stream";
import pino from "pino";
import type SonicBoom from "sonic-boom";
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
    const out = fakeStdout(false);
    const options = (await loggerOptions("info", out.stream)) as {
      level: string;
      stream: unknown;
    };
    expect(options).toMatchObject({ level: "info", redact: expect.any(Array) });
    expect(options.stream).toBe(out.stream);
  });

  it("drops and counts the lines past its buffer while nobody reads the output", async () => {
    // A pipe nobody reads, as a stalled log shipper: a FIFO this test owns, so that it
    // closes it only when the logger is done with it (a child's pipe closed under the
    // logger's retries failed the next test with EBADF).
    const fifo = join(mkdtempSync(join(tmpdir(), "lampstand-log-")), "out");
    execFileSync("mkfifo", [fifo]);
    const fd = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
    let dropped = 0;
    const options = (await loggerOptions(
      "info",
      { isTTY: false, fd } as unknown as NodeJS.WriteStream,
      { maxBufferBytes: 64 * 1024, onDrop: (lines) => (dropped += lines) },
    )) as { level: string; stream: SonicBoom };
    const logger = pino({ level: options.level }, options.stream);
    const line = "x".repeat(200);
    for (let i = 0; i < 10_000; i++) logger.info({ i }, line);
    // The lines are logged faster than the first write completes, so the buffer's
    // 64 KiB is about all that is kept: ~260 lines of ~250 bytes.
    expect(dropped).toBeGreaterThan(9_000);
    expect(dropped).toBeLessThan(10_000);

    // A reader comes back: what was kept is written, and the output closes cleanly.
    const drain = spawn("cat", [fifo], { stdio: ["ignore", "pipe", "ignore"] });
    // Listened for at once: `cat` may end (at the close's EOF) before the stream's 'close'
    // is seen here. The child's 'close' comes after its output has all been read.
    const drained = new Promise((resolve) => drain.once("close", resolve));
    let received = "";
    drain.stdout.on("data", (chunk: Buffer) => (received += String(chunk)));
    const closed = new Promise((resolve) =>
      options.stream.once("close", resolve),
    );
    options.stream.end();
    await closed;
    await drained;
    // Every line kept arrives whole, and together with those dropped they are all.
    const lines = received.split("\n").filter(Boolean);
    expect(lines.length).toBe(10_000 - dropped);
    expect(lines.every((l) => JSON.parse(l).msg === line)).toBe(true);
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
