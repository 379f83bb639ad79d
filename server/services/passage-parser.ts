import { LRUCache } from "lru-cache";
import { bcv_parser } from "bible-passage-reference-parser/esm/bcv_parser.js";
import * as zh from "bible-passage-reference-parser/esm/lang/zh.js";
import * as en from "bible-passage-reference-parser/esm/lang/en.js";
import {
  BOOKS,
  rangesOfOsisList,
  type VerseRange,
} from "../../common/passages.js";

/**
 * Bible references in Chinese and English (issue 16, docs/search.md). The OpenBible.info
 * parser (bible-passage-reference-parser) reads both; before it reads Chinese we rewrite
 * the forms it misreads: `8章28节` (it keeps only the chapter), `23篇` (it reads a verse
 * 1), `第三章` (Chinese numerals), full-width digits and colons, and `至`/`～` ranges.
 */

type Parsers = { zh: bcv_parser; en: bcv_parser };
type ParserOptions = Parameters<bcv_parser["set_options"]>[0];

/** The two parsers with these options; building them costs about 0.1 s. */
function buildParsers(options: ParserOptions): Parsers {
  const built = { zh: new bcv_parser(zh), en: new bcv_parser(en) };
  // A lone book name in running text ("Job", "Acts") is not a reference.
  for (const parser of [built.zh, built.en])
    parser.set_options({ book_alone_strategy: "ignore", ...options });
  return built;
}

/** The search parsers, built on first use. */
let parsers: Parsers | undefined;
function parserOf(language: "zh" | "en"): bcv_parser {
  parsers ??= buildParsers({ osis_compaction_strategy: "bc" });
  return parsers[language];
}

