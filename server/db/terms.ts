import { stemmer } from "stemmer";
import { foldString } from "./fold.js";
import { asciiWordSpans } from "./word-spans.js";

/**
 * Splitting text into index terms (issue 16, docs/search.md). The same function splits
 * a document at write time and a query at read time, so both meet on the same terms:
 * - Chinese is cut into words by Intl.Segmenter (ICU's dictionary, built into Node), and
 *   every Chinese character of a longer word is a term too, so a one-character query
 *   still finds it. jieba was about 3× faster, but its native package publishes one
 *   binary per platform as optional dependencies, and a lock file that cannot list them
 *   all (a registry without them) makes `npm ci` refuse to install (docs/search.md);
 * - other letters are lower-cased (NFKC first, so full-width letters meet ASCII ones) and
 *   English words are stemmed with the Porter stemmer (`graces` and `grace` meet);
 * - numbers are terms as they are; punctuation and spaces are not terms;
 * - text is folded first (fold.ts: traditional to simplified, NFKC, lower case), at write
 *   and read time alike, so `禱告` finds `祷告` and `祷告` finds `禱告`.
 */

/** Terms longer than this are cut: the column is varchar(64). */
export const MAX_TERM_LENGTH = 64;
/** Words of a query beyond this are ignored, as the substring search does. */
export const MAX_QUERY_TERMS = 8;

const HAN = /\p{Script=Han}/u;
const WORDLIKE = /[\p{L}\p{N}]/u;
const LATIN_WORD = /^[a-z]+$/;

let segmenter: Intl.Segmenter | undefined;

/**
 * Makes the word segmenter once, on the first write or search. Async so callers keep
 * one shape should a segmenter that loads a dictionary come back.
 */
export async function loadSegmenter(): Promise<void> {
  segmenter ??= new Intl.Segmenter("zh-CN", { granularity: "word" });
}

function cut(text: string): string[] {
  return Array.from(segments(text), (part) => part.segment);
}

/** Characters ICU segments at a time (segments()). */
const PIECE = 1_000;
/** Where a word always ends: a space, a line end, Chinese punctuation (not `.` or `,`: ICU keeps `e.g` and `1,000` whole). */
const BREAK = /[\s。！？；，、]/u;

/**
 * ICU's words of `text` with their offsets, segmented a piece at a time. Node's
 * Intl.Segmenter takes time quadratic in the text's length when its words are iterated:
 * 240,000 characters (a sermon body may hold 500,000) took 22.7 s against 24 ms for
 * 12,000. Each piece ends just after a space or a punctuation mark, where a word ends
 * anyway, so the words are ICU's own; a piece without one is cut at its length (a
 * thousand characters with no space or punctuation: a word may be cut there).
 */
function* segments(
  text: string,
): Generator<{ segment: string; index: number }> {
  if (!segmenter) throw new Error("loadSegmenter() first");
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + PIECE, text.length);
    if (end < text.length) {
      let at = end;
      while (at > start + PIECE / 2 && !BREAK.test(text[at - 1]!)) at--;
      if (at > start + PIECE / 2) end = at;
      // Never between the two halves of a surrogate pair.
      else if (/[\uD800-\uDBFF]/.test(text[end - 1]!)) end--;
    }
    for (const part of segmenter.segment(text.slice(start, end)))
      yield { segment: part.segment, index: start + part.index };
    start = end;
  }
}

/** One word as an index term, or undefined for punctuation and spaces. */
export function normalizeWord(word: string): string | undefined {
  if (!WORDLIKE.test(word)) return undefined;
  const lower = word.normalize("NFKC").toLowerCase().trim();
  if (lower === "") return undefined;
  const term = LATIN_WORD.test(lower) ? stemmer(lower) : lower;
  return [...term].slice(0, MAX_TERM_LENGTH).join("");
}

/** Chinese words up to this length are indexed under every part of two characters or more. */
const MAX_SPLIT_WORD = 6;
/** Numbers up to this length are indexed under each of their prefixes. */
const MAX_PREFIXED_NUMBER = 6;

/**
 * The terms one word of a document adds: the word, and what a reader may search for
 * inside it. A Chinese word adds its characters and its inner words (福音书 holds 福音, so
 * `福音` finds it, as the substring search did); a number adds its prefixes (`2` finds
 * `21`). An English word is only its stem.
 */
function termParts(term: string): string[] {
  const parts = [term];
  if (HAN.test(term)) {
    const chars = [...term];
    for (const char of new Set(chars))
      if (char !== term && HAN.test(char)) parts.push(char);
    if (chars.length > 2 && chars.length <= MAX_SPLIT_WORD) {
      for (let length = 2; length < chars.length; length++)
        for (let at = 0; at + length <= chars.length; at++)
          parts.push(chars.slice(at, at + length).join(""));
    }
  } else if (/^\d+$/.test(term) && term.length <= MAX_PREFIXED_NUMBER) {
    for (let length = 1; length < term.length; length++)
      parts.push(term.slice(0, length));
  }
  return parts;
}

/**
 * The terms each word adds, remembered: words repeat (a language's vocabulary follows
 * Zipf's law), so most words of a document were seen before, and normalising and
 * splitting them again was over half of the time of indexing a Chinese text. Cleared
 * when full, so memory stays bounded (about 2 MB).
 */
