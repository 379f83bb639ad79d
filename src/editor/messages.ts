/** The editor's own UI strings (merged into the admin's i18n catalogue). */
export const editorMessages: Record<"zh-CN" | "en-US", Record<string, unknown>> = {
  "zh-CN": {},
  "en-US": {},
};
