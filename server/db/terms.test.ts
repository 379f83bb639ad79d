import { beforeAll, describe, expect, test } from "vitest";
import {
  documentTerms,
  highlight,
  loadSegmenter,
  queryTerms,
} from "./terms.js";
import { foldString } from "./fold.js";

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
