import { describe, expect, test } from "vitest";
import { behaviorBatchSchema } from "../../../common/schemas/behavior.js";
import { findNulCharacter } from "../../http/nul-check.js";
import { checkBatch } from "./batch-check.js";

const base = {
  type: "pageview",
  app: "public",
  visitorId: "visitor-aaaa",
  sessionId: "session-aaaa",
  path: "/ubTest1",
  at: 1_764_000_000_000,
};

const valid: Record<string, unknown>[] = [
  base,
  { ...base, type: "event", name: "  ubTest1-click " },
  { ...base, type: "leave", durationMs: 0 },
  { ...base, type: "leave", durationMs: 24 * 3600 * 1000, app: "admin" },
  { ...base, referrer: "https://search.example.org/?q=x" },
  { ...base, path: `/${"x".repeat(511)}`, name: "x".repeat(64) },
  { ...base, visitorId: "A".repeat(64), sessionId: "a_b-c123" },
  { ...base, path: "/a?b=1#c", referrer: "" },
];

/** Each field's values the schema refuses (and a few it takes, to be sure of both). */
const variants: Record<string, unknown[]> = {
  type: ["purchase", "", null, 1, undefined, ["pageview"]],
  app: ["Public", null, undefined],
  visitorId: [
    "short",
    "x".repeat(65),
    "has space12",
    "ünïcode12",
    12345678,
    undefined,
  ],
  sessionId: ["1234567", null, "a\u0000bcdefgh"],
  path: [
    "https://evil.example/",
    "",
    "/" + "x".repeat(512),
    "/a\u0000",
    5,
    undefined,
  ],
  name: [
    "",
    "   ",
    "x".repeat(65),
    " ".repeat(3) + "x".repeat(65),
    "a\u0000",
    null,
    3,
  ],
  durationMs: [
    -1,
    1.5,
    24 * 3600 * 1000 + 1,
    "10",
    null,
    Number.MAX_SAFE_INTEGER + 2,
  ],
  referrer: ["x".repeat(2049), "x".repeat(2048), "\u0000", null, 1],
  at: [0, -5, 1.5, "now", null, undefined, 2 ** 60, Number.POSITIVE_INFINITY],
  userAgent: ["Mozilla"],
  __extra: [1],
};

function batches(): unknown[] {
  const out: unknown[] = valid.map((event) => ({ events: [event] }));
  out.push({ events: valid });
  for (const [field, values] of Object.entries(variants)) {
    for (const value of values) {
      const event: Record<string, unknown> = { ...base, [field]: value };
      if (value === undefined) delete event[field];
      out.push({ events: [event] }, { events: [base, event, base] });
    }
  }
  out.push(
    { events: [] },
    { events: Array.from({ length: 50 }, () => base) },
    { events: Array.from({ length: 51 }, () => base) },
    { events: [base], extra: 1 },
    { events: [base, null] },
    { events: [base, [base]] },
    { events: base },
    { events: "x" },
    {},
    [],
    null,
    "events",
    { events: [{ ...base, ["bad\u0000key"]: 1 }] },
  );
  return out;
}

/** What the zod path of the route decides: the NUL check, then the schema. */
function zodAnswer(data: unknown) {
  if (findNulCharacter(data)) return { success: false as const };
  return behaviorBatchSchema.safeParse(data);
}

describe("the behaviour batch's hand-written check", () => {
  test("takes only batches the schema takes, and answers what zod answers", () => {
    let taken = 0;
    for (const batch of batches()) {
      const expected = zodAnswer(structuredClone(batch));
      const fast = checkBatch(structuredClone(batch));
      const label = JSON.stringify(batch)?.slice(0, 200);
      if (fast) {
        taken += 1;
        expect(expected.success, label).toBe(true);
        expect(fast, label).toEqual(
          expected.success ? expected.data : undefined,
        );
      }
    }
    expect(taken).toBeGreaterThan(10);
  });

  test("takes every well-formed batch, so zod runs only for bad ones", () => {
    for (const event of valid) {
      expect(checkBatch({ events: [structuredClone(event)] })).toBeDefined();
    }
    expect(checkBatch({ events: structuredClone(valid) })).toBeDefined();
    for (const batch of batches()) {
      const expected = zodAnswer(structuredClone(batch));
      if (expected.success) {
        expect(
          checkBatch(structuredClone(batch)),
          JSON.stringify(batch)?.slice(0, 200),
        ).toBeDefined();
      }
    }
  });

  test("trims the name as the schema does", () => {
    const batch = checkBatch({
      events: [{ ...base, type: "event", name: "  click  " }],
    });
    expect(batch?.events[0]?.name).toBe("click");
  });
});
