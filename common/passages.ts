import type { Language } from "./codes.js";

/**
 * Scripture references as verse ranges (issue 16, docs/search.md): the books in order,
 * their names in both languages, and a verse key `book × 1e6 + chapter × 1e3 + verse`
 * that makes "touches this passage" an overlap of two integer ranges. Parsing lives in
 * server/services/passage-parser.ts (the parser's tables are too big for the SPAs); this
 * file only formats, so both SPAs can show a reference in the reader's language.
 */

export const BOOKS = [
  ["Gen", "创世记", "Genesis"],
  ["Exod", "出埃及记", "Exodus"],
  ["Lev", "利未记", "Leviticus"],
  ["Num", "民数记", "Numbers"],
  ["Deut", "申命记", "Deuteronomy"],
  ["Josh", "约书亚记", "Joshua"],
  ["Judg", "士师记", "Judges"],
  ["Ruth", "路得记", "Ruth"],
  ["1Sam", "撒母耳记上", "1 Samuel"],
  ["2Sam", "撒母耳记下", "2 Samuel"],
  ["1Kgs", "列王纪上", "1 Kings"],
  ["2Kgs", "列王纪下", "2 Kings"],
  ["1Chr", "历代志上", "1 Chronicles"],
  ["2Chr", "历代志下", "2 Chronicles"],
  ["Ezra", "以斯拉记", "Ezra"],
  ["Neh", "尼希米记", "Nehemiah"],
  ["Esth", "以斯帖记", "Esther"],
  ["Job", "约伯记", "Job"],
  ["Ps", "诗篇", "Psalms"],
  ["Prov", "箴言", "Proverbs"],
  ["Eccl", "传道书", "Ecclesiastes"],
  ["Song", "雅歌", "Song of Songs"],
  ["Isa", "以赛亚书", "Isaiah"],
  ["Jer", "耶利米书", "Jeremiah"],
  ["Lam", "耶利米哀歌", "Lamentations"],
  ["Ezek", "以西结书", "Ezekiel"],
  ["Dan", "但以理书", "Daniel"],
  ["Hos", "何西阿书", "Hosea"],
  ["Joel", "约珥书", "Joel"],
  ["Amos", "阿摩司书", "Amos"],
  ["Obad", "俄巴底亚书", "Obadiah"],
  ["Jonah", "约拿书", "Jonah"],
  ["Mic", "弥迦书", "Micah"],
  ["Nah", "那鸿书", "Nahum"],
  ["Hab", "哈巴谷书", "Habakkuk"],
  ["Zeph", "西番雅书", "Zephaniah"],
  ["Hag", "哈该书", "Haggai"],
  ["Zech", "撒迦利亚书", "Zechariah"],
  ["Mal", "玛拉基书", "Malachi"],
  ["Matt", "马太福音", "Matthew"],
  ["Mark", "马可福音", "Mark"],
  ["Luke", "路加福音", "Luke"],
  ["John", "约翰福音", "John"],
  ["Acts", "使徒行传", "Acts"],
  ["Rom", "罗马书", "Romans"],
  ["1Cor", "哥林多前书", "1 Corinthians"],
  ["2Cor", "哥林多后书", "2 Corinthians"],
  ["Gal", "加拉太书", "Galatians"],
  ["Eph", "以弗所书", "Ephesians"],
  ["Phil", "腓立比书", "Philippians"],
  ["Col", "歌罗西书", "Colossians"],
  ["1Thess", "帖撒罗尼迦前书", "1 Thessalonians"],
  ["2Thess", "帖撒罗尼迦后书", "2 Thessalonians"],
  ["1Tim", "提摩太前书", "1 Timothy"],
  ["2Tim", "提摩太后书", "2 Timothy"],
  ["Titus", "提多书", "Titus"],
  ["Phlm", "腓利门书", "Philemon"],
  ["Heb", "希伯来书", "Hebrews"],
  ["Jas", "雅各书", "James"],
  ["1Pet", "彼得前书", "1 Peter"],
  ["2Pet", "彼得后书", "2 Peter"],
  ["1John", "约翰一书", "1 John"],
  ["2John", "约翰二书", "2 John"],
  ["3John", "约翰三书", "3 John"],
  ["Jude", "犹大书", "Jude"],
  ["Rev", "启示录", "Revelation"],
] as const;

const BOOK_NUMBER = new Map<string, number>(
  BOOKS.map(([osis], index) => [osis, index + 1]),
);

/**
 * The longest reference a filter, a `ref` parameter or a search takes: the longest
 * real ones (`帖撒罗尼迦前书 5:16-18; 腓立比书 4:6-7`) are a few dozen characters.
 */
export const MAX_REFERENCE_LENGTH = 100;

