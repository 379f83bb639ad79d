/**
 * Sort keys: a column written next to a sortable field, holding the text it sorts by.
 * Chinese names sort by pinyin as a Chinese reader expects (查经 chá jīng before 祷告 dǎo
 * gào before 团契 tuán qì), not by character code, and the same way on both stores: the
 * key is plain ASCII compared byte by byte (SQLite's BINARY, PostgreSQL's "C" collation),
 * computed once at write time so a list still walks an index (docs/decisions.md).
 */

/** How one sortable field's key column is filled. */
export interface SortKey {
  /** The key column (Kysely's camelCase name). */
  column: string;
  compute(text: string): Promise<string>;
}

/** Key columns are varchar(512): 64 characters of the longest syllable and tone, spaced. */
export const SORT_KEY_MAX_LENGTH = 512;

// pinyin-pro carries a dictionary of about 1 MB. It is loaded on the first write that
// needs it, not at start: V8 keeps every loaded script's source (docs/performance.md).
let pinyinModule: Promise<typeof import("pinyin-pro")> | undefined;
const loadPinyin = () => (pinyinModule ??= import("pinyin-pro"));

/**
 * The pinyin sort key of a text: each Chinese character as its syllable and tone number
 * (ü written v, as dictionaries order it after u), other runs lower-cased, all joined
 * by spaces. Syllables compare first by letters, then by tone, like a dictionary: 查经
 * → "cha2 jing1", "A组" → "a zu3". Homophones compare equal; the list's id tie-breaker
 * orders them.
 */
export async function pinyinSortKey(text: string): Promise<string> {
  const { pinyin } = await loadPinyin();
  const syllables = pinyin(text.trim(), {
    toneType: "num",
    type: "array",
    v: true,
    nonZh: "consecutive",
  });
  return syllables
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== "")
    .join(" ")
    .slice(0, SORT_KEY_MAX_LENGTH);
}

/** Declares that a sortable field sorts by the pinyin key kept in `column`. */
export function pinyinKey(column: string): SortKey {
  return { column, compute: pinyinSortKey };
}

/** The column a list orders by for a sortable field: its key column when it has one. */
export function sortColumn(
  sortKeys: Record<string, SortKey> | undefined,
  field: string,
): string {
  return sortKeys?.[field]?.column ?? field;
}

/**
 * Adds the key columns of the fields present in `values` (insert and update values).
 * A field set to null gets the empty key, which sorts first.
 */
export async function withSortKeys(
  sortKeys: Record<string, SortKey> | undefined,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (!sortKeys) return values;
  const keyed = { ...values };
  for (const [field, key] of Object.entries(sortKeys)) {
    const value = values[field];
    if (value === undefined) continue;
    keyed[key.column] = value === null ? "" : await key.compute(String(value));
  }
  return keyed;
}
