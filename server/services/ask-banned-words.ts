import AhoCorasick from "modern-ahocorasick";
import { foldText } from "../db/fold.js";
import type { BannedWord } from "../../common/schemas/ask-moderation.js";

/**
 * The banned-words matcher (issue 15). Text and words are folded character by character
 * (server/db/fold.ts: NFKC, lower case, traditional to simplified), so one fold keeps
 * every position: the n-th character of the folded text is the n-th of the original. One
 * Aho–Corasick pass over the folded text finds every word at once.
 */
export { foldText };

export interface BannedWordHit {
  word: string;
  action: BannedWord["action"];
  /** The first character's index in the text, counted in characters (code points). */
  position: number;
}

export class BannedWordMatcher {
  private readonly matcher: AhoCorasick<BannedWord> | null;

  constructor(words: BannedWord[]) {
    const entries = words
      .map((entry) => ({ pattern: foldText(entry.word).join(""), data: entry }))
      .filter((entry) => entry.pattern.length > 0);
    this.matcher = entries.length > 0 ? new AhoCorasick(entries) : null;
  }

  /** Every word found, leftmost first; a block word before a review word at one place. */
  find(text: string): BannedWordHit[] {
    if (!this.matcher || text === "") return [];
    const chars = foldText(text);
    const joined = chars.join("");
    // UTF-16 offset in the folded text → character index (same in the original).
    const unitToChar = new Int32Array(joined.length + 1);
    let unit = 0;
    chars.forEach((char, index) => {
      for (let i = 0; i < char.length; i += 1) unitToChar[unit + i] = index;
      unit += char.length;
    });
    const hits = this.matcher.search(joined).map((match) => ({
      word: match.data!.word,
      action: match.data!.action,
      position: unitToChar[match.start]!,
    }));
    return hits.sort(
      (a, b) =>
        a.position - b.position ||
        Number(a.action === "review") - Number(b.action === "review"),
    );
  }
}

/** One matcher per word list: rebuilt only when the list changes. */
let cached: { key: string; matcher: BannedWordMatcher } | undefined;
export function matcherFor(words: BannedWord[]): BannedWordMatcher {
  const key = JSON.stringify(words);
  if (cached?.key !== key)
    cached = { key, matcher: new BannedWordMatcher(words) };
  return cached.matcher;
}
