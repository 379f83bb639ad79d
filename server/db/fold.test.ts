import { describe, expect, test } from "vitest";
import { foldChar, foldString } from "./fold.js";

/** foldString scans for the characters the fold changes; it must equal folding each one. */
const oneByOne = (text: string) => Array.from(text, foldChar).join("");

describe("foldString", () => {
  test("folds traditional, full-width and upper case, keeping the length", () => {
    const text = "晚間禱告會 ＧＲＡＣＥ Grace 後來 👍🏽 ℌ";
    expect(foldString(text)).toBe(oneByOne(text));
    expect(foldString("晚間禱告會")).toBe("晚间祷告会");
    expect(foldString("ＧＲＡＣＥ")).toBe("grace");
    expect(foldString(text)).toHaveLength(text.length);
  });

  test("equals folding character by character over the whole Basic Multilingual Plane", () => {
    let all = "";
    for (let code = 0; code < 0x10000; code++)
      if (code < 0xd800 || code > 0xdfff) all += String.fromCharCode(code);
    expect(foldString(all)).toBe(oneByOne(all));
  });

  test("leaves a lone surrogate as it is", () => {
    expect(foldString("a\ud800b")).toBe("a\ud800b");
  });
});
