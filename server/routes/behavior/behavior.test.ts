import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  test,
} from "vitest";
import { Code } from "../../../common/codes.js";
import { JOB_LOG_KEYS } from "../../../common/job-messages.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { behaviorRollup } from "../../jobs/handlers/behavior.js";
import { statsDay } from "../../behavior/rollup.js";
import { MAX_QUEUED_ROWS } from "../../behavior/writer.js";

let t: TestApp;
let admin: string;
let editor: string;
beforeAll(async () => {
  t = await buildTestApp({ BEHAVIOR_RATE_LIMIT: "1000" });
  admin = await t.loginAs("admin");
  editor = await t.loginAs("editor");
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.app.behavior.flush();
  await t.app.store.db.deleteFrom("behaviorEvents").execute();
  await t.app.store.db.deleteFrom("behaviorDaily").execute();
});

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120";

function event(overrides: Record<string, unknown> = {}) {
  return {
    type: "pageview",
    app: "public",
    visitorId: "visitor-aaaa",
    sessionId: "session-aaaa",
    path: "/ubTest1",
    at: Date.now(),
    ...overrides,
  };
}

function send(
  events: unknown[],
  headers: Record<string, string> = {},
  remoteAddress = "203.0.113.77",
) {
  return t.request({
    method: "POST",
    url: "/tjc/public/behavior",
    payload: { events },
    headers: { "user-agent": DESKTOP, ...headers },
    remoteAddress,
  });
}

async function stored() {
  await t.app.behavior.flush();
  return t.app.store.db.selectFrom("behaviorEvents").selectAll().execute();
}

