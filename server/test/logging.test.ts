import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_SAMPLES } from "../services/image-samples.js";
import { buildTestApp, type TestApp } from "./helper.js";

/** What reaches the log: a caller's request id only when it is a plain one, no noise. */
let t: TestApp;
let port: number;
const lines: string[] = [];
const entries = () =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  t = await buildTestApp(
    {},
    { logStream: { write: (line) => lines.push(line) } },
  );
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

describe("X-Request-Id", () => {
  it("keeps a plain caller id, in the log and the answer", async () => {
    lines.length = 0;
    const response = await t.request({
      method: "GET",
      url: "/tjc/health",
      headers: { "x-request-id": "lb-1234.abc_9" },
    });
    expect(response.headers["x-request-id"]).toBe("lb-1234.abc_9");
    expect(entries().some((entry) => entry.reqId === "lb-1234.abc_9")).toBe(
      true,
    );
  });

  it.each([
    ["a line break", "abc\nforged log line"],
    ["terminal escapes", "\u001b[31mred"],
    ["an over-long id", "a".repeat(65)],
    ["spaces and quotes", 'a" b'],
  ])("replaces one with %s before it reaches the log", async (_case, id) => {
    lines.length = 0;
    const response = await t.request({
      method: "GET",
      url: "/tjc/health",
      headers: { "x-request-id": id },
    });
    const given = String(response.headers["x-request-id"]);
    expect(given).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.join("")).not.toContain(JSON.stringify(id).slice(1, -1));
    expect(entries().every((entry) => entry.reqId === given)).toBe(true);
  });
});

describe("a client that aborts an upload", () => {
  it("is not logged as an unexpected error", async () => {
    const token = await t.loginAs("editor");
    lines.length = 0;
    const boundary = "----aborted";
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write(
          `POST /tjc/files/images HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 5000000\r\n\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        );
        socket.write(Buffer.from(IMAGE_SAMPLES.png));
        socket.write(Buffer.alloc(100_000, 1));
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 300);
      });
      socket.on("error", () => {});
    });
    // Let the server notice and finish the request.
    const deadline = Date.now() + 5_000;
    const answered = () =>
      entries().some((entry) => entry.msg !== "incoming request");
    while (!answered() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const logged = entries();
    expect(
      logged.some((entry) => entry.msg === "client aborted the request"),
    ).toBe(true);
    expect(
      logged.filter((entry) => Number(entry.level) >= 50),
      lines.join(""),
    ).toEqual([]);
  });
});
