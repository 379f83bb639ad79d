import { describe, expect, test } from "vitest";
import { BannedWordMatcher, foldText } from "./ask-banned-words.js";

describe("the banned-words matcher", () => {
  const matcher = new BannedWordMatcher([
    { word: "Spam", action: "block" },
    { word: "发财", action: "review" },
    { word: "赌博", action: "block" },
  ]);

  test("folds width, case and traditional forms one character for one", () => {
    expect(foldText("ＳＰＡＭ發財").join("")).toBe("spam发财");
    expect(foldText("😀賭").length).toBe(2);
  });

  test("finds full-width, upper-case and traditional forms with their positions", () => {
    expect(matcher.find("buy ＳＰＡＭ now")).toEqual([
      { word: "Spam", action: "block", position: 4 },
    ]);
    expect(matcher.find("SPAM")).toHaveLength(1);
    expect(matcher.find("恭喜發財")).toEqual([
      { word: "发财", action: "review", position: 2 },
    ]);
    // Positions count characters, so an emoji before the word counts as one.
    expect(matcher.find("😀不要賭博")).toEqual([
      { word: "赌博", action: "block", position: 3 },
    ]);
  });

  test("finds nothing in clean text, and every word in one pass", () => {
    expect(matcher.find("我们一起祷告")).toEqual([]);
    expect(matcher.find("spa m")).toEqual([]);
    expect(matcher.find("发财 spam").map((hit) => hit.word)).toEqual([
      "发财",
      "Spam",
    ]);
  });

  test("an empty list matches nothing", () => {
    expect(new BannedWordMatcher([]).find("spam")).toEqual([]);
  });
});