const DIGITS: Record<string, number> = {
  〇: 0,
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** 一百五十, 二十三, 十二, 三 → 150, 23, 12, 3 (up to 999: chapters and verses). */
function chineseNumber(text: string): number | undefined {
  let total = 0;
  let digit = 0;
  for (const ch of text) {
    if (ch in DIGITS) digit = DIGITS[ch]!;
    else if (ch === "百") {
      total += (digit || 1) * 100;
      digit = 0;
    } else if (ch === "十") {
      total += (digit || 1) * 10;
      digit = 0;
    } else return undefined;
  }
  return total + digit;
}

/** Simplified characters of book names and their traditional forms. */
const TRADITIONAL: Record<string, string> = {
  约: "約",
  罗: "羅",
  马: "馬",
  书: "書",
  记: "記",
  诗: "詩",
  启: "啟",
  录: "錄",
  历: "歷",
  纪: "紀",
  传: "傳",
  赛: "賽",
  结: "結",
  亚: "亞",
  尔: "爾",
  后: "後",
  贰: "貳",
  叁: "參",
  门: "門",
  鸿: "鴻",
  弥: "彌",
  该: "該",
  玛: "瑪",
  迦: "迦",
  帖: "帖",
  犹: "猶",
  际: "際",
  伯: "伯",
  达: "達",
};
const ABBREVIATIONS =
  "创 出 利 民 申 书 士 得 撒上 撒下 王上 王下 代上 代下 拉 尼 斯 伯 诗 箴 传 歌 赛 耶 哀 结 但 何 珥 摩 俄 拿 弥 鸿 哈 番 该 亚 玛 太 可 路 约 徒 罗 林前 林后 加 弗 腓 西 帖前 帖后 提前 提后 多 门 来 雅 彼前 彼后 约壹 约贰 约叁 犹 启".split(
    " ",
  );
const traditional = (name: string) =>
  [...name].map((ch) => TRADITIONAL[ch] ?? ch).join("");
const NAMES = [
  ...new Set(
    [...BOOKS.map(([, zhName]) => zhName), ...ABBREVIATIONS].flatMap((name) => [
      name,
      traditional(name),
    ]),
  ),
].sort((a, b) => b.length - a.length);
/**
 * The parser finds a Chinese book name only after a word boundary, which running Chinese
 * text lacks (`我读了约翰福音3:16`): a space goes before a book name that follows a Chinese
 * character and comes before a number.
 */
const BOOK_AFTER_HAN = new RegExp(`(${NAMES.join("|")})(?=\\s*\\d)`, "gu");

const HAN = /\p{Script=Han}/u;
const LATIN = /[A-Za-z]/;

const CN_NUMBER = "[〇零一二两三四五六七八九十百]+";

/** Rewrites the Chinese forms the parser misses into `book c:v` forms it reads. */
export function normalizeReference(text: string): string {
  return (
    text
      .normalize("NFKC")
      .replace(/節/g, "节")
      .replace(/(?<=\d)\s*[,，、]\s*(?=\D)/g, " ")
      // 第三章, 三章, 第二十三篇 → digits
      .replace(
        new RegExp(`第?(${CN_NUMBER})(?=\\s*[章篇节])`, "g"),
        (match, number: string) => String(chineseNumber(number) ?? match),
      )
      .replace(/第\s*(\d+)(?=\s*[章篇节])/g, "$1")
      .replace(/\s*(?:至|到|~|～|—|–|－)\s*(?=\d)/g, "-")
      // 1章1节-2章3节 → 1:1-2:3
      .replace(
        /(\d+)\s*章\s*(\d+)\s*节?\s*-\s*(\d+)\s*章\s*(\d+)\s*节/g,
        "$1:$2-$3:$4",
      )
      // 8章28节, 13章4-7节, 13章4节-7节 → 8:28, 13:4-7
      .replace(
        /(\d+)\s*章\s*(\d+)\s*节?(?:\s*-\s*(\d+)\s*节?)?/g,
        (_, c: string, v: string, w?: string) =>
          w ? `${c}:${v}-${w}` : `${c}:${v}`,
      )
      // 诗篇119篇105节 → 119:105
      .replace(/(\d+)\s*篇\s*(\d+)\s*节/g, "$1:$2")
      // 诗篇23篇, 1-3章 → 23, 1-3
      .replace(/(\d+)\s*[篇章]/g, "$1")
      .replace(/(\d+)\s*节/g, "$1")
      .replace(
        BOOK_AFTER_HAN,
        (name: string, _: string, at: number, all: string) =>
          at > 0 && HAN.test(all[at - 1]!) ? ` ${name}` : name,
      )
  );
}

interface Found {
  osis: string;
  text: string;
  from: number;
  to: number;
}

function entities(parser: bcv_parser, text: string): Found[] {
  parser.parse(text);
  return parser.osis_and_indices().map((entity) => ({
    osis: entity.osis,
    text: text.slice(entity.indices[0], entity.indices[1]),
    from: entity.indices[0],
    to: entity.indices[1],
  }));
}

/**
 * What both parsers found, without a find that lies inside a longer one of the other
 * (the Chinese parser reads `John 4:8` inside `1 John 4:8`).
 */
function bothParsers(text: string): Found[] {
  // Each parser costs about 1.3 ms on a window in the other's script (its book-name
  // patterns all run and miss), against 0.1–0.4 ms in its own: a parser only reads text
  // that holds its script.
  const all = [
    ...(HAN.test(text) ? entities(parserOf("zh"), text) : []),
    ...(LATIN.test(text) ? entities(parserOf("en"), text) : []),
  ];
  return all.filter(
    (found) =>
      !all.some(
        (other) =>
          other !== found &&
          other.from <= found.from &&
          other.to >= found.to &&
          other.to - other.from > found.to - found.from,
      ),
  );
}

function unique(ranges: VerseRange[]): VerseRange[] {
  const seen = new Set<string>();
  return ranges.filter((range) => {
    const key = `${range.start}-${range.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The ranges one reference names (a sermon's `passage`, a `ref` query): `约翰福音3:16`,
 * `約3:16`, `罗马书8章28节`, `John 3:16; Rom 8:28`. Empty when it names none.
 */
export function parseReference(reference: string): VerseRange[] {
  // Every reference holds a number; the parser costs milliseconds even on empty text.
  if (!/[0-9０-９〇零一二两三四五六七八九十百]/u.test(reference)) return [];
  let ranges = parsedReferences.get(reference);
  if (!ranges) {
    ranges = unique(
      bothParsers(normalizeReference(reference)).flatMap((found) =>
        rangesOfOsisList(found.osis),
      ),
    );
    parsedReferences.set(reference, ranges);
  }
  return [...ranges];
}

/**
 * The ranges a text names when the whole text is references and nothing else
 * (`John 3:16`, `约翰福音3:16`, `Rom 8; 1 Cor 13`), else none: what a search box reads
 * as a passage search, where `how to pray John 3:16` stays a keyword search.
 */
export function wholeReference(text: string): VerseRange[] {
  if (!/[0-9０-９〇零一二两三四五六七八九十百]/u.test(text)) return [];
  const normalized = normalizeReference(text.trim());
  const found = bothParsers(normalized);
  if (found.length === 0) return [];
  let rest = "";
  let at = 0;
  for (const one of [...found].sort((a, b) => a.from - b.from)) {
    rest += normalized.slice(at, Math.max(at, one.from));
    at = Math.max(at, one.to);
  }
  rest += normalized.slice(at);
  if (/[\p{L}\p{N}]/u.test(rest)) return [];
  return unique(found.flatMap((one) => rangesOfOsisList(one.osis)));
}

/**
 * Parsed references, kept: parsing costs about 1.4 ms a reference, and the same few are
 * asked again and again (a list's passage filter is checked, then applied; a page of
 * sermons asks for the ranges of the passages it shows).
 */
const parsedReferences = new LRUCache<string, VerseRange[]>({ max: 2000 });

/** A found reference looks deliberate: it has a chapter-verse mark or a long book name. */
function deliberate(found: Found): boolean {
  if (/[:：章篇节]/.test(found.text)) return true;
  const book = found.text.replace(/[\d\s.:,;\-–]+$/u, "");
  return /^[\p{Script=Han}]{2,}/u.test(book) || /[a-z]{3,}/i.test(book);
}

/**
 * The references in running text (a question, an answer, an article). Stricter than
 * parseReference: `大约3个人` holds the abbreviation 约 (John) and a number, but is no
 * reference; a found one needs `:`, 章/篇/节, or a book name of two characters or more.
 */
export function passageRangesIn(texts: readonly string[]): VerseRange[] {
  const ranges: VerseRange[] = [];
  for (const raw of texts) {
    // Normalised first, so every chapter is in digits (三章 → 3) and a window is only
    // cut around digits: Chinese numerals in words such as 一切 or 第一 open none.
    for (const window of referenceWindows(normalizeReference(raw)))
      ranges.push(...windowRanges(window));
  }
  return unique(ranges);
}

/**
 * The deliberate references of one window, kept: a window is a few dozen characters
 * around a number, and the same ones come back (`约翰福音3:16所说`), while the parsers
 * cost ~0.5 ms a call, most of an index build's time on 2 KB sermons (docs/performance.md).
 */
const parsedWindows = new LRUCache<string, VerseRange[]>({ max: 5000 });
function windowRanges(window: string): VerseRange[] {
  let ranges = parsedWindows.get(window);
  if (!ranges) {
    ranges = bothParsers(window)
      .filter(deliberate)
      .flatMap((found) => rangesOfOsisList(found.osis));
    parsedWindows.set(window, ranges);
  }
  return ranges;
}

/** Characters kept before a number: the longest book names fit (1 Thessalonians). */
const WINDOW_LEAD = 20;
/** Characters kept after a number at most: verses, ranges and suffixes (`3:16-18ff`). */
const WINDOW_TAIL = 16;
const NUMBER = /\d+/g;
/** Punctuation no book name holds: a window's lead starts after the last of them. */
const LEAD_BREAK = /[,，、。！？；;!?()（）:：]/gu;
/**
 * Where a reference's tail ends at the latest: a sentence's end, or Chinese text (once
 * normalised, a Chinese reference ends with its digits: 三章十六节 is 3:16).
 */
const TAIL_END = /[。！？；!?]|\p{Script=Han}/u;

/**
 * The stretches of a normalised text that may hold a reference: around its digits (a
 * reference always has one), so the parsers, whose book-name patterns cost about 20 ms on
 * 2 KB of text and grow with the length they read, read a few dozen characters instead
 * of the whole text. Overlapping stretches are merged.
 */
export function referenceWindows(text: string): string[] {
  if (!text) return [];
  const spans: [number, number][] = [];
  for (const match of text.matchAll(NUMBER)) {
    const at = match.index;
    const leadStart = Math.max(0, at - WINDOW_LEAD);
    let from = leadStart;
    for (const found of text.slice(leadStart, at).matchAll(LEAD_BREAK))
      from = leadStart + found.index + 1;
    const after = at + match[0].length;
    const tail = text.slice(after, after + WINDOW_TAIL);
    const end = tail.search(TAIL_END);
    const to = after + (end >= 0 ? end : tail.length);
    const last = spans.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else spans.push([from, to]);
  }
  return spans.map(([from, to]) => text.slice(from, to));
}

/**
 * Parsers that keep what names no verse (`约翰福音 99:99`, `John 3:40`, `诗篇 151`), where
 * the search parsers drop it: a saved passage that does not exist is refused (issue 25).
 */
let strictParsers: Parsers | undefined;
function strictParserOf(language: "zh" | "en"): bcv_parser {
  strictParsers ??= buildParsers({
    invalid_passage_strategy: "include",
    invalid_sequence_strategy: "include",
  });
  return strictParsers[language];
}

interface Validity {
  valid?: { valid?: boolean; messages?: object };
  entities?: Validity[];
}
const pastTheEnd = (entity: Validity): boolean =>
  entity.valid?.valid === false ||
  Object.keys(entity.valid?.messages ?? {}).some((key) =>
    key.endsWith("_not_exist"),
  ) ||
  (entity.entities ?? []).some(pastTheEnd);

/**
 * Whether a reference names a chapter or verse its book does not have (`约翰福音 99:99`,
 * `John 3:16-99`). Text that names no reference at all is not judged here.
 */
export function namesMissingVerse(reference: string): boolean {
  if (!/[0-9０-９〇零一二两三四五六七八九十百]/u.test(reference)) return false;
  const text = normalizeReference(reference);
  const languages = [
    ...(HAN.test(text) ? (["zh"] as const) : []),
    ...(LATIN.test(text) ? (["en"] as const) : []),
  ];
  return languages.some((language) => {
    const parser = strictParserOf(language);
    parser.parse(text);
    return (parser.parsed_entities() as unknown as Validity[]).some(pastTheEnd);
  });
}
