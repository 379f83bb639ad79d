/**
 * The allowlist of common/html-allowlist.ts applied in the browser, to pasted HTML and to
 * HTML loaded into the editor. It parses with DOMParser (an inert document: nothing runs,
 * nothing loads) and walks the tree. The server applies the same rules with sanitize-html.
 */
import { EDITOR_MAX_NORMALISE_ITERATIONS } from "../../common/constants";
import {
  isAllowedTag,
  isDropWithContentTag,
  mustDropElement,
  sanitizeAttributes,
} from "../../common/html-allowlist";

/** Raised when sanitising does not settle within EDITOR_MAX_NORMALISE_ITERATIONS passes. */
export class EditorNormaliseError extends Error {
  constructor(readonly iterations: number) {
    super(`Normalising the HTML did not settle after ${iterations} passes`);
    this.name = "EditorNormaliseError";
  }
}

function cleanElement(element: Element): void {
  for (const child of Array.from(element.childNodes)) {
    if (child.nodeType === 1) {
      const childElement = child as Element;
      const tag = childElement.localName.toLowerCase();
      if (
        isDropWithContentTag(tag) ||
        childElement.namespaceURI !== "http://www.w3.org/1999/xhtml"
      ) {
        childElement.remove();
        continue;
      }
      cleanElement(childElement);
      if (!isAllowedTag(tag)) {
        childElement.replaceWith(...Array.from(childElement.childNodes));
        continue;
      }
      const attributes: Record<string, string> = {};
      for (const attribute of Array.from(childElement.attributes))
        attributes[attribute.name] = attribute.value;
      const kept = sanitizeAttributes(tag, attributes);
      if (mustDropElement(tag, kept)) {
        childElement.remove();
        continue;
      }
      for (const name of Object.keys(attributes))
        childElement.removeAttribute(name);
      for (const [name, value] of Object.entries(kept))
        childElement.setAttribute(name, value);
    } else if (child.nodeType !== 3) {
      // Comments, processing instructions and CDATA carry nothing a reader needs.
      child.remove();
    }
  }
}

function sanitizeOnce(html: string): string {
  const doc = new DOMParser().parseFromString(
    `<!doctype html><html><body>${html}</body></html>`,
    "text/html",
  );
  cleanElement(doc.body);
  return doc.body.innerHTML;
}

/**
 * HTML with only what the allowlist keeps. Runs until the result no longer changes, at
 * most `maxIterations` times; throws EditorNormaliseError instead of looping on.
 */
export function sanitizeEditorHtml(
  html: string,
  maxIterations: number = EDITOR_MAX_NORMALISE_ITERATIONS,
  passOnce: (html: string) => string = sanitizeOnce,
): string {
  let current = html;
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    const next = passOnce(current);
    if (next === current) return next;
    current = next;
  }
  throw new EditorNormaliseError(maxIterations);
}

/** Text as HTML paragraphs, for when HTML had to be refused. */
export function textToHtml(text: string): string {
  const escape = (line: string) =>
    line
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;");
  return text
    .split(/\r?\n/)
    .map((line) => `<p>${escape(line)}</p>`)
    .join("");
}
