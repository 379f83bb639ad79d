/**
 * The rich-text editor's rules (spec.md section 5), shared by the admin editor and the
 * server. Pure data and pure functions: no DOM, no node:*.
 */

/** A field chooses one of two font-size presets. */
export type FontSizePreset = "article" | "compact";

function pxRange(from: number, to: number, step: number): string[] {
  const sizes: string[] = [];
  for (let size = from; size <= to; size += step) sizes.push(`${size}px`);
  return sizes;
}

export interface FontSizePresetRule {
  /** Sizes the toolbar offers, smallest first. */
  sizes: readonly string[];
  /** The size text has when no size is set (the "default" entry of the menu). */
  defaultSize: string;
}

export const FONT_SIZE_PRESETS: Record<FontSizePreset, FontSizePresetRule> = {
  /** 12px to 32px in steps of 2. The spec gives no default; 16px is the browser's. */
  article: { sizes: pxRange(12, 32, 2), defaultSize: "16px" },
  /** 10px to 32px in steps of 2, 14px by default. */
  compact: { sizes: pxRange(10, 32, 2), defaultSize: "14px" },
};

/** Every size any preset offers: what stored HTML may carry. */
export const ALL_FONT_SIZES: readonly string[] = [
  ...new Set(
    Object.values(FONT_SIZE_PRESETS).flatMap((preset) => preset.sizes),
  ),
].sort((a, b) => parseInt(a, 10) - parseInt(b, 10));

export function isPresetFontSize(
  preset: FontSizePreset,
  size: string,
): boolean {
  return FONT_SIZE_PRESETS[preset].sizes.includes(size.trim().toLowerCase());
}

/** Headings 1 to 6 are supported; the toolbar offers 1, 2 and 3 unless told otherwise. */
export const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;
export type HeadingLevel = (typeof HEADING_LEVELS)[number];
export const DEFAULT_TOOLBAR_HEADING_LEVELS: readonly HeadingLevel[] = [
  1, 2, 3,
];

/** Indent levels 1 to 8 (0 means not indented). Each level is 2em. */
export const INDENT_LEVEL_MIN = 1;
export const INDENT_LEVEL_MAX = 8;
export const INDENT_STEP_EM = 2;

/** Reads an indent level from untrusted input: an integer 1–8, anything else is 0. */
export function parseIndentLevel(value: unknown): number {
  const text =
    typeof value === "number"
      ? String(value)
      : typeof value === "string"
        ? value.trim()
        : "";
  if (!/^\d{1,2}$/.test(text)) return 0;
  const level = Number(text);
  return level >= INDENT_LEVEL_MIN && level <= INDENT_LEVEL_MAX ? level : 0;
}

/** The next level after an indent (+1) or outdent (-1), kept within 0–8. */
export function stepIndentLevel(level: number, direction: 1 | -1): number {
  const next = parseIndentLevel(level) + direction;
  return Math.min(INDENT_LEVEL_MAX, Math.max(0, next));
}

export function indentStyle(level: number): string | null {
  const valid = parseIndentLevel(level);
  return valid ? `margin-inline-start: ${valid * INDENT_STEP_EM}em` : null;
}

/** Images: png, gif, jpeg, bmp and x-icon, checked in the browser and again on the server. */
export const ACCEPTED_IMAGE_MIME_TYPES = [
  "image/png",
  "image/gif",
  "image/jpeg",
  "image/bmp",
  "image/x-icon",
] as const;
export type AcceptedImageMime = (typeof ACCEPTED_IMAGE_MIME_TYPES)[number];

/** Other names browsers and sniffers give the same formats. */
const IMAGE_MIME_ALIASES: Record<string, AcceptedImageMime> = {
  "image/jpg": "image/jpeg",
  "image/pjpeg": "image/jpeg",
  "image/x-ms-bmp": "image/bmp",
  "image/x-bmp": "image/bmp",
  "image/vnd.microsoft.icon": "image/x-icon",
  "image/ico": "image/x-icon",
};

export const IMAGE_EXTENSION_BY_MIME: Record<AcceptedImageMime, string> = {
  "image/png": "png",
  "image/gif": "gif",
  "image/jpeg": "jpg",
  "image/bmp": "bmp",
  "image/x-icon": "ico",
};

/** The `accept` attribute of the image file picker. */
export const IMAGE_FILE_ACCEPT = [
  ...ACCEPTED_IMAGE_MIME_TYPES,
  "image/vnd.microsoft.icon",
  ".ico",
].join(",");

/** The accepted type a MIME name stands for, or null. */
export function acceptedImageMime(
  mime: string | null | undefined,
): AcceptedImageMime | null {
  if (!mime) return null;
  const name = mime.split(";")[0].trim().toLowerCase();
  if ((ACCEPTED_IMAGE_MIME_TYPES as readonly string[]).includes(name))
    return name as AcceptedImageMime;
  return IMAGE_MIME_ALIASES[name] ?? null;
}

/** Largest image upload, checked by both sides (10 MB). */
export const MAX_IMAGE_UPLOAD_BYTES = 10 * 1024 * 1024;

