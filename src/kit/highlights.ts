/**
 * The matched words a list answers next to its rows when filtered by a keyword (issue 16,
 * docs/search.md): `{ [id]: { [field]: parts } }`. Parts are plain text with `hit` marking
 * a matched word, so nothing from the server is ever read as HTML.
 */
export interface HighlightPart {
  text: string;
  hit?: true;
}
export type ListHighlights = Record<string, Record<string, HighlightPart[]>>;

/** What getList returns as `meta` beside the rows. */
export interface ListMeta {
  highlights?: ListHighlights;
}

function isParts(value: unknown): value is HighlightPart[] {
  return (
    Array.isArray(value) &&
    value.every(
      (part) =>
        part !== null &&
        typeof part === "object" &&
        typeof (part as HighlightPart).text === "string",
    )
  );
}

/** One field's parts from a list's meta, or undefined when it has none (or is malformed). */
export function highlightOf(
  meta: unknown,
  id: unknown,
  field: string,
): HighlightPart[] | undefined {
  const highlights = (meta as ListMeta | undefined)?.highlights;
  if (!highlights || typeof highlights !== "object") return undefined;
  const parts = highlights[String(id)]?.[field];
  return isParts(parts) ? parts : undefined;
}
