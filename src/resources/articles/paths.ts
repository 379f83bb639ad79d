/** The full-page article editor: `?id=` edits, no id creates. */
export const ARTICLE_EDIT_PATH = "/admin/articleEdit";

export function articleEditHref(id: number): string {
  return `${ARTICLE_EDIT_PATH}?id=${id}`;
}

/** Where this browser keeps the unsaved draft of one article (or of a new one). */
export function draftKey(
  userId: number | undefined,
  id: number | null,
): string {
  return `lampstand.articleDraft.${userId ?? 0}.${id ?? "new"}`;
}
