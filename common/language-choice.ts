import type { Language } from "./codes";
import { LANGUAGE_STORAGE_KEY } from "./constants";

/**
 * Remembers a visitor's language for both apps: a cookie the server reads when it renders
 * a public page (server/public-site/page-data.ts pageLanguage), and localStorage, which
 * the admin reads. A choice made in the back office therefore holds on the public pages,
 * and the other way round. Browser-only (languageCookie, below, is not).
 */
export function saveLanguageChoice(language: Language): void {
  document.cookie = languageCookie(language);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/**
 * The cookie that keeps a visitor's language for a year, as the page writes it and as the
 * server sends it (the language switch and the member's account form). Not
 * HttpOnly: the page must be able to write it again.
 */
export function languageCookie(language: Language): string {
  return `${LANGUAGE_STORAGE_KEY}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
