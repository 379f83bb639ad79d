import { describe, expect, it } from "vitest";
import {
  formatRange,
  osisOfRange,
  rangesOfOsisList,
} from "../../common/passages.js";
import { parseReference, passageRangesIn } from "./passage-parser.js";

/** The OSIS of every range a reference names, comma-separated. */
function osis(reference: string): string {
  return parseReference(reference).map(osisOfRange).join(",");
}

describe("parseReference: real-world forms", () => {
  // [what people write, what it names]
  const forms: [string, string][] = [
    // Chinese, simplified, full names
    ["约翰福音3:16", "John.3.16"],
    ["约翰福音 3:16", "John.3.16"],
    ["约翰福音3：16", "John.3.16"],
    ["约翰福音３：１６", "John.3.16"],
    ["约翰福音3:1-21", "John.3.1-John.3.21"],
    ["约翰福音3章16节", "John.3.16"],
    ["约翰福音第3章16节", "John.3.16"],
    ["约翰福音第三章十六节", "John.3.16"],
    ["罗马书8章28节", "Rom.8.28"],
    ["罗马书8:28", "Rom.8.28"],
    ["罗马书8:28-30", "Rom.8.28-Rom.8.30"],
    ["罗马书第八章", "Rom.8"],
    ["罗马书8章", "Rom.8"],
    ["诗篇23篇", "Ps.23"],
    ["诗篇第23篇", "Ps.23"],
    ["诗篇第二十三篇", "Ps.23"],
    ["诗篇23", "Ps.23"],
    ["诗篇119:105", "Ps.119.105"],
    ["诗篇一百一十九篇105节", "Ps.119.105"],
    ["创世记1:1", "Gen.1.1"],
    ["创世记1:1-2:3", "Gen.1.1-Gen.2.3"],
    ["创世记1章1节-2章3节", "Gen.1.1-Gen.2.3"],
    ["马太福音5章3-12节", "Matt.5.3-Matt.5.12"],
    ["马太福音5章3节至12节", "Matt.5.3-Matt.5.12"],
    ["马太福音5:3至12", "Matt.5.3-Matt.5.12"],
    ["马太福音5章", "Matt.5"],
    ["哥林多前书13章4-7节", "1Cor.13.4-1Cor.13.7"],
    ["哥林多前书13:4-7", "1Cor.13.4-1Cor.13.7"],
    ["约翰一书4:8", "1John.4.8"],
    ["约翰一书4章8节", "1John.4.8"],
    ["以弗所书2:8-9", "Eph.2.8-Eph.2.9"],
    ["腓立比书4:13", "Phil.4.13"],
    ["希伯来书11:1", "Heb.11.1"],
    ["启示录21:4", "Rev.21.4"],
    ["使徒行传2:38", "Acts.2.38"],
    ["箴言3:5-6", "Prov.3.5-Prov.3.6"],
    ["以赛亚书53章", "Isa.53"],
    ["耶利米书29:11", "Jer.29.11"],
    ["雅各书1章2-4节", "Jas.1.2-Jas.1.4"],
    ["彼得前书5:7", "1Pet.5.7"],
    // Chinese abbreviations
    ["约3:16", "John.3.16"],
    ["罗8:28", "Rom.8.28"],
    ["太5:3-12", "Matt.5.3-Matt.5.12"],
    ["林前13:4-7", "1Cor.13.4-1Cor.13.7"],
    ["诗23", "Ps.23"],
    ["创1:1", "Gen.1.1"],
    ["约壹4:8", "1John.4.8"],
    ["来11:1", "Heb.11.1"],
    ["徒2:38", "Acts.2.38"],
    // Traditional
    ["約翰福音3:16", "John.3.16"],
    ["約3:16", "John.3.16"],
    ["羅馬書8:28", "Rom.8.28"],
    ["羅馬書8章28節", "Rom.8.28"],
    ["詩篇23篇", "Ps.23"],
    ["哥林多前書13章", "1Cor.13"],
    ["創世記1:1", "Gen.1.1"],
    ["啟示錄21:4", "Rev.21.4"],
    // English
    ["John 3:16", "John.3.16"],
    ["Jn 3:16", "John.3.16"],
    ["John 3:1-21", "John.3.1-John.3.21"],
    ["Rom 8:28", "Rom.8.28"],
    ["Romans 8:28-30", "Rom.8.28-Rom.8.30"],
    ["Ps 23", "Ps.23"],
    ["Psalm 23", "Ps.23"],
    ["1 Cor 13", "1Cor.13"],
    ["1 Corinthians 13:4-7", "1Cor.13.4-1Cor.13.7"],
    ["Gen 1:1-2:3", "Gen.1.1-Gen.2.3"],
    ["Matt. 5:3-12", "Matt.5.3-Matt.5.12"],
    ["Eph 2:8-9", "Eph.2.8-Eph.2.9"],
    ["1 John 4:8", "1John.4.8"],
    ["Heb 11", "Heb.11"],
    ["Rev 21:4", "Rev.21.4"],
    // Several at once
    ["John 3:16; Rom 8:28", "John.3.16,Rom.8.28"],
    ["约3:16；罗8:28", "John.3.16,Rom.8.28"],
  ];
  it("covers at least 60 forms", () => {
    expect(forms.length).toBeGreaterThanOrEqual(60);
  });
  it.each(forms)("%s → %s", (reference, expected) => {
    expect(osis(reference)).toBe(expected);
  });

  it("names nothing in text that is no reference", () => {
    expect(parseReference("今天天气很好")).toEqual([]);
    expect(parseReference("")).toEqual([]);
    expect(parseReference("hello world")).toEqual([]);
  });
});

