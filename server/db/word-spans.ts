/**
 * Where the words of a folded text are, as `Intl.Segmenter` (ICU, zh-CN, word granularity)
 * finds them, without running it when the text allows: highlight() looks for the query's
 * non-Chinese words in every listed row, and cutting each row with ICU was about 4.5 % of a
 * keyword list's CPU (docs/performance.md, 2026-11-24 "keyword p99").
 *
 * The fast path covers text made only of ASCII, Han ideographs and the punctuation Chinese
 * text uses; for those characters ICU applies the Unicode word-break rules (UAX #29),
 * which join letters, digits and `_` into one word, and keep `don't`, `e.g`, `a:b`, `3.14`
 * and `1,000` whole (a "mid" character between two letters or two digits), while a Han
 * ideograph never joins a letter or a digit. Any other character (accents, kana, Cyrillic,
 * combining marks, soft hyphens…) sends the text to ICU itself, so the answer is always
 * ICU's; word-spans.test.ts compares the two on every short combination of the classes.
 */

/** Word-break classes of the fast path's characters (UAX #29 names). */
const OTHER = 0; // breaks on both sides: spaces, Han, most punctuation
const LETTER = 1; // ALetter
const DIGIT = 2; // Numeric
const JOINER = 3; // ExtendNumLet (`_`)
const MID_LETTER = 4; // MidLetter: joins two letters
const MID_NUM_LET = 5; // MidNumLet and Single_Quote: joins two letters or two digits
const MID_NUM = 6; // MidNum: joins two digits
const UNKNOWN = 7; // outside the fast path: ICU decides

/** Non-ASCII characters of the fast path, with their class (ICU 78's, checked by the test). */
const PUNCTUATION: Record<number, number> = {
  0x00b7: MID_LETTER, // ·
  0x2014: OTHER, // —
  0x2018: MID_NUM_LET, // ‘
  0x2019: MID_NUM_LET, // ’
  0x201c: OTHER, // “
  0x201d: OTHER, // ”
  0x2026: OTHER, // …
  0x3000: OTHER, // ideographic space
  0x3001: OTHER, // 、
  0x3002: OTHER, // 。
  0x3008: OTHER, // 〈
  0x3009: OTHER, // 〉
  0x300a: OTHER, // 《
  0x300b: OTHER, // 》
  0x300c: OTHER, // 「
  0x300d: OTHER, // 」
  0x300e: OTHER, // 『
  0x300f: OTHER, // 』
  0x3010: OTHER, // 【
  0x3011: OTHER, // 】
  0xff01: OTHER, // ！
  0xff07: MID_NUM_LET, // ＇
  0xff08: OTHER, // （
  0xff09: OTHER, // ）
  0xff0c: MID_NUM, // ，
  0xff0e: MID_NUM_LET, // ．
  0xff1a: MID_LETTER, // ：
  0xff1b: MID_NUM, // ；
  0xff1f: OTHER, // ？
};

/** The characters of PUNCTUATION, for the test that checks them against ICU. */
export const FAST_PUNCTUATION = Object.keys(PUNCTUATION).map((code) =>
  String.fromCharCode(Number(code)),
);

const ASCII_CLASS = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const char = String.fromCharCode(code);
  ASCII_CLASS[code] = /[a-zA-Z]/.test(char)
    ? LETTER
    : /[0-9]/.test(char)
      ? DIGIT
      : char === "_"
        ? JOINER
        : char === ":"
          ? MID_LETTER
          : char === "." || char === "'"
            ? MID_NUM_LET
            : char === "," || char === ";"
              ? MID_NUM
              : OTHER;
}

function classOf(code: number): number {
  if (code < 128) return ASCII_CLASS[code]!;
  // CJK Unified Ideographs and Extension A: ICU's dictionary cuts their runs into words,
  // which never take in a letter or a digit.
  if ((code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3400 && code <= 0x4dbf))
    return OTHER;
  return PUNCTUATION[code] ?? UNKNOWN;
}

const isWordPart = (kind: number) =>
  kind === LETTER || kind === DIGIT || kind === JOINER;

/**
 * The [start, end) of every word of `text` holding an ASCII letter or digit, as ICU cuts
 * it; undefined when the text has a character outside the fast path (ask ICU then).
 * Words of Han ideographs, punctuation and spaces are not listed: they hold no Latin term.
 */
export function asciiWordSpans(text: string): [number, number][] | undefined {
  const length = text.length;
  const kinds = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    const kind = classOf(text.charCodeAt(i));
    if (kind === UNKNOWN) return undefined;
    kinds[i] = kind;
  }
  const spans: [number, number][] = [];
  let i = 0;
  while (i < length) {
    if (!isWordPart(kinds[i]!)) {
      i++;
      continue;
    }
    const start = i;
    let hasLetterOrDigit = false;
    for (;;) {
      const kind = kinds[i]!;
      if (kind !== JOINER) hasLetterOrDigit = true;
      const next = i + 1 < length ? kinds[i + 1]! : OTHER;
      if (isWordPart(next)) {
        i++;
        continue;
      }
      // A mid character joins two letters (WB6/7) or two digits (WB11/12).
      const after = i + 2 < length ? kinds[i + 2]! : OTHER;
      if (
        kind === LETTER &&
        after === LETTER &&
        (next === MID_LETTER || next === MID_NUM_LET)
      ) {
        i += 2;
        continue;
      }
      if (
        kind === DIGIT &&
        after === DIGIT &&
        (next === MID_NUM || next === MID_NUM_LET)
      ) {
        i += 2;
        continue;
      }
      break;
    }
    i++;
    if (hasLetterOrDigit) spans.push([start, i]);
  }
  return spans;
}
