import { describe, expect, it } from "vitest";
import { editorMessages } from "./messages";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("editor messages", () => {
  const zh = flatten(editorMessages["zh-CN"] as unknown as Tree);
  const en = flatten(editorMessages["en-US"] as unknown as Tree);

  it("have the same keys in both languages", () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });

  it("have the same placeholders in both languages", () => {
    for (const key of Object.keys(en))
      expect(placeholders(zh[key]), key).toEqual(placeholders(en[key]));
  });

  it("have no empty strings", () => {
    for (const [key, value] of [...Object.entries(zh), ...Object.entries(en)])
      expect(value.trim(), key).not.toBe("");
  });

  it("use the spec's placeholder text", () => {
    expect(en["editor.placeholder"]).toBe("Insert text here ...");
  });
});