describe("POST /tjc/public/behavior", () => {
  test("stores a batch with a truncated address and a device class, never the user agent", async () => {
    const response = await send(
      [
        event({ referrer: "https://search.example.org/?q=private" }),
        event({ type: "event", name: "ubTest1-click" }),
        event({ type: "leave", durationMs: 4200, path: "/ubTest1?x=1#top" }),
      ],
      { "user-agent": IPHONE },
    );
    expect(response.json()).toMatchObject({ code: 0, data: { stored: 3 } });
    const rows = await stored();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({
        device: "mobile",
        ipPrefix: "203.0.113.0/24",
      });
      expect(JSON.stringify(row)).not.toContain("iPhone");
      expect(JSON.stringify(row)).not.toContain("203.0.113.77");
    }
    expect(rows[0]!.referrerDomain).toBe("search.example.org");
    expect(rows[1]!.name).toBe("ubTest1-click");
    expect(rows[2]).toMatchObject({ path: "/ubTest1", durationMs: 4200 });
    expect(Object.keys(rows[0]!)).not.toContain("userAgent");
  });

  test("truncates IPv6 to /48", async () => {
    await send([event()], {}, "2001:db8:85a3:8d3:1319:8a2e:370:7348");
    expect((await stored())[0]!.ipPrefix).toBe("2001:db8:85a3::/48");
  });

  test("stores nothing for Do-Not-Track or Global Privacy Control", async () => {
    const optOuts: Record<string, string>[] = [
      { dnt: "1" },
      { "sec-gpc": "1" },
    ];
    for (const header of optOuts) {
      const response = await send([event()], header);
      expect(response.json()).toMatchObject({ code: 0, data: { stored: 0 } });
    }
    expect(await stored()).toHaveLength(0);
  });

  test("refuses oversized and malformed batches with a clear error", async () => {
    const many = await send(Array.from({ length: 51 }, () => event()));
    expect(many.statusCode).toBe(400);
    expect(many.json().code).toBe(Code.VALIDATION);
    const big = await send(
      Array.from({ length: 40 }, () => event({ path: `/${"x".repeat(500)}` })),
    );
    expect(big.statusCode).toBe(413);
    expect(typeof big.json().code).toBe("number");
    for (const bad of [
      [],
      [event({ type: "purchase" })],
      [event({ path: "https://evil.example/" })],
      [event({ visitorId: "short" })],
      [event({ userAgent: "Mozilla" })],
      [event({ at: "now" })],
    ]) {
      const response = await send(bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().code).toBe(Code.VALIDATION);
    }
    expect(await stored()).toHaveLength(0);
  });

  test("names each bad field in the caller's language, as zod's check does", async () => {
    const bad = [event({ visitorId: "short", path: "x" })];
    const zh = await send(bad, { "accept-language": "zh-CN" });
    expect(zh.json()).toEqual({
      code: Code.VALIDATION,
      message: "请求参数有误",
      data: {
        errors: {
          "events.0.visitorId": "格式不正确",
          "events.0.path": "格式不正确",
        },
      },
    });
    const en = await send(bad, { "accept-language": "en-US" });
    expect(en.json().data.errors).toEqual({
      "events.0.visitorId": "Not in the expected format",
      "events.0.path": "Not in the expected format",
    });
    const nul = await send([event({ path: "/a\u0000" })], {
      "accept-language": "en-US",
    });
    expect(nul.json().data.errors).toEqual({
      "events.0.path": "Must not contain a NUL character",
    });
  });

  test("stores a named event's name trimmed and the path without its query", async () => {
    await send([
      event({ type: "event", name: "  click  ", path: "/a#top?x" }),
      event({ path: "/b?q=1#x" }),
    ]);
    const rows = await stored();
    expect(rows.map((row) => [row.name, row.path])).toEqual([
      ["click", "/a"],
      [null, "/b"],
    ]);
    expect(rows[0]!.occurredAt).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
    );
  });

  test("answers 42900 with Retry-After, and keeps nothing of the batch, while the write queue is full", async () => {
    const writer = t.app.behavior;
    // No timer: the queue stays full until it is written (stop() writes what is queued).
    await writer.stop();
    try {
      const filler = {
        day: "2026-11-24",
        at: Date.UTC(2026, 10, 24, 8),
        type: "pageview",
        app: "public",
        visitorId: "visitor-filler",
        sessionId: "session-filler",
        path: "/filler",
        device: "desktop",
      } as const;
      expect(
        writer.add(Array.from({ length: MAX_QUEUED_ROWS - 1 }, () => filler)),
      ).toBe(true);
      const full = await send([event(), event()], {
        "accept-language": "en-US",
      });
      expect(full.statusCode).toBe(429);
      expect(full.headers["retry-after"]).toBe("1");
      expect(full.json()).toMatchObject({
        code: Code.TOO_MANY_REQUESTS,
        data: { retryAfter: 1 },
      });
      expect(typeof full.json().message).toBe("string");
      // One event still fits.
      const one = await send([event({ path: "/fits" })]);
      expect(one.json()).toMatchObject({ code: 0, data: { stored: 1 } });
      await writer.flush();
      const again = await send([event({ path: "/after" }), event()]);
      expect(again.json()).toMatchObject({ code: 0, data: { stored: 2 } });
      const rows = await stored();
      expect(rows).toHaveLength(MAX_QUEUED_ROWS + 2);
      expect(
        rows
          .filter((row) => row.path !== "/filler")
          .map((row) => row.path)
          .sort(),
      ).toEqual(["/after", "/fits", "/ubTest1"]);
    } finally {
      writer.start();
    }
  });

  test("is rate-limited per address", async () => {
    const limited = await buildTestApp({ BEHAVIOR_RATE_LIMIT: "3" });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await limited.request({
          method: "POST",
          url: "/tjc/public/behavior",
          payload: { events: [event()] },
          remoteAddress: "198.51.100.1",
        });
        codes.push(response.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      const other = await limited.request({
        method: "POST",
        url: "/tjc/public/behavior",
        payload: { events: [event()] },
        remoteAddress: "198.51.100.2",
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("the rollup and GET /tjc/system/behavior-stats", () => {
  function stats(query: string, token = admin, language = "en-US") {
    return t.request({
      method: "GET",
      url: `/tjc/system/behavior-stats${query}`,
      token,
      language,
    });
  }

  test("rejects without a session", async () => {
    const response = await t.request({
      method: "GET",
      url: "/tjc/system/behavior-stats?from=2026-01-01&to=2026-01-02",
    });
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });
  test("rejects without permission", async () => {
    const response = await stats("?from=2026-01-01&to=2026-01-02", editor);
    expect(response.json().code).toBe(Code.FORBIDDEN);
  });

  test("rolls raw events up into the numbers the screen shows", async () => {
    const a = { visitorId: "visitor-aaaa", sessionId: "session-aaaa" };
    const b = { visitorId: "visitor-bbbb", sessionId: "session-bbbb" };
    await send([
      event({ ...a, path: "/ubTest1", referrer: "https://ref.example/" }),
      event({ ...a, type: "leave", path: "/ubTest1", durationMs: 3000 }),
      event({ ...a, path: "/ubTest2" }),
      event({ ...a, type: "event", name: "ubTest2-click", path: "/ubTest2" }),
      event({ ...a, type: "leave", path: "/ubTest2", durationMs: 1000 }),
    ]);
    await send(
      [
        event({ ...b, path: "/ubTest1" }),
        event({ ...b, type: "event", name: "ubTest1-click" }),
        event({ ...b, type: "event", name: "ubTest1-click" }),
      ],
      { "user-agent": IPHONE },
    );
    const message = await behaviorRollup.run(
      { days: 2 },
      {
        app: t.app,
        signal: new AbortController().signal,
        scheduledAt: new Date().toISOString(),
        now: () => Date.now(),
      },
    );
    expect(message).toMatchObject({ key: JOB_LOG_KEYS.rolledUp });
    const today = statsDay(Date.now());
    const body = (await stats(`?from=${today}&to=${today}`)).json();
    expect(body.code).toBe(0);
    expect(body.data.series).toEqual([
      { day: today, pv: 3, uv: 2, sessions: 2, avgDurationMs: 2000 },
    ]);
    expect(body.data.topPaths).toEqual([
      { key: "/ubTest1", pv: 2, uv: 2, avgDurationMs: 3000 },
      { key: "/ubTest2", pv: 1, uv: 1, avgDurationMs: 1000 },
    ]);
    expect(body.data.devices).toEqual([
      { key: "desktop", pv: 2, uv: 1, avgDurationMs: null },
      { key: "mobile", pv: 1, uv: 1, avgDurationMs: null },
    ]);
    expect(body.data.referrers).toEqual([
      { key: "ref.example", pv: 1, uv: 1, avgDurationMs: null },
    ]);
    expect(body.data.events).toEqual([
      { key: "ubTest1-click", pv: 2, uv: 1, avgDurationMs: null },
      { key: "ubTest2-click", pv: 1, uv: 1, avgDurationMs: null },
    ]);

    // A rerun gives the same numbers.
    await behaviorRollup.run(
      { days: 1 },
      {
        app: t.app,
        signal: new AbortController().signal,
        scheduledAt: new Date().toISOString(),
        now: () => Date.now(),
      },
    );
    expect((await stats(`?from=${today}&to=${today}`)).json().data).toEqual(
      body.data,
    );

    const csv = await t.request({
      method: "GET",
      url: `/tjc/system/behavior-stats/export?from=${today}&to=${today}`,
      token: admin,
      language: "zh-CN",
    });
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toBe(
      "类别,日期或名称,浏览量,访客数,会话数,平均停留（毫秒）",
    );
    expect(lines[1]).toBe(`每日,${today},3,2,2,2000`);
  });

  test("fills days without visits and refuses bad ranges with 40000", async () => {
    const body = (await stats("?from=2026-01-01&to=2026-01-03")).json();
    expect(body.data.series.map((d: { day: string }) => d.day)).toEqual([
      "2026-01-01",
      "2026-01-02",
      "2026-01-03",
    ]);
    for (const query of [
      "",
      "?from=2026-01-05&to=2026-01-01",
      "?from=2024-01-01&to=2026-01-01",
      "?from=yesterday&to=today",
      "?from=2026-01-01&to=2026-01-02&x=1",
    ]) {
      const response = await stats(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe(Code.VALIDATION);
    }
  });
});
