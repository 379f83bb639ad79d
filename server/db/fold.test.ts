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

  test("ASCII text, read by its own shorter path, folds as character by character", () => {
    let ascii = "";
    for (let code = 0; code < 0x80; code++) {
      const char = String.fromCharCode(code);
      ascii += char;
      expect(foldString(char)).toBe(oneByOne(char));
    }
    expect(foldString(ascii)).toBe(oneByOne(ascii));
    expect(foldString("Grace of God 12")).toBe("grace of god 12");
    // One character past ASCII and the general path reads it all.
    expect(foldString("Grace É")).toBe(oneByOne("Grace É"));
  });

  test("a long text with upper case folds whole (past one chunk of 4,096 units)", () => {
    const text = "Ab晚間".repeat(3000);
    expect(foldString(text)).toBe(oneByOne(text));
    expect(foldString(text)).toHaveLength(text.length);
  });

  test("leaves a lone surrogate as it is", () => {
    expect(foldString("a\ud800b")).toBe("a\ud800b");
  });
});
