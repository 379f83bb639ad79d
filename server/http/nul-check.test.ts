import { expect, test } from "vitest";
import { findNulCharacter } from "./nul-check.js";

test("finds the path to a NUL in nested input", () => {
  expect(findNulCharacter({ a: [1, { b: "x\u0000" }] })).toEqual(["a", 1, "b"]);
  expect(findNulCharacter("\u0000")).toEqual([]);
  expect(findNulCharacter({ ["k\u0000"]: 1 })).toEqual(["k\u0000"]);
  expect(
    findNulCharacter({ a: ["fine", 2, null, { b: true }] }),
  ).toBeUndefined();
});

test("copes with very deep nesting without overflowing the stack", () => {
  let deep: unknown = "end\u0000";
  for (let i = 0; i < 100_000; i += 1) deep = [deep];
  const path = findNulCharacter(deep);
  expect(path).toHaveLength(100_000);
});
