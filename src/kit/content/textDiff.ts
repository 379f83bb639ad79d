import { diffChars, diffLines, type ChangeObject } from "diff";

/** An HTML body as the text a reader sees: one line per block, tags gone. */
export function htmlToText(html: string): string {
  if (!html) return "";
  const doc = new DOMParser().parseFromString(html, "text/html");
  const lines: string[] = [];
  const blocks = doc.body.querySelectorAll(
    "p, h1, h2, h3, h4, h5, h6, li, blockquote, pre, td, th, figcaption",
  );
  if (blocks.length === 0) return doc.body.textContent ?? "";
  blocks.forEach((block) => {
    // A block inside another (a p in a li) is read once, by its innermost block.
    if (block.querySelector("p, li, h1, h2, h3, h4, h5, h6")) return;
    lines.push((block.textContent ?? "").trim());
  });
  return lines.join("\n");
}

/** A value of any field as text to compare. */
export function fieldText(value: unknown, html = false): string {
  if (value === null || value === undefined) return "";
  if (html) return htmlToText(String(value));
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/**
 * The changes from `before` to `after`: by character for short texts (Chinese has no
 * spaces between words), by line for long ones.
 */
export function textChanges(
  before: string,
  after: string,
): ChangeObject<string>[] {
  return before.length + after.length > 20_000
    ? diffLines(before, after)
    : diffChars(before, after);
}
