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

const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;

function foldUncached(char: string): string {
  // Punctuation, spaces and symbols are never terms: left as written, a Chinese text's
  // full-width commas do not make every text one to rewrite.
  if (!LETTER_OR_NUMBER.test(char)) return char;
  const narrow = char.normalize("NFKC").toLowerCase();
  const simple = toSimplified(narrow);
  // A character that folds to several (e.g. a ligature) keeps its lower-case self, so
  // positions never shift.
  const out = [...simple].length === 1 ? simple : char.toLowerCase();
  return out.length === char.length ? out : char;
}

/** One character (code point) folded. */
export function foldChar(char: string): string {
  let out = folded.get(char);
  if (out === undefined) {
    out = foldUncached(char);
    if (folded.size < CACHE_LIMIT) folded.set(char, out);
  }
  return out;
}

/**
 * What the fold does to each UTF-16 unit of the Basic Multilingual Plane, learnt as met:
 * `known` marks the units seen, `foldedUnit` holds what each becomes (a BMP character
 * folds to one BMP unit, see foldUncached). Most text is simplified Chinese, which then
 * costs an array read or two per character: folding through the Map cost a list of 25
 * sermons about 1 ms for its highlights.
 */
const known = new Uint8Array(0x10000);
const foldedUnit = new Uint16Array(0x10000);

function foldUnit(code: number): number {
  if (known[code] === 0) {
    const out = foldChar(String.fromCharCode(code));
    foldedUnit[code] = out.length === 1 ? out.charCodeAt(0) : code;
    known[code] = 1;
  }
  return foldedUnit[code]!;
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The folded text, one folded character per original character (code point). */
export function foldText(text: string): string[] {
  return Array.from(text, foldChar);
}

const ASCII = /^\p{ASCII}*$/u;

/** The folded text as a string of the same length as `text` (UTF-16 units). */
export function foldString(text: string): string {
  // ASCII folds to its lower case (NFKC and OpenCC leave it as it is): an English name
  // with a capital letter no longer goes through the units below (fold.test.ts checks
  // every ASCII character against the general path).
  if (ASCII.test(text)) return text.toLowerCase();
  let units: Uint16Array | undefined;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isHigh(code) && i + 1 < text.length && isLow(text.charCodeAt(i + 1))) {
      // Beyond the Basic Multilingual Plane: rare, folded one by one.
      const pair = text.slice(i, i + 2);
      const folded = foldChar(pair);
      if (folded !== pair) {
        units ??= unitsOf(text);
        units[i] = folded.charCodeAt(0);
        units[i + 1] = folded.charCodeAt(1);
      }
      i++;
    } else if (!isHigh(code) && !isLow(code)) {
      const folded = foldUnit(code);
      if (folded !== code) (units ??= unitsOf(text))[i] = folded;
    }
  }
  return units ? stringOf(units) : text;
}

function unitsOf(text: string): Uint16Array {
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  return units;
}

/**
 * The string of UTF-16 units, lone surrogates kept (a TextDecoder would replace them).
 * `apply` takes the typed array as it is, where spreading it went through its iterator
 * (about 5× slower on a short name).
 */
function stringOf(units: Uint16Array): string {
  const fromCodes = String.fromCharCode as (...codes: unknown[]) => string;
  // eslint-disable-next-line prefer-spread -- spreading is the slow path this avoids
  if (units.length <= 4096) return fromCodes.apply(null, units as never);
  let out = "";
  for (let i = 0; i < units.length; i += 4096)
    // eslint-disable-next-line prefer-spread -- as above
    out += fromCodes.apply(null, units.subarray(i, i + 4096) as never);
  return out;
}
