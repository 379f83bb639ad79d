import { beforeAll, describe, expect, test } from "vitest";
import {
  documentTerms,
  highlight,
  type HighlightPart,
  loadSegmenter,
  normalizeWord,
  queryTerms,
} from "./terms.js";
import { foldString } from "./fold.js";
import { mulberry32 } from "../../bench/seed.js";

beforeAll(async () => {
  await loadSegmenter();
});

describe("traditional and simplified Chinese fold to one term", () => {
  test("the fold keeps the text's length, so positions stay the original's", () => {
    expect(foldString("禱告會")).toBe("祷告会");
    expect(foldString("ＧＲＡＣＥ與恩典😀")).toBe("grace与恩典😀");
    for (const text of ["禱告會", "😀賭", "İstanbul 發財", "ﬁne"])
      expect(foldString(text).length).toBe(text.length);
  });

  test("a query in either script has the same terms", () => {
    expect(queryTerms("禱告")).toEqual(queryTerms("祷告"));
    expect(queryTerms("福音書")).toEqual(queryTerms("福音书"));
    expect(queryTerms("禱告")).toContain("祷告");
  });

  test("a document in either script is indexed under the simplified terms", () => {
    const traditional = documentTerms(["我們一起禱告，讀福音書"]);
    const simplified = documentTerms(["我们一起祷告，读福音书"]);
    expect([...traditional.keys()].sort()).toEqual(
      [...simplified.keys()].sort(),
    );
    for (const term of queryTerms("禱告"))
      expect(traditional.has(term)).toBe(true);
    for (const term of queryTerms("祷告"))
      expect(traditional.has(term)).toBe(true);
    expect(traditional.has("禱告")).toBe(false);
  });

  test("highlights mark the text as written, whichever script the query used", () => {
    expect(highlight("晚間禱告會", "祷告")).toEqual([
      { text: "晚間" },
      { text: "禱告", hit: true },
      { text: "會" },
    ]);
    expect(highlight("晚间祷告会", "禱告")).toEqual([
      { text: "晚间" },
      { text: "祷告", hit: true },
      { text: "会" },
    ]);
    expect(highlight("Ｇｒａｃｅ 與 禱告", "grace")).toEqual([
      { text: "Ｇｒａｃｅ", hit: true },
      { text: " 與 禱告" },
    ]);
  });
});

describe("highlight finds non-Chinese words as ICU cuts them", () => {
  /** highlight() as it was before word-spans.ts: every word ICU cuts from the folded text. */
  function icuHighlight(
    text: string,
    query: string,
  ): HighlightPart[] | undefined {
    const han = /\p{Script=Han}/u;
    const terms = queryTerms(query);
    if (terms.length === 0 || !text) return undefined;
    const folded = foldString(text);
    const ranges: [number, number][] = [];
    for (const term of terms) {
      if (!han.test(term)) continue;
      for (
        let at = folded.indexOf(term);
        at >= 0;
        at = folded.indexOf(term, at + 1)
      )
        ranges.push([at, at + term.length]);
    }
    const latin = terms.filter((term) => !han.test(term));
    if (latin.length > 0) {
      const segmenter = new Intl.Segmenter("zh-CN", { granularity: "word" });
      let at = 0;
      for (const { segment: word } of segmenter.segment(folded)) {
        const start = folded.indexOf(word, at);
        if (start < 0) continue;
        at = start + word.length;
        const term = normalizeWord(word);
        if (term !== undefined && latin.includes(term))
          ranges.push([start, at]);
      }
    }
    if (ranges.length === 0) return undefined;
    ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
    let from = 0;
    let to = text.length;
    if (text.length > 120) {
      from = Math.max(0, ranges[0]![0] - 30);
      to = Math.min(text.length, from + 120);
    }
    const parts: HighlightPart[] = [];
    if (from > 0) parts.push({ text: "…" });
    let cursor = from;
    for (const [start, end] of ranges) {
      if (start < cursor || start >= to) continue;
      if (start > cursor) parts.push({ text: text.slice(cursor, start) });
      parts.push({ text: text.slice(start, Math.min(end, to)), hit: true });
      cursor = Math.min(end, to);
    }
    if (cursor < to) parts.push({ text: text.slice(cursor, to) });
    if (to < text.length) parts.push({ text: "…" });
    return parts;
  }
  const marks = (text: string, query: string) => highlight(text, query);
  const icuMarks = icuHighlight;

  test("the same marks on English, Chinese and mixed texts", () => {
    const cases: [string, string][] = [
      ["Grace of God 12", "grace"],
      ["Graces and gracing: GRACE'S grace.", "grace"],
      ["don't stop, don't", "don't"],
      ["e.g. 3.14 and 1,000 or 1，000", "3.14 1,000 e.g"],
      ["晚间祷告会 Grace 与 grace，恩典", "grace 恩典"],
      ["Ｇｒａｃｅ 與 禱告", "grace"],
      ["café grace Café", "café"],
      ["カタカナ grace", "grace"],
      ["soft\u00adgrace grace", "grace"],
      ["第3章 3 33", "3"],
      [
        "A long English text about grace. ".repeat(8) + "Grace at the end",
        "grace",
      ],
    ];
    for (const [text, query] of cases)
      expect([text, marks(text, query)]).toEqual([text, icuMarks(text, query)]);
  });

  test("the same marks on random English glosses", () => {
    const words = [
      "Grace",
      "grace's",
      "Faith",
      "of",
      "the",
      "1,000",
      "3.5",
      "don't",
      "Lord",
      "e.g.",
      "中文",
      "，",
      "、",
      "café",
    ];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    for (let n = 0; n < 500; n++) {
      const text = Array.from(
        { length: 1 + Math.floor(random() * 8) },
        () => words[Math.floor(random() * words.length)],
      ).join(random() < 0.5 ? " " : "");
      for (const query of ["grace", "faith 1,000", "don't", "3.5 e.g", "café"])
        expect([text, query, marks(text, query)]).toEqual([
          text,
          query,
          icuMarks(text, query),
        ]);
    }
  });
});

describe("long texts are segmented a piece at a time", () => {
  test("the terms of a long text are the ones ICU gives the whole text", () => {
    // Words and numbers ICU keeps whole across `.` and `,` (e.g, 1,000), Chinese
    // sentences without spaces, and line ends: 12,000 characters, pieces of 1,000.
    const next = mulberry32(5);
    const parts = [
      "我们要常常喜乐，不住地祷告，凡事谢恩。",
      "Grace and peace, e.g. to 1,000 people.",
      "神爱世人、甚至将他的独生子赐给他们；",
      "\n",
      "约翰福音3:16 ",
      "the Lord's prayer ",
    ];
    let text = "";
    while (text.length < 12_000)
      text += parts[Math.floor(next() * parts.length)];
    const whole = new Map<string, number>();
    const icu = new Intl.Segmenter("zh-CN", { granularity: "word" });
    for (const { segment } of icu.segment(foldString(text)))
      for (const [term, tf] of documentTerms([segment]))
        whole.set(term, (whole.get(term) ?? 0) + tf);
    expect(documentTerms([text])).toEqual(whole);
    expect(documentTerms(["grace ".repeat(40_000)]).get("grace")).toBe(40_000);
  });
});
