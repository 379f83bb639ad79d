import {
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  type Language,
} from "../../common/codes";
import { LANGUAGE_STORAGE_KEY } from "../../common/constants";
import { saveLanguageChoice } from "../../common/language-choice";

export function isSupportedLanguage(value: unknown): value is Language {
  return (
    typeof value === "string" &&
    (SUPPORTED_LANGUAGES as readonly string[]).includes(value)
  );
}

/** A browser language tag mapped onto ours: any zh-* reads as zh-CN, any en-* as en-US. */
export function matchLanguageTag(tag: string): Language | null {
  const lower = tag.trim().toLowerCase();
  if (lower === "zh" || lower.startsWith("zh-")) return "zh-CN";
  if (lower === "en" || lower.startsWith("en-")) return "en-US";
  return null;
}

/**
 * The saved language, else the first supported browser language, else the ministry's
 * default language, else zh-CN (spec section 9).
 */
export function resolveInitialLanguage(
  saved: string | null | undefined,
  browserLanguages: readonly string[],
  ministryDefault?: string | null,
): Language {
  if (isSupportedLanguage(saved)) return saved;
  for (const tag of browserLanguages) {
    const match = matchLanguageTag(tag);
    if (match) return match;
  }
  if (isSupportedLanguage(ministryDefault)) return ministryDefault;
  return DEFAULT_LANGUAGE;
}

/**
 * The ministry's default language as the server's /tjc-config.js set it. That classic
 * script runs before the app's modules, so the first render knows it without a request.
 */
export function configuredDefaultLanguage(): string | null {
  if (typeof window === "undefined") return null;
  const value = window.__TJC_CONFIG__?.defaultLanguage;
  return typeof value === "string" ? value : null;
}

export function readSavedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The admin's language choice also holds on the public pages (common/language-choice.ts). */
export const saveLanguage = saveLanguageChoice;

export function browserLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

let currentLanguage: Language = resolveInitialLanguage(
  readSavedLanguage(),
  browserLanguages(),
  configuredDefaultLanguage(),
);

/** The language every request announces in Accept-Language. */
export function getCurrentLanguage(): Language {
  return currentLanguage;
}

export function setCurrentLanguage(language: Language): void {
  currentLanguage = language;
  if (typeof document !== "undefined") document.documentElement.lang = language;
}