/** The last verse or chapter of an open end ("Rom.8" is Rom.8.1–Rom.8.999). */
export const OPEN_END = 999;

/** A verse range as two keys, ends included. */
export interface VerseRange {
  start: number;
  end: number;
}

export interface VersePoint {
  book: number;
  chapter: number;
  verse: number;
}

export function verseKey(point: VersePoint): number {
  return point.book * 1_000_000 + point.chapter * 1_000 + point.verse;
}

export function versePoint(key: number): VersePoint {
  return {
    book: Math.floor(key / 1_000_000),
    chapter: Math.floor(key / 1_000) % 1_000,
    verse: key % 1_000,
  };
}

/** The book number (1–66) of an OSIS book code, or undefined. */
export function bookNumber(osis: string): number | undefined {
  return BOOK_NUMBER.get(osis);
}

/**
 * A range from OSIS ("John.3.16", "Rom.8", "Gen.1.1-Gen.2.3", "Ps"), or undefined when
 * it names a book we do not know (the apocrypha).
 */
export function rangeOfOsis(osis: string): VerseRange | undefined {
  const [from, to = from] = osis.split("-");
  const point = (text: string, end: boolean): VersePoint | undefined => {
    const [book, chapter, verse] = text.split(".");
    const number = bookNumber(book ?? "");
    if (number === undefined) return undefined;
    return {
      book: number,
      chapter: chapter ? Number(chapter) : end ? OPEN_END : 1,
      verse: verse ? Number(verse) : end ? OPEN_END : chapter ? 1 : 1,
    };
  };
  const start = point(from!, false);
  const end = point(to, true);
  if (!start || !end) return undefined;
  if (end.chapter === OPEN_END || !to.split(".")[2]) {
    // "Rom.8": a chapter without a verse ends at its last verse.
    if (!to.split(".")[2]) end.verse = OPEN_END;
  }
  const range = { start: verseKey(start), end: verseKey(end) };
  return range.end >= range.start ? range : undefined;
}

function bookName(book: number, language: Language): string {
  const entry = BOOKS[book - 1];
  if (!entry) return "?";
  return language === "zh-CN" ? entry[1] : entry[2];
}

/**
 * A range as a reader writes it: `约翰福音 3:16`, `John 3:16-18`, `诗篇 23`, `Psalm 23`,
 * `Genesis 1:1-2:3`. A whole chapter shows no verses; a whole book only its name.
 */
export function formatRange(range: VerseRange, language: Language): string {
  const a = versePoint(range.start);
  const b = versePoint(range.end);
  let name = bookName(a.book, language);
  const wholeChapters = a.verse === 1 && b.verse === OPEN_END;
  if (a.book === 19 && language === "en-US" && a.chapter === b.chapter)
    name = "Psalm";
  if (a.book !== b.book)
    return `${name} ${a.chapter}:${a.verse}-${bookName(b.book, language)} ${b.chapter}:${b.verse}`;
  if (a.chapter === 1 && wholeChapters && b.chapter === OPEN_END) return name;
  if (wholeChapters)
    return a.chapter === b.chapter
      ? `${name} ${a.chapter}`
      : `${name} ${a.chapter}-${b.chapter}`;
  const end =
    b.chapter !== a.chapter
      ? `${b.chapter}:${b.verse === OPEN_END ? "" : b.verse}`.replace(/:$/, "")
      : b.verse !== a.verse
        ? String(b.verse)
        : "";
  return `${name} ${a.chapter}:${a.verse}${end ? `-${end}` : ""}`;
}

/** The ranges of an OSIS list as the parser writes it ("John.3.16,John.3.18-John.3.20"). */
export function rangesOfOsisList(osis: string): VerseRange[] {
  return osis
    .split(",")
    .filter((part) => part !== "")
    .map(rangeOfOsis)
    .filter((range): range is VerseRange => range !== undefined);
}

/** OSIS of a range, for links: `John.3.16`, `Rom.8`, `Gen.1.1-Gen.2.3`. */
export function osisOfRange(range: VerseRange): string {
  const a = versePoint(range.start);
  const b = versePoint(range.end);
  const code = (book: number) => BOOKS[book - 1]?.[0] ?? "?";
  const start =
    a.verse === 1 && b.verse === OPEN_END
      ? `${code(a.book)}.${a.chapter}`
      : `${code(a.book)}.${a.chapter}.${a.verse}`;
  if (range.start === range.end) return start;
  if (a.book === b.book && a.chapter === b.chapter && b.verse === OPEN_END) {
    return a.verse === 1 ? start : `${start}-${code(b.book)}.${b.chapter}`;
  }
  const end =
    b.verse === OPEN_END
      ? `${code(b.book)}.${b.chapter}`
      : `${code(b.book)}.${b.chapter}.${b.verse}`;
  return `${start}-${end}`;
}
