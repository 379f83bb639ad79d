import { describe, expect, it } from "vitest";
import {
  pinyinKey,
  pinyinSortKey,
  sortColumn,
  withSortKeys,
} from "./sort-keys.js";

describe("pinyin sort keys", () => {
  it("orders the issue's words as a Chinese reader does", async () => {
    const words = ["团契", "查经", "祷告", "福音", "赞美"];
    const keyed = await Promise.all(
      words.map(async (word) => [await pinyinSortKey(word), word] as const),
    );
    const sorted = keyed
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, word]) => word);
    expect(sorted).toEqual(["查经", "祷告", "福音", "团契", "赞美"]);
  });

  it("spells syllables with tone numbers, letters before tones, ü as v", async () => {
    expect(await pinyinSortKey("查经")).toBe("cha2 jing1");
    expect(await pinyinSortKey("绿色")).toBe("lv4 se4");
    // 路 lù before 绿 lǜ, 茶 chá before 长 cháng: syllables compare whole, then by tone.
    expect(await pinyinSortKey("路")).toBe("lu4");
    expect((await pinyinSortKey("路")) < (await pinyinSortKey("绿"))).toBe(
      true,
    );
    expect((await pinyinSortKey("茶")) < (await pinyinSortKey("长城"))).toBe(
      true,
    );
  });

  it("lower-cases other text, so Latin names fall among the pinyin by letter", async () => {
    expect(await pinyinSortKey(" A组 Hello ")).toBe("a zu3 hello");
    expect(await pinyinSortKey("")).toBe("");
  });

  it("fills the key column of the fields being written, and names it for ordering", async () => {
    const keys = { name: pinyinKey("namePinyin") };
    expect(await withSortKeys(keys, { name: "福音", sortOrder: 1 })).toEqual({
      name: "福音",
      sortOrder: 1,
      namePinyin: "fu2 yin1",
    });
    expect(await withSortKeys(keys, { sortOrder: 1 })).toEqual({
      sortOrder: 1,
    });
    expect(await withSortKeys(keys, { name: null })).toEqual({
      name: null,
      namePinyin: "",
    });
    expect(sortColumn(keys, "name")).toBe("namePinyin");
    expect(sortColumn(keys, "sortOrder")).toBe("sortOrder");
  });
});
