import { describe, expect, it } from "vitest";
import {
  COUNTRY_CODE_ERRORS,
  REFERENCE_VALIDATION_MESSAGES,
  REGION_CODE_ERRORS,
} from "../../common/reference-messages.js";
import { referenceMessages } from "./messages";

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

describe("reference messages", () => {
  const zh = flatten(referenceMessages["zh-CN"]);
  const en = flatten(referenceMessages["en-US"]);

  it("has the same keys in both languages", () => {
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
    expect(zh.size).toBeGreaterThan(30);
  });

  it("has the same placeholders in both languages, and no empty text", () => {
    for (const [key, text] of zh) {
      expect({ key, placeholders: placeholders(text) }).toEqual({
        key,
        placeholders: placeholders(en.get(key)!),
      });
      expect(text.trim()).not.toBe("");
      expect(en.get(key)!.trim()).not.toBe("");
    }
  });

  it("keeps everything under the reference namespace", () => {
    expect(Object.keys(referenceMessages["zh-CN"])).toEqual(["reference"]);
  });

  it("carries the validation keys the shared schemas report", () => {
    const keys = [
      ...Object.values(REGION_CODE_ERRORS),
      ...Object.values(COUNTRY_CODE_ERRORS),
    ];
    for (const key of keys) {
      expect(zh.get(key)).toBe(REFERENCE_VALIDATION_MESSAGES["zh-CN"][key]);
      expect(en.get(key)).toBe(REFERENCE_VALIDATION_MESSAGES["en-US"][key]);
    }
  });

  it("names every level the tree shows", () => {
    for (const level of ["1", "2", "3"]) {
      expect(zh.has(`reference.tree.level.${level}`)).toBe(true);
    }
  });
});
