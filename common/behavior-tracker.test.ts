import { describe, expect, it } from "vitest";
import { createTracker, type TrackerEnvironment } from "./behavior-tracker.js";
import { behaviorBatchSchema } from "./schemas/behavior.js";

function environment(overrides: Partial<TrackerEnvironment> = {}) {
  const stored = new Map<string, string>();
  const sent: { events: Record<string, unknown>[] }[] = [];
  let counter = 0;
  const clock = { now: 1_800_000_000_000 };
  const env: TrackerEnvironment = {
    app: "admin",
    now: () => clock.now,
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
    },
    randomId: () => `random-id-${++counter}`,
    optedOut: false,
    referrer: "https://search.example/?q=x",
    send: (body) => {
      sent.push(JSON.parse(body));
      return true;
    },
    ...overrides,
  };
  return { env, sent, stored, clock };
}

describe("the behaviour tracker", () => {
  it("batches page views, named events and stays, and sends them on page hide", () => {
    const { env, sent, clock } = environment();
    const tracker = createTracker(env);
    tracker.pageview("/ubTest1?secret=1");
    clock.now += 1500;
    tracker.event("ubTest1-click");
    clock.now += 1500;
    tracker.pageview("/ubTest2");
    clock.now += 2000;
    expect(sent).toEqual([]);
    tracker.hide();
    expect(sent).toHaveLength(1);
    const events = sent[0]!.events;
    expect(
      events.map((e) => [e.type, e.path, e.name ?? e.durationMs ?? null]),
    ).toEqual([
      ["pageview", "/ubTest1", null],
      ["event", "/ubTest1", "ubTest1-click"],
      ["leave", "/ubTest1", 3000],
      ["pageview", "/ubTest2", null],
      ["leave", "/ubTest2", 2000],
    ]);
    // Only the landing page carries the outside referrer; every batch is one the server takes.
    expect(events[0]!.referrer).toBe("https://search.example/?q=x");
    expect(events[3]!.referrer).toBeUndefined();
    expect(behaviorBatchSchema.safeParse(sent[0]).success).toBe(true);
  });

  it("keeps one random visitor id across page loads and a visit id that lapses after 30 idle minutes", () => {
    const { env, sent, clock } = environment();
    for (const path of ["/a", "/b"]) {
      const tracker = createTracker(env); // a new page load
      tracker.pageview(path);
      tracker.flush();
    }
    clock.now += 31 * 60 * 1000;
    const third = createTracker(env);
    third.pageview("/c");
    third.flush();
    const events = sent.flatMap((batch) => batch.events);
    expect(new Set(events.map((e) => e.visitorId)).size).toBe(1);
    expect(events[0]!.sessionId).toBe(events[1]!.sessionId);
    expect(events[2]!.sessionId).not.toBe(events[0]!.sessionId);
  });

  it("sends nothing and stores nothing under Do-Not-Track or GPC", () => {
    const { env, sent, stored } = environment({ optedOut: true });
    const tracker = createTracker(env);
    tracker.pageview("/ubTest1");
    tracker.event("ubTest1-click");
    tracker.hide();
    expect(sent).toEqual([]);
    expect(stored.size).toBe(0);
  });

  it("splits a full queue into batches of at most 50 events and 16 KB", () => {
    const { env, sent } = environment();
    const tracker = createTracker(env);
    tracker.pageview("/p");
    for (let i = 0; i < 120; i++) tracker.event(`click-${"x".repeat(50)}-${i}`);
    tracker.hide();
    expect(sent.flatMap((b) => b.events)).toHaveLength(122);
    for (const batch of sent) {
      expect(batch.events.length).toBeLessThanOrEqual(50);
      expect(
        new TextEncoder().encode(JSON.stringify(batch)).length,
      ).toBeLessThanOrEqual(16 * 1024);
      expect(behaviorBatchSchema.safeParse(batch).success).toBe(true);
    }
  });
});
