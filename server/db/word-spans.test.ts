import { describe, expect, test } from "vitest";
import { asciiWordSpans, FAST_PUNCTUATION } from "./word-spans.js";
import { mulberry32 } from "../../bench/seed.js";

const segmenter = new Intl.Segmenter("zh-CN", { granularity: "word" });

/** ICU's words holding an ASCII letter or digit, as `start:word`. */
function icuWords(text: string): string[] {
  const words: string[] = [];
  for (const { segment, index } of segmenter.segment(text))
    if (/[a-zA-Z0-9]/.test(segment)) words.push(`${index}:${segment}`);
  return words;
}

function fastWords(text: string): string[] | undefined {
  return asciiWordSpans(text)?.map(
    ([start, end]) => `${start}:${text.slice(start, end)}`,
  );
}

/** One character of each class the fast path knows, and every listed punctuation mark. */
const ALPHABET = [
  "a",
  "Z",
  "7",
  "_",
  ".",
  "'",
  ":",
  ",",
  ";",
  " ",
  "\n",
  "-",
  "/",
  "祷",
  "㐀",
  ...FAST_PUNCTUATION,
];

describe("asciiWordSpans finds ICU's words", () => {
  test("the cases ICU keeps whole", () => {
    expect(fastWords("don't stop")).toEqual(["0:don't", "6:stop"]);
    expect(fastWords("e.g. 3.14 1,000 a:b x_1")).toEqual([
      "0:e.g",
      "5:3.14",
      "10:1,000",
      "16:a:b",
      "20:x_1",
    ]);
    expect(fastWords("第3章grace，1，2")).toEqual(["1:3", "3:grace", "9:1，2"]);
    expect(fastWords("a1.b")).toEqual(["0:a1", "3:b"]);
  });

  test("every string of up to three characters of the alphabet", () => {
    let checked = 0;
    const visit = (text: string, depth: number) => {
      if (text) {
        checked++;
        const fast = fastWords(text);
        if (fast === undefined || fast.join("|") !== icuWords(text).join("|"))
          expect([text, fast]).toEqual([text, icuWords(text)]);
      }
      if (depth > 0) for (const char of ALPHABET) visit(text + char, depth - 1);
    };
    visit("", 3);
    expect(checked).toBe(
      ALPHABET.length ** 3 + ALPHABET.length ** 2 + ALPHABET.length,
    );
  });

  test("random texts of ASCII, Han and the punctuation", () => {
    const random = mulberry32(16);
    for (let n = 0; n < 3000; n++) {
      let text = "";
      const length = 1 + Math.floor(random() * 40);
      for (let i = 0; i < length; i++) {
        const pick = random();
        text +=
          pick < 0.5
            ? String.fromCharCode(Math.floor(random() * 128))
            : pick < 0.75
              ? String.fromCharCode(0x4e00 + Math.floor(random() * 0x5200))
              : ALPHABET[Math.floor(random() * ALPHABET.length)];
      }
      const fast = fastWords(text);
      if (fast === undefined || fast.join("|") !== icuWords(text).join("|"))
        expect([text, fast]).toEqual([text, icuWords(text)]);
    }
  });

  test("leaves text with any other character to ICU", () => {
    for (const text of [
      "café",
      "a\u00adb",
      "カタカナ a",
      "〇 a",
      "привет",
      "a😀",
    ])
      expect(asciiWordSpans(text)).toBeUndefined();
  });
});
