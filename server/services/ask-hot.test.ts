import { expect, test } from "vitest";
import { hotScore } from "./ask-hot.js";

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString();

test("more votes and answers rank higher at the same age", () => {
  const base = { score: 0, answerCount: 0, createdAt: day(0) };
  expect(hotScore({ ...base, score: 10 })).toBeGreaterThan(hotScore(base));
  expect(hotScore({ ...base, answerCount: 3 })).toBeGreaterThan(
    hotScore({ ...base, score: 3 }),
  );
  expect(hotScore({ ...base, score: -10 })).toBeLessThan(hotScore(base));
});

test("a newer question outranks an older one of the same weight", () => {
  expect(
    hotScore({ score: 5, answerCount: 1, createdAt: day(1) }),
  ).toBeGreaterThan(hotScore({ score: 5, answerCount: 1, createdAt: day(0) }));
});

test("age wins over a weight ten times larger after about half a day", () => {
  const older = hotScore({ score: 100, answerCount: 0, createdAt: day(0) });
  const newer = hotScore({ score: 10, answerCount: 0, createdAt: day(1) });
  expect(newer).toBeGreaterThan(older);
});
