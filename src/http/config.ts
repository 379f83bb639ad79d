/**
 * Base addresses of the named /tjc clients (spec section 7). Each one defaults to the
 * page's own origin plus /tjc; the server's /tjc-config.js may set
 * `window.__TJC_CONFIG__ = { systemBase, mainBase, staticBase }` to override any of them.
 * It also carries the ministry's default interface language (src/i18n/language.ts).
 */
export type ServiceName = "system" | "main" | "static";

export interface TjcConfig {
  systemBase?: string;
  mainBase?: string;
  staticBase?: string;
  /** The ministry configuration's default language, the last fallback of the first language. */
  defaultLanguage?: string;
}

declare global {
  interface Window {
    __TJC_CONFIG__?: TjcConfig;
  }
}

export const DEFAULT_API_PREFIX = "/tjc";

export function resolveBase(service: ServiceName): string {
  const configured = window.__TJC_CONFIG__?.[`${service}Base`];
  if (typeof configured === "string" && configured.trim() !== "") {
    return configured.trim().replace(/\/+$/, "");
  }
  return `${window.location.origin}${DEFAULT_API_PREFIX}`;
}
