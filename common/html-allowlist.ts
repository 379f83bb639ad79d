/**
 * The ONE allowlist for rich-text HTML. The admin editor applies it to pasted and loaded
 * HTML (src/editor/sanitize-dom.ts) and the server applies it with sanitize-html to every
 * stored HTML field (server/services/html-sanitizer.ts). Pure data and pure functions: no
 * DOM, no node:*.
 *
 * Attribute values reach these functions already entity-decoded (by the browser's parser
 * or by htmlparser2), so `&#106;avascript:` arrives as `javascript:`.
 */
import {
  ALL_FONT_SIZES,
  ACCEPTED_IMAGE_MIME_TYPES,
  INDENT_LEVEL_MAX,
  INDENT_STEP_EM,
  MAX_FORMULA_LENGTH,
  findFontFamily,
  normaliseLinkTarget,
  parseIndentLevel,
} from "./editor-rules";

/** Elements kept. Anything else is unwrapped (its content kept) or, below, dropped whole. */
export const ALLOWED_TAGS = [
  "p",
  "br",
  "hr",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "strike",
  "del",
  "sub",
  "sup",
  "mark",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "label",
  "input",
  "div",
  "span",
  "a",
  "img",
  "iframe",
  "video",
] as const;

/** Elements removed together with everything inside them. */
export const DROP_WITH_CONTENT_TAGS = [
  "script",
  "style",
  "noscript",
  "template",
  "object",
  "embed",
  "applet",
  "svg",
  "math",
  "textarea",
  "select",
  "option",
  "button",
  "title",
  "head",
  "xml",
  "xmp",
  "plaintext",
  "noembed",
  "noframes",
  "frameset",
  "frame",
  "base",
  "link",
  "meta",
  "canvas",
  "audio",
  "source",
  "track",
  "form",
] as const;

const allowedTagSet = new Set<string>(ALLOWED_TAGS);
const dropTagSet = new Set<string>(DROP_WITH_CONTENT_TAGS);

export function isAllowedTag(tag: string): boolean {
  return allowedTagSet.has(tag.toLowerCase());
}

export function isDropWithContentTag(tag: string): boolean {
  return dropTagSet.has(tag.toLowerCase());
}

/** URL schemes per use. A URL with no scheme (a path on this site) is allowed too. */
export const LINK_URL_SCHEMES = ["http", "https", "mailto", "tel"] as const;
export const IMAGE_URL_SCHEMES = ["http", "https", "data"] as const;
export const MEDIA_URL_SCHEMES = ["http", "https"] as const;

/** Video embeds: only these hosts, over https (YouTube, and Bilibili for readers in China). */
export const IFRAME_HOSTS = [
  "www.youtube.com",
  "youtube.com",
  "www.youtube-nocookie.com",
  "youtube-nocookie.com",
  "player.bilibili.com",
] as const;

/** Bilibili's player page, addressed by a BV id. */
const BILIBILI_PLAYER =
  /^https:\/\/player\.bilibili\.com\/player\.html\?(?:[A-Za-z0-9_]+=[A-Za-z0-9_%-]*&)*bvid=BV[0-9A-Za-z]{10}(?:&[A-Za-z0-9_]+=[A-Za-z0-9_%-]*)*$/;