function startsWith(
  bytes: Uint8Array,
  signature: readonly number[],
  offset = 0,
): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/**
 * The accepted image type the first bytes of a file show, or null. The browser checks this
 * before uploading so a renamed file gets a clear message at once; the server sniffs again
 * with file-type and has the final word.
 */
export function sniffImageMime(bytes: Uint8Array): AcceptedImageMime | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return "image/png";
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  )
    return "image/gif";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x42, 0x4d]) && bytes.length >= 14) return "image/bmp";
  // ICO: reserved 0, type 1, at least one image.
  if (
    startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) &&
    bytes.length >= 6 &&
    (bytes[4] | (bytes[5] << 8)) > 0
  )
    return "image/x-icon";
  return null;
}

/** Something a person would read as an e-mail address, with nothing around it. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function looksLikeEmail(text: string | null | undefined): boolean {
  if (!text) return false;
  const trimmed = text.trim();
  return trimmed.length <= 254 && EMAIL_PATTERN.test(trimmed);
}

/**
 * A link target as typed or pasted: an e-mail address gets the mailto: prefix; anything
 * else is returned trimmed (its scheme is checked by the allowlist).
 */
export function normaliseLinkTarget(target: string): string {
  const trimmed = target.trim();
  if (looksLikeEmail(trimmed)) return `mailto:${trimmed}`;
  return trimmed;
}

/** The colour palette: 7 hues × 5 shades (Material colours 900, 700, 500, 300, 100). */
export const PALETTE_HUES = [
  "grey",
  "red",
  "orange",
  "yellow",
  "green",
  "blue",
  "purple",
] as const;
export type PaletteHue = (typeof PALETTE_HUES)[number];
export const PALETTE_SHADES = [900, 700, 500, 300, 100] as const;

const PALETTE_HEX: Record<PaletteHue, readonly string[]> = {
  grey: ["#212121", "#616161", "#9e9e9e", "#e0e0e0", "#f5f5f5"],
  red: ["#b71c1c", "#d32f2f", "#f44336", "#e57373", "#ffcdd2"],
  orange: ["#e65100", "#f57c00", "#ff9800", "#ffb74d", "#ffe0b2"],
  yellow: ["#f57f17", "#fbc02d", "#ffeb3b", "#fff176", "#fff9c4"],
  green: ["#1b5e20", "#388e3c", "#4caf50", "#81c784", "#c8e6c9"],
  blue: ["#0d47a1", "#1976d2", "#2196f3", "#64b5f6", "#bbdefb"],
  purple: ["#4a148c", "#7b1fa2", "#9c27b0", "#ba68c8", "#e1bee7"],
};

export interface PaletteColour {
  hue: PaletteHue;
  shade: (typeof PALETTE_SHADES)[number];
  hex: string;
}

/** Row by row: one row per shade, one column per hue. */
export const COLOUR_PALETTE: readonly PaletteColour[] = PALETTE_SHADES.flatMap(
  (shade, shadeIndex) =>
    PALETTE_HUES.map((hue) => ({
      hue,
      shade,
      hex: PALETTE_HEX[hue][shadeIndex],
    })),
);

/** Font families the toolbar offers; the key names the label (editor.font.<key>). */
export const FONT_FAMILIES = [
  { key: "sans", value: '"Microsoft YaHei", "PingFang SC", sans-serif' },
  { key: "song", value: 'SimSun, "Songti SC", serif' },
  { key: "kai", value: 'KaiTi, "Kaiti SC", serif' },
  { key: "fangsong", value: "FangSong, STFangsong, serif" },
  { key: "arial", value: "Arial, Helvetica, sans-serif" },
  { key: "times", value: '"Times New Roman", Times, serif' },
  { key: "mono", value: '"Courier New", Courier, monospace' },
] as const;

/** Compares font-family lists without caring about quotes, case or spacing. */
export function normaliseFontFamily(value: string): string {
  return value
    .split(",")
    .map((family) =>
      family
        .trim()
        .replace(/^["']|["']$/g, "")
        .trim()
        .toLowerCase(),
    )
    .join(",");
}

const FONT_FAMILY_KEYS = new Map(
  FONT_FAMILIES.map((family) => [normaliseFontFamily(family.value), family]),
);

/** The offered family a CSS value stands for, or undefined. */
export function findFontFamily(
  value: string,
): (typeof FONT_FAMILIES)[number] | undefined {
  return FONT_FAMILY_KEYS.get(normaliseFontFamily(value));
}

/** Code-block languages offered (lowlight's "common" set covers these). */
export const CODE_LANGUAGES = [
  "plaintext",
  "javascript",
  "typescript",
  "json",
  "xml",
  "css",
  "bash",
  "python",
  "java",
  "csharp",
  "cpp",
  "go",
  "rust",
  "sql",
  "yaml",
  "markdown",
] as const;

/** Longest formula source kept (data-latex). */
export const MAX_FORMULA_LENGTH = 2000;

/** An empty document is reported as this value, never "<p></p>". */
export const EMPTY_EDITOR_VALUE = "";
