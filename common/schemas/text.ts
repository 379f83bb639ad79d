import { z } from "zod";

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069).
 * In a name or title they reorder what readers see ("Trojan Source"): a tag that shows
 * as one word and sorts or matches as another. Nobody types them on purpose.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** The issue message for them: a key the server words and the admin translates. */
export const BIDI_CONTROL_ISSUE = "app.validation.bidiControl";

/** A one-line name or title: trimmed, 1 to `max` characters, no bidi controls. */
export function nameText(max: number) {
  return z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((text) => !BIDI_CONTROLS.test(text), {
      message: BIDI_CONTROL_ISSUE,
    });
}

/** The same for an optional one: may be empty. */
export function optionalNameText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .refine((text) => !BIDI_CONTROLS.test(text), {
      message: BIDI_CONTROL_ISSUE,
    });
}

/** Optional free text: trimmed; empty or null clears it (null), absent leaves it alone. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) =>
      value ? value : value === undefined ? undefined : null,
    );
}

/**
 * A field whose empty value is no value: empty, null and absent all become null (so an
 * update that leaves it out clears it, as a form that sends every field means).
 */
export function emptyAsNull<T extends z.ZodType<string, string>>(schema: T) {
  return schema.nullish().transform((value) => (value ? value : null));
}

/** Free text, trimmed, at most `max` long; empty, null and absent all become null. */
export function nullableText(max: number) {
  return emptyAsNull(z.string().trim().max(max));
}
