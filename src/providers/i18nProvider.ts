import polyglotI18nProvider from "ra-i18n-polyglot";
import type { I18nProvider, TranslationMessages } from "ra-core";
import type { Language } from "../../common/codes";
import { catalogue } from "../i18n/messages";
import { onMessagesRegistered, registeredMessages } from "../i18n/catalog";
import { deepMerge } from "../i18n/deepMerge";
import {
  getCurrentLanguage,
  isSupportedLanguage,
  saveLanguage,
  setCurrentLanguage,
} from "../i18n/language";
import { registerTranslator } from "../i18n/runtime";

export const LOCALES = [
  { locale: "zh-CN", name: "简体中文" },
  { locale: "en-US", name: "English" },
];

/** The shell's catalogue with every feature's messages registered so far. */
function messagesFor(locale: string): TranslationMessages {
  const language: Language = isSupportedLanguage(locale) ? locale : "zh-CN";
  return deepMerge(
    catalogue[language] as Record<string, unknown>,
    registeredMessages(language),
  ) as TranslationMessages;
}

/**
 * ra-i18n-polyglot over the shell's catalogue plus the features' messages, which arrive
 * with their screens: a registration marks the translator stale and the next translation
 * rebuilds it (synchronously), before the screen that brought them renders, so no render
 * sees a missing key and no re-render is needed. Registrations in a row (each resource
 * manifest registers its record's name as the shell loads) cost one rebuild, not one
 * each. The first language is the saved one (localStorage `aid-language`), else the
 * browser's if supported, else the ministry's default (/tjc-config.js), else zh-CN; a
 * switch at run time is saved there too, and every request's Accept-Language follows it.
 */
export function createI18nProvider(): I18nProvider {
  const initial = getCurrentLanguage();
  setCurrentLanguage(initial);
  let language: Language = initial;
  let polyglot = polyglotI18nProvider(messagesFor, language, LOCALES);
  let stale = false;
  onMessagesRegistered(() => {
    stale = true;
  });
  const current = () => {
    if (stale) {
      stale = false;
      polyglot = polyglotI18nProvider(messagesFor, language, LOCALES);
    }
    return polyglot;
  };
  const provider: I18nProvider = {
    translate: (key, options) => current().translate(key, options),
    changeLocale: async (locale) => {
      const next = isSupportedLanguage(locale) ? locale : "zh-CN";
      language = next;
      stale = false;
      polyglot = polyglotI18nProvider(messagesFor, next, LOCALES);
      setCurrentLanguage(next);
      saveLanguage(next);
    },
    getLocale: () => polyglot.getLocale(),
    getLocales: () => LOCALES,
  };
  registerTranslator((key, options) => provider.translate(key, options));
  return provider;
}

export const i18nProvider = createI18nProvider();
