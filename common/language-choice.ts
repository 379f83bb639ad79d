import type { Language } from "./codes";
import { LANGUAGE_STORAGE_KEY } from "./constants";

/**
 * Remembers a visitor's language for both apps: a cookie the server reads when it renders
 * a public page (server/public-site/page-data.ts pageLanguage), and localStorage, which
 * the admin reads. A choice made in the back office therefore holds on the public pages,
 * and the other way round. Browser-only.
 */
export function saveLanguageChoice(language: Language): void {
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this page only
  }
}
