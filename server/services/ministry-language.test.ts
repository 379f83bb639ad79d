import { describe, expect, test } from "vitest";
import { storedLanguage } from "./ministry-language.js";

describe("storedLanguage", () => {
  test("reads a supported default language from the stored record", () => {
    expect(storedLanguage('{"defaultLanguage":"en-US"}')).toBe("en-US");
    expect(storedLanguage('{"defaultLanguage":"zh-CN"}')).toBe("zh-CN");
  });
  test("falls back to zh-CN for anything else", () => {
    expect(storedLanguage("{}")).toBe("zh-CN");
    expect(storedLanguage('{"defaultLanguage":"fr-FR"}')).toBe("zh-CN");
    expect(storedLanguage("not json")).toBe("zh-CN");
  });
});
