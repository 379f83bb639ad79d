import type { Language } from "../../common/codes";
import { deepMerge } from "./deepMerge";

export type MessageTree = Record<string, unknown>;
export type LanguageMessages = Record<Language, MessageTree>;

/**
 * The messages lazily loaded screens bring with them (a feature's or a resource's), on
 * top of the shell's catalogue. A screen's chunk registers its messages before its
 * component first renders (see lazyChunk), so its first render finds every key; the
 * i18n provider rebuilds its translator when this changes.
 */
const registered = new Set<LanguageMessages>();
let merged: LanguageMessages = { "zh-CN": {}, "en-US": {} };
const listeners = new Set<() => void>();

export function registerMessages(fragment: LanguageMessages): void {
  if (registered.has(fragment)) return;
  registered.add(fragment);
  merged = {
    "zh-CN": deepMerge(merged["zh-CN"], fragment["zh-CN"]),
    "en-US": deepMerge(merged["en-US"], fragment["en-US"]),
  };
  for (const listener of listeners) listener();
}

/** Every registered fragment of one language, merged. */
export function registeredMessages(language: Language): MessageTree {
  return merged[language];
}

export function onMessagesRegistered(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
