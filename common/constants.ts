/** The spec's numbers (spec.md section 9), each defined once under its own name. */

/** The `user` cookie lives one day. */
export const USER_COOKIE_DAYS = 1;
/** The session-expired notice (20107 and the route guard) stays 1.5 s. */
export const SESSION_EXPIRED_NOTICE_MS = 1500;
/** Every other error notice stays 3 s. */
export const ERROR_NOTICE_MS = 3000;
/** A lazily loaded script chunk counts as failed after this long. */
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
/** The back-to-top button sits this many pixels from the bottom. */
export const BACK_TO_TOP_OFFSET_PX = 80;
/** Default length of a random string. */
export const RANDOM_STRING_LENGTH = 32;
/** Editor: syntax highlighting runs at most once per interval. */
export const EDITOR_HIGHLIGHT_INTERVAL_MS = 1000;
/** Editor: pasted content is processed after this delay. */
export const EDITOR_PASTE_DELAY_MS = 1;
/** Editor: a normalising loop gives up after this many iterations. */
export const EDITOR_MAX_NORMALISE_ITERATIONS = 100;

/** Browser storage keys fixed by the spec. */
export const TOKEN_STORAGE_KEY = "token";
export const USER_COOKIE_NAME = "user";
export const LANGUAGE_STORAGE_KEY = "aid-language";
/**
 * A session made by the public site's no-JavaScript login or sign-up form: the page's
 * script moves it into TOKEN_STORAGE_KEY and clears it (server/public-site/account-form.ts).
 */
export const SESSION_HANDOFF_COOKIE = "tjc-handoff";
export const SESSION_HANDOFF_SECONDS = 10 * 60;

/** Server-side session timings (issue: server foundation). */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const SESSION_RENEW_AFTER_MS = 10 * 60 * 1000;
export const SESSION_OLD_TOKEN_GRACE_MS = 60 * 1000;

/** Failed logins: this many for one login name within the window locks that name out. */
export const LOGIN_MAX_FAILURES = 5;
/**
 * Failed logins from one address, whatever the names, that lock the address out. Many
 * people share an address (a church office), and each name stops counting at its own
 * limit, so only failures across ten or more names reach it: password spraying, not a
 * colleague's typos (docs/decisions.md).
 */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 50;
export const LOGIN_FAILURE_WINDOW_MS = 10 * 60 * 1000;

/** Lists answer at most this many rows a page. */
export const MAX_PAGE_SIZE = 100;
