import * as OpenCC from "opencc-js/t2cn";

/**
 * Character folding shared by the word index (terms.ts) and the banned-words matcher:
 * NFKC (full-width to half-width), lower case, and traditional to simplified Chinese with
 * OpenCC's character table. Each character folds to exactly one character of the same
 * UTF-16 length, so one fold keeps every position: index i of the folded text is index i
 * of the original, in code points and in UTF-16 units alike.
 */
const toSimplified = OpenCC.Converter({ from: "tw", to: "cn" });
const folded = new Map<string, string>();
/** Distinct characters remembered; a text of rarer ones is folded without the cache. */
const CACHE_LIMIT = 50_000;

/** One character (code point) folded. */
export function foldChar(char: string): string {
  let out = folded.get(char);
  if (out === undefined) {
    const narrow = char.normalize("NFKC").toLowerCase();
    const simple = toSimplified(narrow);
    // A character that folds to several (e.g. a ligature) keeps its lower-case self, so
    // positions never shift.
    out = [...simple].length === 1 ? simple : char.toLowerCase();
    if (out.length !== char.length) out = char;
    if (folded.size < CACHE_LIMIT) folded.set(char, out);
  }
  return out;
}

/** The folded text, one folded character per original character (code point). */
export function foldText(text: string): string[] {
  return Array.from(text, foldChar);
}

/** The folded text as a string of the same length as `text` (UTF-16 units). */
export function foldString(text: string): string {
  let out = "";
  for (const char of text) out += foldChar(char);
  return out;
}