describe("passageRangesIn: references in running text", () => {
  it("finds deliberate references in Chinese and English text", () => {
    const found = passageRangesIn([
      "我读了约翰福音3章16节，很感动。又想起 Rom 8:28。",
    ]).map(osisOfRange);
    expect(found).toEqual(["John.3.16", "Rom.8.28"]);
  });
  it("skips a one-character abbreviation and a number in prose", () => {
    expect(passageRangesIn(["大约3个人来了"])).toEqual([]);
  });
});

describe("formatRange", () => {
  const [john] = rangesOfOsisList("John.3.16");
  const [chapter] = rangesOfOsisList("Ps.23");
  const [span] = rangesOfOsisList("Gen.1.1-Gen.2.3");
  const [verses] = rangesOfOsisList("John.3.16-John.3.18");
  it("writes the reference in the reader's language", () => {
    expect(formatRange(john!, "zh-CN")).toBe("约翰福音 3:16");
    expect(formatRange(john!, "en-US")).toBe("John 3:16");
    expect(formatRange(chapter!, "zh-CN")).toBe("诗篇 23");
    expect(formatRange(chapter!, "en-US")).toBe("Psalm 23");
    expect(formatRange(span!, "en-US")).toBe("Genesis 1:1-2:3");
    expect(formatRange(verses!, "zh-CN")).toBe("约翰福音 3:16-18");
  });
  it("an overlapping range touches: John 3:1-21 holds John 3:16", () => {
    const [whole] = rangesOfOsisList("John.3.1-John.3.21");
    expect(whole!.start <= john!.end && whole!.end >= john!.start).toBe(true);
  });
});

describe("passageRangesIn on long text", () => {
  it("finds references anywhere in a long text, and reads only around numbers", () => {
    const filler = "我们要常常喜乐，不住地祷告，凡事谢恩。".repeat(40);
    const text = `${filler}今天我们读 John 3:16 和罗马书8章28节。${filler}又读了帖撒罗尼迦前书5:17。${filler}`;
    expect(passageRangesIn([text]).map(osisOfRange)).toEqual([
      "John.3.16",
      "Rom.8.28",
      "1Thess.5.17",
    ]);
    expect(passageRangesIn([filler])).toEqual([]);
  });
});
