import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_SAMPLES } from "./services/image-samples.js";
import { Lifecycle, type Phase } from "./services/lifecycle.js";
import { Metrics } from "./services/metrics.js";
import { startOpsServer, type OpsServer } from "./ops-server.js";
import { buildTestApp, type TestApp } from "./test/helper.js";

/** Records every phase the server passes through. */
class RecordingLifecycle extends Lifecycle {
  readonly seen: Phase[] = [];
  override get phase(): Phase {
    return this.seen.at(-1) ?? "starting";
  }
  override set phase(phase: Phase) {
    this.seen.push(phase);
  }
}

let t: TestApp;
let ops: OpsServer;
const lifecycle = new RecordingLifecycle();
const metrics = new Metrics();
const TOKEN = "scrape-secret-for-tests";

beforeAll(async () => {
  // As main.ts does: the ops port first, then the server migrates and starts.
  ops = await startOpsServer({
    port: 0,
    host: "127.0.0.1",
    token: TOKEN,
    metrics,
    lifecycle,
  });
  t = await buildTestApp({}, { lifecycle, metrics });
});
afterAll(async () => {
  await t.close();
  await ops.close();
});

const opsGet = (path: string, token: string | null = TOKEN) =>
  fetch(`http://127.0.0.1:${ops.port}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe("metrics", () => {
  it("are scraped from the ops port: requests per route, store time, sessions, uploads, event-loop lag", async () => {
    const editor = await t.loginAs("editor");
    await t.request({ method: "GET", url: "/tjc/tags", token: editor });
    await t.request({ method: "GET", url: "/tjc/tags/999999", token: editor });
    const boundary = "----metrics";
    const upload = await t.request({
      method: "POST",
      url: "/tjc/files/images",
      token: editor,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        Buffer.from(IMAGE_SAMPLES.png),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.json().code).toBe(0);

    const response = await opsGet("/metrics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    const value = (pattern: RegExp) => {
      const match = pattern.exec(text);
      return match ? Number(match[1]) : NaN;
    };
    expect(
      value(
        /^lampstand_http_requests_total\{method="GET",route="\/tjc\/tags",status="200"\} (\d+)/m,
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(
        /^lampstand_http_requests_total\{method="GET",route="\/tjc\/tags\/:id",status="404"\} (\d+)/m,
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(
        /^lampstand_http_request_duration_seconds_count\{method="GET",route="\/tjc\/tags"\} (\d+)/m,
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(
        /^lampstand_store_query_duration_seconds_count\{operation="query"\} (\d+)/m,
      ),
    ).toBeGreaterThan(0);
    expect(value(/^lampstand_sessions_active (\d+)/m)).toBeGreaterThanOrEqual(
      1,
    );
    expect(value(/^lampstand_upload_bytes_total\{kind="image"\} (\d+)/m)).toBe(
      IMAGE_SAMPLES.png.length,
    );
    expect(text).toMatch(/^lampstand_nodejs_eventloop_lag_seconds /m);
    expect(text).toContain("lampstand_job_runs_total");
  });

  it("jobs count their runs and failures", async () => {
    await metrics.runJob("test-job", async () => 1);
    await expect(
      metrics.runJob("test-job", async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const text = await (await opsGet("/metrics")).text();
    expect(text).toMatch(/^lampstand_job_runs_total\{job="test-job"\} 2$/m);
    expect(text).toMatch(/^lampstand_job_failures_total\{job="test-job"\} 1$/m);
  });

  it("need the token, and are not served on the API's port", async () => {
    expect((await opsGet("/metrics", null)).status).toBe(401);
    expect((await opsGet("/metrics", "wrong")).status).toBe(401);
    for (const url of ["/metrics", "/tjc/metrics"]) {
      const response = await t.request({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("lampstand_http_requests_total");
    }
  });
});

describe("readiness", () => {
  it("went through migrating before ready", () => {
    expect(lifecycle.seen.slice(0, 2)).toEqual(["migrating", "ready"]);
  });

  it("answers 503 on both ports while migrating or stopping, 200 when ready", async () => {
    for (const phase of ["migrating", "stopping", "starting"] as const) {
      lifecycle.phase = phase;
      const fromOps = await opsGet("/ready");
      expect(fromOps.status).toBe(503);
      expect(await fromOps.json()).toEqual({ status: phase });
      const fromApi = await t.request({ method: "GET", url: "/tjc/ready" });
      expect(fromApi.statusCode).toBe(503);
      expect(fromApi.json().data).toEqual({ status: phase });
    }
    lifecycle.phase = "ready";
    expect((await opsGet("/ready")).status).toBe(200);
    const ready = await t.request({ method: "GET", url: "/tjc/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ code: 0, data: { status: "ready" } });
    // Liveness stays up whatever the phase.
    expect(
      (await t.request({ method: "GET", url: "/tjc/health" })).statusCode,
    ).toBe(200);
  });
});
