import { createContext, useContext } from "react";
import { Code, type Language } from "../common/codes";
import { ApiFailure, type SiteUser } from "./api";
import { translate } from "./i18n";

export interface SiteContextValue {
  language: Language;
  t: (key: string, args?: Record<string, string | number>) => string;
  /** Known only after hydration: the server renders every page logged out. */
  user: SiteUser | null;
  setUser: (user: SiteUser | null) => void;
}

export const SiteContext = createContext<SiteContextValue>({
  language: "zh-CN",
  t: (key, args) => translate("zh-CN", key, args),
  user: null,
  setUser: () => {},
});

export const useSite = () => useContext(SiteContext);

// Building a DateTimeFormat costs far more than using one: one per language, kept.
const dateFormats = new Map<Language, Intl.DateTimeFormat>();

/** A time as the reader's locale writes it, in UTC on the server and the first paint. */
export function formatTime(iso: string, language: Language): string {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      dateStyle: "medium",
      timeZone: "UTC",
    });
    dateFormats.set(language, format);
  }
  return format.format(new Date(iso));
}

/** What to tell a person when a call fails: the mute's end, or the server's message. */
export function failureText(
  error: unknown,
  t: SiteContextValue["t"],
  language: Language,
): string {
  if (error instanceof ApiFailure) {
    if (error.code === Code.MUTED) {
      const until = (error.data as { until?: string | null } | null)?.until;
      if (!until) return t("error.muted_permanent");
      return t("error.muted", {
        until: until
          ? new Intl.DateTimeFormat(language, {
              dateStyle: "medium",
              timeStyle: "short",
            }).format(new Date(until))
          : "",
      });
    }
    const errors = (error.data as { errors?: Record<string, string> } | null)
      ?.errors;
    const first = errors ? Object.values(errors)[0] : undefined;
    return first ? `${error.message}: ${first}` : error.message;
  }
  return t("error.request");
}
