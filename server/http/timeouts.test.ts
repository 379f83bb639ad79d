import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper.js";

/**
 * Real sockets against a listening server with short limits: clients that go quiet
 * mid-request, trickle headers, or open too many connections are cut off.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({
    REQUEST_TIMEOUT_MS: "1500",
    HEADERS_TIMEOUT_MS: "800",
    KEEP_ALIVE_TIMEOUT_MS: "400",
    IDLE_TIMEOUT_MS: "700",
    MAX_CONNECTIONS_PER_IP: "12",
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

/** Opens a socket, writes `head`, and answers when the server closes it (ms, what it said). */
function openAndWait(
  head: string,
  trickle?: string,
): Promise<{ closedAfterMs: number; received: string }> {
  return new Promise((resolve, reject) => {
    const startedAt = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    let timer: NodeJS.Timeout | undefined;
    socket.on("connect", () => {
      socket.write(head);
      if (trickle) {
        // One byte every 300 ms: never idle long enough for the idle timeout.
        timer = setInterval(() => socket.write(trickle), 300);
      }
    });
    socket.on("data", (chunk) => (received += String(chunk)));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ closedAfterMs: Date.now() - startedAt, received });
    });
    setTimeout(() => {
      socket.destroy();
      reject(new Error("the server kept a silent connection open for 10 s"));
    }, 10_000);
  });
}

const partialBody =
  'POST /tjc/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"loginName":';

describe("timeouts", () => {
  it("closes ten connections that send part of a body and go quiet", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => openAndWait(partialBody)),
    );
    for (const { closedAfterMs } of results)
      expect(closedAfterMs).toBeLessThan(5_000);
  });

  it("closes a connection that trickles its body past the request timeout", async () => {
    const { closedAfterMs, received } = await openAndWait(partialBody, " ");
    expect(closedAfterMs).toBeGreaterThanOrEqual(1_400);
    expect(closedAfterMs).toBeLessThan(5_000);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it("closes a connection that trickles its headers past the headers timeout", async () => {
    const { closedAfterMs } = await openAndWait(
      "GET /tjc/health HTTP/1.1\r\nHost: x\r\n",
      "X",
    );
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it("closes a kept-alive connection once it has been idle for the keep-alive timeout", async () => {
    const { closedAfterMs, received } = await openAndWait(
      "GET /tjc/health HTTP/1.1\r\nHost: x\r\n\r\n",
    );
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(closedAfterMs).toBeLessThan(3_000);
  });

  it("refuses connections from one address past the cap, and serves again once they close", async () => {
    const sockets = await Promise.all(
      Array.from(
        { length: 12 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect(port, "127.0.0.1", () =>
              resolve(socket),
            );
            socket.on("error", () => {});
          }),
      ),
    );
    const extra = await openAndWait(
      "GET /tjc/health HTTP/1.1\r\nHost: x\r\n\r\n",
    );
    expect(extra.received).toBe("");
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const response = await fetch(`http://127.0.0.1:${port}/tjc/health`);
    expect(response.status).toBe(200);
  });
});

describe("upload deadlines", () => {
  it("gives a multipart upload time by its declared size, and nothing else", async () => {
    const { requestDeadlineMs, UPLOAD_MIN_BYTES_PER_SECOND } =
      await import("./request-deadline.js");
    const gb = String(1024 ** 3);
    expect(requestDeadlineMs(120_000, "application/json", gb)).toBe(120_000);
    expect(
      requestDeadlineMs(120_000, "multipart/form-data; boundary=x", gb),
    ).toBe(Math.ceil((1024 ** 3 / UPLOAD_MIN_BYTES_PER_SECOND) * 1000));
    expect(requestDeadlineMs(120_000, "multipart/form-data", "100")).toBe(
      120_000,
    );
    expect(requestDeadlineMs(120_000, "multipart/form-data", undefined)).toBe(
      120_000,
    );
  });

  it("lets a multipart upload trickle past the request timeout when its size allows", async () => {
    // 1500 ms plain; 200 KB declared at 64 KiB/s gets about 3 s.
    const head = `POST /tjc/files HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${200 * 1024}\r\n\r\n--b\r\n`;
    const { closedAfterMs, received } = await openAndWait(head, " ");
    expect(closedAfterMs).toBeGreaterThanOrEqual(2_900);
    expect(closedAfterMs).toBeLessThan(8_000);
    expect(received).toMatch(/^HTTP\/1\.1 (408|401)/);
  });
});
