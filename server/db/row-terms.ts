import type { SearchSpec } from "./search.js";
import { documentTerms, htmlToText, loadSegmenter } from "./terms.js";
import { passageRangesIn, parseReference } from "../services/passage-parser.js";
import type { VerseRange } from "../../common/passages.js";

/**
 * What a row gives the word index, from its text alone: its terms and the verse ranges
 * it names. Pure CPU, no store, so an index build runs it in worker threads
 * (term-pool.ts) as well as here; both give the same answer.
 */

function camel(column: string): string {
  return column.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());
}

/** The texts a row contributes to the index, from its camelCase row. */
export function indexedTexts(
  spec: SearchSpec,
  row: Record<string, unknown>,
): string[] {
  const texts: string[] = [];
  for (const column of spec.columns) {
    const value = row[camel(column)];
    if (typeof value === "string" && value !== "") texts.push(value);
  }
  for (const column of spec.html ?? []) {
    const value = row[camel(column)];
    if (typeof value === "string" && value !== "")
      texts.push(htmlToText(value));
  }
  return texts;
}

/** The verse ranges a row names: its reference fields, and references in its text. */
export function passageRangesOf(
  spec: SearchSpec,
  row: Record<string, unknown>,
): VerseRange[] {
  const text = (column: string) => {
    const value = row[camel(column)];
    if (typeof value !== "string" || value === "") return "";
    return (spec.html ?? []).includes(column) ? htmlToText(value) : value;
  };
  const ranges = (spec.passages?.reference ?? []).flatMap((column) =>
    parseReference(text(column)),
  );
  ranges.push(...passageRangesIn((spec.passages?.text ?? []).map(text)));
  const seen = new Set<string>();
  return ranges.filter((range) => {
    const key = `${range.start}-${range.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A run of rows' terms, compact enough to pass between threads cheaply: `terms` holds
 * each distinct term once, in the order the rows first use it; a row's `pairs` are
 * (index in `terms`, occurrences) in the order of its own terms, and its `ranges` are
 * (start, end) verse keys.
 */
export interface RowsTerms {
  terms: string[];
  rows: { id: number; pairs: Int32Array; ranges: Int32Array }[];
}

/** The terms and verse ranges of `rows` (camelCase rows with their `id`). */
export async function termsOfRows(
  spec: SearchSpec,
  rows: readonly Record<string, unknown>[],
): Promise<RowsTerms> {
  await loadSegmenter();
  const index = new Map<string, number>();
  const terms: string[] = [];
  const out: RowsTerms["rows"] = [];
  for (const row of rows) {
    const counts = documentTerms(indexedTexts(spec, row));
    const pairs = new Int32Array(counts.size * 2);
    let at = 0;
    for (const [term, tf] of counts) {
      let i = index.get(term);
      if (i === undefined) {
        i = terms.length;
        index.set(term, i);
        terms.push(term);
      }
      pairs[at++] = i;
      pairs[at++] = tf;
    }
    const found = spec.passages ? passageRangesOf(spec, row) : [];
    const ranges = new Int32Array(found.length * 2);
    found.forEach((range, i) => {
      ranges[2 * i] = range.start;
      ranges[2 * i + 1] = range.end;
    });
    out.push({ id: Number(row.id), pairs, ranges });
  }
  return { terms, rows: out };
}
