import { describe, expect, it } from "vitest";
import {
  ALL_FONT_SIZES,
  COLOUR_PALETTE,
  DEFAULT_TOOLBAR_HEADING_LEVELS,
  FONT_FAMILIES,
  FONT_SIZE_PRESETS,
  HEADING_LEVELS,
  IMAGE_FILE_ACCEPT,
  acceptedImageMime,
  findFontFamily,
  indentStyle,
  isPresetFontSize,
  looksLikeEmail,
  normaliseLinkTarget,
  parseIndentLevel,
  sniffImageMime,
  stepIndentLevel,
} from "./editor-rules";

describe("font-size presets", () => {
  it("article offers 12px to 32px in steps of 2", () => {
    expect(FONT_SIZE_PRESETS.article.sizes).toEqual([
      "12px",
      "14px",
      "16px",
      "18px",
      "20px",
      "22px",
      "24px",
      "26px",
      "28px",
      "30px",
      "32px",
    ]);
  });
  it("compact offers 10px to 32px with 14px as the default", () => {
    expect(FONT_SIZE_PRESETS.compact.sizes[0]).toBe("10px");
    expect(FONT_SIZE_PRESETS.compact.sizes.at(-1)).toBe("32px");
    expect(FONT_SIZE_PRESETS.compact.sizes).toHaveLength(12);
    expect(FONT_SIZE_PRESETS.compact.defaultSize).toBe("14px");
  });
  it("each default is one of its preset's sizes", () => {
    for (const preset of Object.values(FONT_SIZE_PRESETS))
      expect(preset.sizes).toContain(preset.defaultSize);
  });
  it("checks sizes per preset", () => {
    expect(isPresetFontSize("article", "10px")).toBe(false);
    expect(isPresetFontSize("compact", "10px")).toBe(true);
    expect(isPresetFontSize("article", "13px")).toBe(false);
    expect(isPresetFontSize("article", " 32PX ")).toBe(true);
    expect(ALL_FONT_SIZES).toEqual(FONT_SIZE_PRESETS.compact.sizes);
  });
});

describe("headings", () => {
  it("supports 1 to 6 and offers 1, 2, 3 by default", () => {
    expect(HEADING_LEVELS).toEqual([1, 2, 3, 4, 5, 6]);
    expect(DEFAULT_TOOLBAR_HEADING_LEVELS).toEqual([1, 2, 3]);
  });
});

describe("indent", () => {
  it("parses levels 1 to 8 only", () => {
    expect(parseIndentLevel("1")).toBe(1);
    expect(parseIndentLevel("8")).toBe(8);
    expect(parseIndentLevel(3)).toBe(3);
    for (const bad of [
      "0",
      "9",
      "-1",
      "1.5",
      "x",
      "",
      null,
      undefined,
      "1e1",
      " 99",
    ])
      expect(parseIndentLevel(bad)).toBe(0);
  });
  it("steps within 0 to 8", () => {
    expect(stepIndentLevel(0, 1)).toBe(1);
    expect(stepIndentLevel(7, 1)).toBe(8);
    expect(stepIndentLevel(8, 1)).toBe(8);
    expect(stepIndentLevel(1, -1)).toBe(0);
    expect(stepIndentLevel(0, -1)).toBe(0);
  });
  it("writes 2em per level", () => {
    expect(indentStyle(1)).toBe("margin-inline-start: 2em");
    expect(indentStyle(8)).toBe("margin-inline-start: 16em");
    expect(indentStyle(0)).toBeNull();
  });
});

describe("image types", () => {
  it("accepts png, gif, jpeg, bmp and x-icon and their aliases", () => {
    for (const mime of [
      "image/png",
      "image/gif",
      "image/jpeg",
      "image/bmp",
      "image/x-icon",
    ])
      expect(acceptedImageMime(mime)).toBe(mime);
    expect(acceptedImageMime("image/jpg")).toBe("image/jpeg");
    expect(acceptedImageMime("image/vnd.microsoft.icon")).toBe("image/x-icon");
    expect(acceptedImageMime("IMAGE/PNG; charset=binary")).toBe("image/png");
  });
  it("refuses anything else", () => {
    for (const mime of [
      "image/webp",
      "image/svg+xml",
      "image/tiff",
      "text/html",
      "",
      null,
      undefined,
    ])
      expect(acceptedImageMime(mime)).toBeNull();
  });
  it("lists the accepted types for the file picker", () => {
    expect(IMAGE_FILE_ACCEPT).toContain("image/png");
    expect(IMAGE_FILE_ACCEPT).toContain("image/x-icon");
    expect(IMAGE_FILE_ACCEPT).not.toContain("webp");
  });
  it("sniffs the magic bytes", () => {
    const pad = (bytes: number[]) => {
      const out = new Uint8Array(32);
      out.set(bytes);
      return out;
    };
    expect(
      sniffImageMime(pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    ).toBe("image/png");
    expect(sniffImageMime(pad([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]))).toBe(
      "image/gif",
    );
    expect(sniffImageMime(pad([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageMime(pad([0x42, 0x4d, 0x3e]))).toBe("image/bmp");
    expect(sniffImageMime(pad([0, 0, 1, 0, 1, 0]))).toBe("image/x-icon");
    expect(sniffImageMime(pad([0, 0, 1, 0, 0, 0]))).toBeNull();
    expect(sniffImageMime(pad([0x52, 0x49, 0x46, 0x46]))).toBeNull();
    expect(sniffImageMime(new TextEncoder().encode("<svg></svg>"))).toBeNull();
    expect(sniffImageMime(new Uint8Array(0))).toBeNull();
  });
});

describe("e-mail links", () => {
  it("recognises e-mail addresses", () => {
    expect(looksLikeEmail("someone@example.org")).toBe(true);
    expect(looksLikeEmail(" first.last+tag@sub.example.cn ")).toBe(true);
    for (const text of [
      "someone",
      "someone@",
      "@example.org",
      "a@b",
      "https://example.org",
      "mailto:a@b.org",
      "a b@c.org",
      "",
    ])
      expect(looksLikeEmail(text)).toBe(false);
  });
  it("prefixes them with mailto:", () => {
    expect(normaliseLinkTarget("someone@example.org")).toBe(
      "mailto:someone@example.org",
    );
    expect(normaliseLinkTarget("  https://example.org ")).toBe(
      "https://example.org",
    );
    expect(normaliseLinkTarget("mailto:someone@example.org")).toBe(
      "mailto:someone@example.org",
    );
  });
});

describe("colour palette", () => {
  it("has 35 distinct colours: 7 hues by 5 shades", () => {
    expect(COLOUR_PALETTE).toHaveLength(35);
    expect(new Set(COLOUR_PALETTE.map((colour) => colour.hex)).size).toBe(35);
    expect(new Set(COLOUR_PALETTE.map((colour) => colour.hue)).size).toBe(7);
    expect(new Set(COLOUR_PALETTE.map((colour) => colour.shade)).size).toBe(5);
    for (const colour of COLOUR_PALETTE)
      expect(colour.hex).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe("font families", () => {
  it("finds a family whatever its quoting", () => {
    for (const family of FONT_FAMILIES)
      expect(findFontFamily(family.value)?.key).toBe(family.key);
    expect(findFontFamily("simsun, 'Songti SC',serif")?.key).toBe("song");
    expect(findFontFamily("Comic Sans MS")).toBeUndefined();
  });
});
