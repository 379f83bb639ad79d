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
  atFields: readonly string[] = [],
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
    // Errors the form shows at their fields are left out; any other is said here.
    const rest = Object.entries(fieldErrors(error))
      .filter(([field]) => !atFields.some((name) => isFieldOf(field, name)))
      .map(([, text]) => text);
    return [error.message, ...rest].join(" · ");
  }
  return t("error.request");
}

/** `tagIds.0` is the tagIds field's error. */
function isFieldOf(field: string, name: string): boolean {
  return field === name || field.startsWith(`${name}.`);
}

/** A failed call's errors by field (a 40000's or a 40900's `data.errors`). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiFailure)) return {};
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  return errors && typeof errors === "object"
    ? (errors as Record<string, string>)
    : {};
}

/** The error of one field, its own or an element's (every one, joined). */
export function errorAt(
  errors: Record<string, string>,
  name: string,
): string | undefined {
  const texts = Object.entries(errors)
    .filter(([field]) => isFieldOf(field, name))
    .map(([, text]) => text);
  return texts.length > 0 ? [...new Set(texts)].join(" · ") : undefined;
}
