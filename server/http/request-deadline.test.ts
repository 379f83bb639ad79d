import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import {
  installRequestDeadlines,
  requestDeadlineMs,
} from "./request-deadline.js";

describe("requestDeadlineMs", () => {
  it("is the request timeout, or a multipart upload's time at 64 KiB/s when longer", () => {
    expect(requestDeadlineMs(120_000, "application/json", "10")).toBe(120_000);
    expect(
      requestDeadlineMs(120_000, "multipart/form-data; boundary=x", "nope"),
    ).toBe(120_000);
    expect(
      requestDeadlineMs(
        120_000,
        "multipart/form-data; boundary=x",
        String(64 * 1024 * 1000),
      ),
    ).toBe(1_000_000);
  });
});

describe("installRequestDeadlines with app.inject", () => {
  const app = Fastify();
  afterEach(() => app.close());

  // Route tests answer many requests before reading their bodies (401, 403), and their
  // workers outlive REQUEST_TIMEOUT_MS: the deadline then met a stand-in socket without
  // destroy(), thousands of uncaught TypeErrors that failed CI's unit pass. Vitest fails
  // the run on an uncaught error, so this test fails without the guard.
  it("lets the deadline of an injected request pass quietly when its body was never read", async () => {
    installRequestDeadlines(app, 50);
    app.addHook("onRequest", async (_request, reply) =>
      reply.code(401).send({ code: 40100 }),
    );
    app.post("/x", async () => ({ read: true }));
    const answer = await app.inject({
      method: "POST",
      url: "/x",
      payload: { body: "never read" },
    });
    expect(answer.statusCode).toBe(401);
    // Past the deadline and the second after it that used to destroy the socket.
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(answer.json()).toEqual({ code: 40100 });
  });
});
