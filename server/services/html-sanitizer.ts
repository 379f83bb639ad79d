/**
 * Sanitises every stored rich-text HTML field with sanitize-html, using the one allowlist in
 * common/html-allowlist.ts (the admin editor applies the same rules to pasted and loaded HTML).
 */
import { createRequire } from "node:module";
import type sanitizeHtml from "sanitize-html";
import {
  ALLOWED_TAGS,
  DROP_WITH_CONTENT_TAGS,
  IFRAME_HOSTS,
  IMAGE_URL_SCHEMES,
  LINK_URL_SCHEMES,
  MEDIA_URL_SCHEMES,
  allowedAttributeNames,
  mustDropElement,
  sanitizeAttributes,
} from "../../common/html-allowlist.js";
import { EDITOR_MAX_NORMALISE_ITERATIONS } from "../../common/constants.js";

/**
 * sanitize-html (with htmlparser2 and postcss: ~2 MB of heap and ~0.4 MB of source) is
 * loaded on the first rich-text write, not at start: most requests never sanitise. It is
 * CommonJS, so `require` loads it synchronously and this module's functions stay plain.
 * The server bundle keeps it external (scripts/build-server.mjs).
 */
let sanitizeHtmlModule: typeof sanitizeHtml | undefined;
function loadSanitizeHtml(): typeof sanitizeHtml {
  sanitizeHtmlModule ??= createRequire(import.meta.url)(
    "sanitize-html",
  ) as typeof sanitizeHtml;
  return sanitizeHtmlModule;
}

/** Thrown when sanitising does not settle; callers answer it as invalid input (40000). */
export class HtmlSanitizeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HtmlSanitizeError";
  }
}

// allowedEmptyAttributes exists in sanitize-html 2.12+ but not yet in @types/sanitize-html.
const options: sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] } = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(
    ALLOWED_TAGS.map((tag) => [tag, allowedAttributeNames(tag)]),
  ),
  // Every attribute value is checked by the common rules below; sanitize-html's own scheme
  // check runs after them as a second guard.
  allowedSchemes: [...LINK_URL_SCHEMES],
  allowedSchemesByTag: {
    img: [...IMAGE_URL_SCHEMES],
    video: [...MEDIA_URL_SCHEMES],
    iframe: ["https"],
  },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite", "poster"],
  allowProtocolRelative: false,
  allowedIframeHostnames: [...IFRAME_HOSTS],
  allowIframeRelativeUrls: false,
  // Styles are filtered by the common rule (which keeps TipTap's "prop: value" spelling).
  allowedStyles: undefined,
  parseStyleAttributes: false,
  // Attributes the common rules accept with an empty value (src="", data-youtube-video="").
  allowedEmptyAttributes: [
    ...new Set(
      ALLOWED_TAGS.flatMap((tag) =>
        allowedAttributeNames(tag).filter(
          (name) => sanitizeAttributes(tag, { [name]: "" })[name] === "",
        ),
      ),
    ),
  ],
  disallowedTagsMode: "discard",
  nonTextTags: [...DROP_WITH_CONTENT_TAGS],
  allowVulnerableTags: false,
  enforceHtmlBoundary: false,
  transformTags: {
    "*": (tagName, attribs) => ({
      tagName,
      attribs: ALLOWED_TAGS.includes(tagName as (typeof ALLOWED_TAGS)[number])
        ? sanitizeAttributes(tagName, attribs)
        : attribs,
    }),
  },
  exclusiveFilter: (frame) => mustDropElement(frame.tag, frame.attribs),
};

function sanitizeOnce(html: string): string {
  return loadSanitizeHtml()(html, options);
}

/**
 * The stored form of a rich-text value: only allowlisted tags, attributes, URL schemes and
 * style values survive. Runs until the output no longer changes (a second pass can expose
 * what the first one unwrapped), at most EDITOR_MAX_NORMALISE_ITERATIONS times; a value
 * that does not settle is refused with HtmlSanitizeError rather than looping on.
 */
export function sanitizeStoredHtml(html: string): string {
  let current = html;
  for (
    let iteration = 0;
    iteration < EDITOR_MAX_NORMALISE_ITERATIONS;
    iteration++
  ) {
    const next = sanitizeOnce(current);
    if (next === current) return isBlankDocument(next) ? "" : next;
    current = next;
  }
  throw new HtmlSanitizeError(
    `HTML did not settle after ${EDITOR_MAX_NORMALISE_ITERATIONS} sanitising passes`,
  );
}

/** "<p></p>" and friends are stored as "" (spec: an empty document is the empty string). */
function isBlankDocument(html: string): boolean {
  return /^(?:\s|<p>(?:\s|<br\s*\/?>)*<\/p>)*$/i.test(html);
}
