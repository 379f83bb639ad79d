/**
 * Translation for code that runs outside React (the /tjc client). The i18n provider
 * registers itself here when it is created; until then keys fall back to their default.
 */
type Translate = (key: string, options?: Record<string, unknown>) => string;

let translator: Translate | null = null;

export function registerTranslator(translate: Translate): void {
  translator = translate;
}

export function translateOutsideReact(
  key: string,
  options: Record<string, unknown> = {},
): string {
  if (translator) return translator(key, options);
  return typeof options._ === "string" ? options._ : key;
}
