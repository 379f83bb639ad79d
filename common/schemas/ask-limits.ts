/**
 * The Q&A community's limits (issue 14), defined once for the server and the public site;
 * no zod here, so the public site's forms import them without it.
 */
export const ASK_TITLE_MIN = 5;
export const ASK_TITLE_MAX = 150;
export const ASK_BODY_MAX = 30_000;
export const ASK_TAGS_MIN = 1;
export const ASK_TAGS_MAX = 5;
/** The author may edit a question or answer for this long after posting. */
export const ASK_EDIT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A member may file at most this many reports a day (docs/decisions.md). */
export const ASK_REPORTS_PER_DAY = 20;
export const ASK_REPORT_TEXT_MAX = 1000;
