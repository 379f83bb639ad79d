import polyglotI18nProvider from "ra-i18n-polyglot";
import type { I18nProvider } from "ra-core";
import { catalogue } from "../i18n/messages";
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

/**
 * ra-i18n-polyglot over the catalogue. The first language is the saved one
 * (localStorage `aid-language`), else the browser's if supported, else zh-CN; a switch
 * at run time is saved there too, and every request's Accept-Language follows it.
 */
export function createI18nProvider(): I18nProvider {
  const initial = getCurrentLanguage();
  setCurrentLanguage(initial);
  const polyglot = polyglotI18nProvider(
    (locale) => catalogue[isSupportedLanguage(locale) ? locale : "zh-CN"],
    initial,
    LOCALES,
  );
  const provider: I18nProvider = {
    ...polyglot,
    changeLocale: async (locale, options) => {
      const language = isSupportedLanguage(locale) ? locale : "zh-CN";
      await polyglot.changeLocale(language, options);
      setCurrentLanguage(language);
      saveLanguage(language);
    },
  };
  registerTranslator((key, options) => provider.translate(key, options));
  return provider;
}

export const i18nProvider = createI18nProvider();
