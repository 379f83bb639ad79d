import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import englishMessages from "ra-language-english";
import { catalogue } from "./messages";
import { deepMerge, flattenMessages } from "./deepMerge";
import { allFeatureMessages } from "./featureMessages";
import { editorMessages } from "../editor/messages";
import { referenceMessages } from "../reference/messages";
import { mediaMessages } from "../media/messages";
import { appMessages } from "./appMessages";

// The whole catalogue: the shell's and every feature's, which load with their screens.
const features = await allFeatureMessages();
const zh = flattenMessages(
  deepMerge(catalogue["zh-CN"] as Record<string, unknown>, features["zh-CN"]),
);
const en = flattenMessages(
  deepMerge(catalogue["en-US"] as Record<string, unknown>, features["en-US"]),
);

function placeholders(text: string): string[] {
  return [
    ...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1])),
  ].sort();
}

/** Every `ra.tiptap.*` key that ra-input-rich-text's source uses. */
function tiptapKeysInUse(): string[] {
  const root = join(process.cwd(), "node_modules/ra-input-rich-text/src");
  const keys = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry) && !/\.(spec|stories)\./.test(entry)) {
        for (const m of readFileSync(path, "utf8").matchAll(
          /ra\.tiptap\.[a-z0-9_]+/g,
        ))
          keys.add(m[0]);
      }
    }
  };
  walk(root);
  return [...keys].sort();
}

describe("the message catalogue", () => {
  const englishKeys = Object.keys(
    flattenMessages(englishMessages as Record<string, unknown>),
  );

  it("has every ra-language-english key in zh-CN with the same placeholders", () => {
    const english = flattenMessages(englishMessages as Record<string, unknown>);
    expect(englishKeys.length).toBeGreaterThan(150);
    const missing = englishKeys.filter((key) => !(key in zh));
    expect(missing).toEqual([]);
    const mismatched = englishKeys.filter(
      (key) =>
        placeholders(english[key]).join() !== placeholders(zh[key]).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it("has every ra.tiptap.* key ra-input-rich-text uses, in both languages", () => {
    const keys = tiptapKeysInUse();
    expect(keys).toHaveLength(27);
    for (const key of keys) {
      expect(zh[key], `zh-CN ${key}`).toBeTruthy();
      expect(en[key], `en-US ${key}`).toBeTruthy();
    }
  });

  it("has the same keys in zh-CN and en-US", () => {
    expect(Object.keys(zh).filter((key) => !(key in en))).toEqual([]);
    expect(Object.keys(en).filter((key) => !(key in zh))).toEqual([]);
  });

  it("uses the same placeholders in both languages for every key", () => {
    const mismatched = Object.keys(en).filter(
      (key) =>
        key in zh &&
        placeholders(en[key]).join() !== placeholders(zh[key]).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it("has no empty message apart from react-admin's blank boolean null", () => {
    const empty = [...Object.entries(zh), ...Object.entries(en)]
      .filter(([key, text]) => text.trim() === "" && key !== "ra.boolean.null")
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it("merges the editor's, the reference inputs' and the shell's own messages", () => {
    for (const fragment of [
      editorMessages,
      referenceMessages,
      mediaMessages,
      appMessages,
    ]) {
      for (const language of ["zh-CN", "en-US"] as const) {
        const flat = flattenMessages(
          fragment[language] as Record<string, unknown>,
        );
        const merged = language === "zh-CN" ? zh : en;
        for (const [key, text] of Object.entries(flat))
          expect(merged[key]).toBe(text);
      }
    }
  });

  it("has a single plural form in zh-CN (Polyglot gives Chinese one form)", () => {
    const plural = Object.entries(zh).filter(([, text]) =>
      text.includes("||||"),
    );
    expect(plural.map(([key]) => key)).toEqual([]);
  });

  it("says the spec's session-expired sentence in both languages", () => {
    expect(en["app.session.expired"]).toBe(
      "The user session has expired, please log in again!",
    );
    expect(zh["app.session.expired"]).toBe("用户会话已过期，请重新登录！");
    expect(en["app.chunk.failed"]).toBe("Loading chunk %{chunk} failed");
  });
});
