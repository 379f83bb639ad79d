import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  matchLanguageTag,
  resolveInitialLanguage,
  getCurrentLanguage,
} from "./language";
import { i18nProvider } from "../providers/i18nProvider";

describe("the first language", () => {
  it("is the saved one when it is supported", () => {
    expect(resolveInitialLanguage("en-US", ["zh-CN"])).toBe("en-US");
    expect(resolveInitialLanguage("zh-CN", ["en-US"])).toBe("zh-CN");
  });

  it("else the first supported browser language", () => {
    expect(resolveInitialLanguage(null, ["fr-FR", "en-GB", "zh-CN"])).toBe(
      "en-US",
    );
    expect(resolveInitialLanguage("klingon", ["de", "zh-TW"])).toBe("zh-CN");
    expect(resolveInitialLanguage(undefined, ["en"])).toBe("en-US");
  });

  it("else the ministry's default language", () => {
    expect(resolveInitialLanguage(null, ["fr-FR"], "en-US")).toBe("en-US");
    expect(resolveInitialLanguage(null, [], "en-US")).toBe("en-US");
    expect(resolveInitialLanguage("klingon", ["ja"], "en-US")).toBe("en-US");
    // The saved choice and a supported browser language both come first.
    expect(resolveInitialLanguage("zh-CN", ["fr-FR"], "en-US")).toBe("zh-CN");
    expect(resolveInitialLanguage(null, ["zh-TW"], "en-US")).toBe("zh-CN");
  });

  it("else zh-CN", () => {
    expect(resolveInitialLanguage(null, [])).toBe("zh-CN");
    expect(resolveInitialLanguage(null, ["fr", "ja-JP"])).toBe("zh-CN");
    expect(resolveInitialLanguage(null, ["fr"], "fr-FR")).toBe("zh-CN");
    expect(resolveInitialLanguage(null, ["fr"], null)).toBe("zh-CN");
  });

  it("maps language tags onto the two supported languages", () => {
    expect(matchLanguageTag("zh-Hans-CN")).toBe("zh-CN");
    expect(matchLanguageTag("EN-us")).toBe("en-US");
    expect(matchLanguageTag("ja")).toBeNull();
  });
});

describe("the language the admin starts in", () => {
  afterEach(() => {
    window.__TJC_CONFIG__ = undefined;
    localStorage.clear();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it("is the default /tjc-config.js set when nothing was saved and the browser asks for none we support", async () => {
    localStorage.clear();
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["fr-FR"]);
    window.__TJC_CONFIG__ = { defaultLanguage: "en-US" };
    vi.resetModules();
    const fresh = await import("./language");
    expect(fresh.configuredDefaultLanguage()).toBe("en-US");
    expect(fresh.getCurrentLanguage()).toBe("en-US");
  });

  it("is still the saved choice over that default", async () => {
    localStorage.setItem("aid-language", "zh-CN");
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["fr-FR"]);
    window.__TJC_CONFIG__ = { defaultLanguage: "en-US" };
    vi.resetModules();
    const fresh = await import("./language");
    expect(fresh.getCurrentLanguage()).toBe("zh-CN");
  });
});

describe("switching at run time", () => {
  beforeEach(() => localStorage.clear());

  it("saves the choice under aid-language and makes requests follow it", async () => {
    await i18nProvider.changeLocale("en-US");
    expect(localStorage.getItem("aid-language")).toBe("en-US");
    expect(getCurrentLanguage()).toBe("en-US");
    expect(i18nProvider.translate("app.loading")).toBe("Loading");
    expect(document.documentElement.lang).toBe("en-US");
    await i18nProvider.changeLocale("zh-CN");
    expect(localStorage.getItem("aid-language")).toBe("zh-CN");
    expect(i18nProvider.translate("app.loading")).toBe("加载中");
    expect(
      i18nProvider.translate("ra.navigation.page_range_info", {
        offsetBegin: 1,
        offsetEnd: 25,
        total: 40,
      }),
    ).toBe("1-25，共 40 条");
  });

  it("offers both languages to the app bar's switch", () => {
    expect(i18nProvider.getLocales?.().map((l) => l.locale)).toEqual([
      "zh-CN",
      "en-US",
    ]);
  });
});
