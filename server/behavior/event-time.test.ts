import { describe, expect, test } from "vitest";
import { nowIso } from "../db/dialect.js";
import { eventTime } from "./rollup.js";

describe("eventTime", () => {
  test("formats as nowIso does, across milliseconds, seconds and days", () => {
    const start = Date.UTC(2026, 10, 23, 23, 59, 58, 990);
    for (const time of [
      start,
      start + 5,
      start + 10,
      start + 15,
      start + 1010,
      start + 1100,
      start + 2000,
      start + 2001,
      start - 86_400_000,
      Date.UTC(2027, 0, 1, 0, 0, 0, 0),
      Date.UTC(2027, 0, 1, 0, 0, 0, 99),
    ]) {
      expect(eventTime(time)).toBe(nowIso(time));
    }
  });
});