/** The embed URL for a Bilibili video page or player URL, or null. */
export function bilibiliEmbedUrl(url: string): string | null {
  const trimmed = url.trim();
  if (BILIBILI_PLAYER.test(trimmed)) return trimmed;
  const match =
    /^https?:\/\/(?:www\.|m\.)?bilibili\.com\/video\/(BV[0-9A-Za-z]{10})(?:[/?#].*)?$/.exec(
      trimmed,
    );
  return match
    ? `https://player.bilibili.com/player.html?bvid=${match[1]}&autoplay=0`
    : null;
}

/** Browsers ignore these inside URLs, so attackers use them to split a scheme name. */
const URL_IGNORED_CHARS = new RegExp(
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  "[\\u0000-\\u0020\\u007f-\\u009f\\u00ad\\u200b-\\u200f\\u2028\\u2029\\ufeff]",
  "g",
);

/** The lower-case scheme of a URL, "" when it has none, or null when it is malformed. */
export function urlScheme(url: string): string | null {
  const cleaned = url.replace(URL_IGNORED_CHARS, "");
  const colon = cleaned.indexOf(":");
  if (colon === -1) return "";
  const firstDelimiter = cleaned.search(/[/?#]/);
  if (firstDelimiter !== -1 && firstDelimiter < colon) return "";
  const scheme = cleaned.slice(0, colon);
  return /^[a-z][a-z0-9+.-]*$/i.test(scheme) ? scheme.toLowerCase() : null;
}

function isSiteRelative(url: string): boolean {
  const cleaned = url.replace(URL_IGNORED_CHARS, "");
  // "//host" and "/\host" are other hosts, not paths here.
  return !/^[/\\]{2}/.test(cleaned) && !/^\/\\/.test(cleaned);
}

export function isSafeUrl(url: string, schemes: readonly string[]): boolean {
  const scheme = urlScheme(url);
  if (scheme === null) return false;
  if (scheme === "") return isSiteRelative(url);
  return schemes.includes(scheme);
}

const IMAGE_DATA_URL = new RegExp(
  `^data:(?:${[
    ...ACCEPTED_IMAGE_MIME_TYPES,
    "image/vnd.microsoft.icon",
    "image/jpg",
  ]
    .map((mime) => mime.replace(/[.+/]/g, "\\$&"))
    .join("|")});base64,[A-Za-z0-9+/\\s]*={0,2}$`,
  "i",
);

/**
 * An image source as stored: http, https, site paths and data: URLs of the accepted image
 * types are kept; anything else becomes "" (a blank source, as the spec says).
 */
export function safeImageSrc(src: string | null | undefined): string {
  if (src == null) return "";
  const trimmed = src.trim();
  if (trimmed === "") return "";
  if (!isSafeUrl(trimmed, IMAGE_URL_SCHEMES)) return "";
  if (urlScheme(trimmed) === "data")
    return IMAGE_DATA_URL.test(trimmed) ? trimmed : "";
  return trimmed;
}

/** A link target as stored (e-mail addresses become mailto:), or null when it is not allowed. */
export function safeLinkHref(href: string | null | undefined): string | null {
  if (href == null) return null;
  const target = normaliseLinkTarget(href);
  if (target === "") return null;
  return isSafeUrl(target, LINK_URL_SCHEMES) ? target : null;
}

export function safeMediaSrc(src: string | null | undefined): string | null {
  if (!src) return null;
  const trimmed = src.trim();
  return isSafeUrl(trimmed, MEDIA_URL_SCHEMES) ? trimmed : null;
}

/** An embed URL on an allowed host over https, or null. */
export function safeIframeSrc(src: string | null | undefined): string | null {
  if (!src) return null;
  const trimmed = src.trim();
  if (BILIBILI_PLAYER.test(trimmed)) return trimmed;
  const match =
    /^https:\/\/([^/?#:@\\]+)\/embed\/[A-Za-z0-9_-]+(?:[?#][^\s"'<>\\]*)?$/.exec(
      trimmed,
    );
  if (!match) return null;
  return (IFRAME_HOSTS as readonly string[]).includes(match[1].toLowerCase())
    ? trimmed
    : null;
}

const HEX_COLOUR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB_COLOUR =
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d+|\d{1,3}%)\s*)?\)$/i;
const NAMED_COLOUR = /^[a-z]{3,20}$/i;

export function isCssColour(value: string): boolean {
  return (
    HEX_COLOUR.test(value) || RGB_COLOUR.test(value) || NAMED_COLOUR.test(value)
  );
}

const INDENT_MARGINS = new Set(
  Array.from(
    { length: INDENT_LEVEL_MAX },
    (_, index) => `${(index + 1) * INDENT_STEP_EM}em`,
  ),
);

/** Allowed style properties and the test each value must pass. */
export const ALLOWED_STYLES: Record<string, (value: string) => boolean> = {
  color: isCssColour,
  "background-color": isCssColour,
  "font-size": (value) => ALL_FONT_SIZES.includes(value.toLowerCase()),
  "font-family": (value) => findFontFamily(value) !== undefined,
  "text-align": (value) => /^(?:left|right|center|justify)$/i.test(value),
  "margin-inline-start": (value) => INDENT_MARGINS.has(value.toLowerCase()),
};

/** Anything in a style attribute that could smuggle code or fetch a URL. */
const DANGEROUS_CSS =
  /[\\<>]|\/\*|\*\/|expression|url\s*\(|@import|javascript:|vbscript:|behaviou?r|-moz-binding|image-set|var\s*\(/i;

/**
 * A style attribute with only allowed declarations, written the way TipTap writes it
 * ("prop: value; prop: value;"). Returns "" when nothing is left.
 */
export function filterStyle(style: string): string {
  if (DANGEROUS_CSS.test(style)) return "";
  const kept: string[] = [];
  for (const declaration of style.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon === -1) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    const test = Object.prototype.hasOwnProperty.call(ALLOWED_STYLES, property)
      ? ALLOWED_STYLES[property]
      : undefined;
    if (test && value !== "" && test(value))
      kept.push(`${property}: ${value};`);
  }
  return kept.join(" ");
}

/** Returns the value to keep, or null to drop the attribute. */
type AttributeRule = (value: string) => string | null;

const oneOf =
  (...values: string[]): AttributeRule =>
  (value) =>
    values.includes(value) ? value : null;
const matching =
  (pattern: RegExp): AttributeRule =>
  (value) =>
    pattern.test(value) ? value : null;
const plainText =
  (maxLength: number): AttributeRule =>
  (value) =>
    value.length <= maxLength ? value : null;
const dimension = matching(/^\d{1,4}(?:px|%)?$/);
const styleRule: AttributeRule = (value) => filterStyle(value) || null;
const relRule: AttributeRule = (value) => {
  const tokens = value
    .toLowerCase()
    .split(/\s+/)
    .filter((token) =>
      ["noopener", "noreferrer", "nofollow", "ugc"].includes(token),
    );
  return tokens.length ? [...new Set(tokens)].join(" ") : null;
};
const indentRule: AttributeRule = (value) => {
  const level = parseIndentLevel(value);
  return level ? String(level) : null;
};

/** Attributes any allowed element may carry. */
export const GLOBAL_ATTRIBUTES: Record<string, AttributeRule> = {
  style: styleRule,
  dir: oneOf("ltr", "rtl", "auto"),
};

const blockAttributes = { "data-indent": indentRule };

/** Attributes per element, each with the rule its value must pass. */
export const TAG_ATTRIBUTES: Record<string, Record<string, AttributeRule>> = {
  p: blockAttributes,
  h1: blockAttributes,
  h2: blockAttributes,
  h3: blockAttributes,
  h4: blockAttributes,
  h5: blockAttributes,
  h6: blockAttributes,
  a: {
    href: safeLinkHref,
    target: oneOf("_blank", "_self"),
    rel: relRule,
    title: plainText(500),
  },
  img: {
    src: (value) => safeImageSrc(value),
    alt: plainText(500),
    title: plainText(500),
    width: dimension,
    height: dimension,
  },
  code: { class: matching(/^language-[a-z0-9_+#-]{1,30}$/i) },
  ol: { start: matching(/^\d{1,6}$/), type: oneOf("1", "a", "A", "i", "I") },
  ul: { "data-type": oneOf("taskList") },
  li: {
    "data-type": oneOf("taskItem"),
    "data-checked": oneOf("true", "false"),
  },
  input: {
    type: oneOf("checkbox"),
    checked: (value) => (value === "" || value === "checked" ? value : null),
    disabled: (value) => (value === "" || value === "disabled" ? value : null),
  },
  span: {
    "data-type": oneOf("inline-math"),
    "data-latex": plainText(MAX_FORMULA_LENGTH),
  },
  div: {
    "data-type": oneOf("block-math"),
    "data-latex": plainText(MAX_FORMULA_LENGTH),
    "data-youtube-video": oneOf(""),
    "data-bilibili-video": oneOf(""),
  },
  mark: { "data-color": (value) => (isCssColour(value) ? value : null) },
  iframe: {
    src: safeIframeSrc,
    width: dimension,
    height: dimension,
    allowfullscreen: oneOf("", "true", "allowfullscreen"),
    frameborder: oneOf("0"),
  },
  video: {
    src: safeMediaSrc,
    poster: (value) => safeImageSrc(value) || null,
    controls: oneOf("", "controls", "true"),
    width: dimension,
    height: dimension,
  },
};

/** Every attribute name an element may carry (for sanitize-html's allowedAttributes). */
export function allowedAttributeNames(tag: string): string[] {
  return [
    ...Object.keys(GLOBAL_ATTRIBUTES),
    ...Object.keys(TAG_ATTRIBUTES[tag] ?? {}),
  ];
}

/**
 * The attributes of an allowed element as they may be stored. Unknown attributes (event
 * handlers among them) are dropped, values are checked, and an <img> always ends up with a
 * src: its own when the scheme is allowed, "" otherwise.
 */
export function sanitizeAttributes(
  tag: string,
  attributes: Readonly<Record<string, string>>,
): Record<string, string> {
  const name = tag.toLowerCase();
  const rules = TAG_ATTRIBUTES[name] ?? {};
  const kept: Record<string, string> = {};
  for (const [rawAttribute, rawValue] of Object.entries(attributes)) {
    const attribute = rawAttribute.toLowerCase();
    const rule = Object.prototype.hasOwnProperty.call(rules, attribute)
      ? rules[attribute]
      : Object.prototype.hasOwnProperty.call(GLOBAL_ATTRIBUTES, attribute)
        ? GLOBAL_ATTRIBUTES[attribute]
        : undefined;
    if (!rule) continue;
    const value = rule(rawValue ?? "");
    if (value !== null) kept[attribute] = value;
  }
  if (name === "img") kept.src = safeImageSrc(attributes.src ?? attributes.SRC);
  return kept;
}

/** An allowed element that is useless or unsafe without its key attribute is dropped. */
export function mustDropElement(
  tag: string,
  sanitizedAttributes: Readonly<Record<string, string>>,
): boolean {
  switch (tag.toLowerCase()) {
    case "input":
      return sanitizedAttributes.type !== "checkbox";
    case "iframe":
    case "video":
      return !sanitizedAttributes.src;
    default:
      return false;
  }
}