const wordParts = new Map<string, readonly string[]>();
const WORD_PARTS_LIMIT = 20_000;

function partsOf(word: string): readonly string[] {
  let parts = wordParts.get(word);
  if (parts === undefined) {
    const term = normalizeWord(word);
    parts = term === undefined ? [] : termParts(term);
    if (wordParts.size >= WORD_PARTS_LIMIT) wordParts.clear();
    wordParts.set(word, parts);
  }
  return parts;
}

/** A document's terms with how often each occurs (the relevance order weighs them). */
export function documentTerms(texts: readonly string[]): Map<string, number> {
  if (!segmenter) throw new Error("loadSegmenter() first");
  const terms = new Map<string, number>();
  for (const text of texts) {
    if (!text) continue;
    for (const { segment } of segments(foldString(text)))
      for (const part of partsOf(segment))
        terms.set(part, (terms.get(part) ?? 0) + 1);
  }
  return terms;
}

/**
 * Queries' terms, remembered: admins ask the same few keywords again and again, and
 * every keyword list cut its query with ICU on each request. Cleared when full.
 */
const queriesTerms = new Map<string, readonly string[]>();
const QUERIES_LIMIT = 1_000;

/** A query's terms, in the order written, without repeats. */
export function queryTerms(query: string): string[] {
  let terms = queriesTerms.get(query);
  if (terms === undefined) {
    const found: string[] = [];
    for (const word of cut(foldString(query))) {
      const term = normalizeWord(word);
      if (term !== undefined && !found.includes(term)) found.push(term);
    }
    terms = found.slice(0, MAX_QUERY_TERMS);
    if (queriesTerms.size >= QUERIES_LIMIT) queriesTerms.clear();
    queriesTerms.set(query, terms);
  }
  return [...terms];
}

/**
 * The last query's terms: a list highlights every row's fields with the same query, and
 * cutting it again for each was a tenth of a keyword list's time. Read only.
 */
let lastQuery: string | undefined;
let lastTerms: readonly string[] = [];
function highlightTerms(query: string): readonly string[] {
  if (query !== lastQuery) {
    lastTerms = queryTerms(query);
    lastQuery = query;
  }
  return lastTerms;
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/**
 * Sanitised HTML as text: block ends and line breaks become spaces, tags go, entities are
 * decoded. The stored HTML went through sanitizeStoredHtml, so no script or comment
 * survives to be read as text.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<\/(p|div|li|h[1-6]|blockquote|pre|td|th|tr)>|<br\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === "#") {
        const code =
          name[1] === "x" || name[1] === "X"
            ? parseInt(name.slice(2), 16)
            : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000
          ? String.fromCodePoint(code)
          : " ";
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Where the words of a folded text may hold a non-Chinese term: found without ICU when the
 * text is ASCII, Han and common punctuation (word-spans.ts, the same words), else every
 * word ICU cuts.
 */
function wordSpans(folded: string): [number, number][] {
  const fast = asciiWordSpans(folded);
  if (fast) return fast;
  return Array.from(segments(folded), ({ segment, index }) => [
    index,
    index + segment.length,
  ]);
}

/**
 * normalizeWord for highlight(), remembered: a list highlights the same few words (`grace`,
 * `of`, `the`) in every row, and stemming them again was most of a row's highlight.
 */
const latinTerms = new Map<string, string | undefined>();
const LATIN_TERMS_LIMIT = 5_000;
function latinTerm(word: string): string | undefined {
  if (latinTerms.has(word)) return latinTerms.get(word);
  const term = normalizeWord(word);
  if (latinTerms.size >= LATIN_TERMS_LIMIT) latinTerms.clear();
  latinTerms.set(word, term);
  return term;
}

/** A stretch of a snippet; `hit` marks a matched word. */
export interface HighlightPart {
  text: string;
  hit?: true;
}

/** Characters of context kept around the first match of a long text. */
const SNIPPET_LENGTH = 120;
const SNIPPET_LEAD = 30;

/**
 * The text with the query's words marked, cut to a snippet around the first match when
 * long. Chinese query words are marked wherever they occur; other words where a word of
 * the text has the same term (so `graces` is marked for `grace`). Undefined when nothing
 * in the text matches.
 */
export function highlight(
  text: string,
  query: string,
): HighlightPart[] | undefined {
  const terms = highlightTerms(query);
  if (terms.length === 0 || !text) return undefined;
  // Matched in the folded text, which has the original's length: its positions are the
  // original's, so the parts below keep the text as written (traditional stays traditional).
  const folded = foldString(text);
  const ranges: [number, number][] = [];
  for (const term of terms) {
    if (!HAN.test(term)) continue;
    for (
      let at = folded.indexOf(term);
      at >= 0;
      at = folded.indexOf(term, at + 1)
    )
      ranges.push([at, at + term.length]);
  }
  const latin = terms.filter((term) => !HAN.test(term));
  if (latin.length > 0)
    for (const [start, end] of wordSpans(folded)) {
      const term = latinTerm(folded.slice(start, end));
      if (term !== undefined && latin.includes(term)) ranges.push([start, end]);
    }
  if (ranges.length === 0) return undefined;
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let from = 0;
  let to = text.length;
  if (text.length > SNIPPET_LENGTH) {
    from = Math.max(0, ranges[0]![0] - SNIPPET_LEAD);
    to = Math.min(text.length, from + SNIPPET_LENGTH);
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
