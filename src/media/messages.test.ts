import { describe, expect, it } from "vitest";
import { mediaMessages } from "./messages";

function flatten(node: unknown, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(path, value);
    else for (const [k, v] of flatten(value, path)) entries.set(k, v);
  }
  return entries;
}
const placeholders = (text: string) =>
  [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("media messages", () => {
  const zh = flatten(mediaMessages["zh-CN"]);
  const en = flatten(mediaMessages["en-US"]);
  it("has the same keys and placeholders in both languages", () => {
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of zh)
      expect(placeholders(text), key).toEqual(placeholders(en.get(key)!));
  });
});
