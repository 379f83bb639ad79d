import type { Editor } from "@tiptap/core";
import { EMPTY_EDITOR_VALUE } from "../../common/editor-rules";
import {
  EditorNormaliseError,
  sanitizeEditorHtml,
  textToHtml,
} from "./sanitize-dom";

/** The value a form stores: "" for an empty document, never "<p></p>". */
export function editorValue(editor: Editor): string {
  return editor.isEmpty ? EMPTY_EDITOR_VALUE : editor.getHTML();
}

/**
 * HTML loaded into the editor passes the same allowlist as pasted and stored HTML. When it
 * does not settle, `onError` is told and the text is shown without its markup.
 */
export function htmlForEditor(
  value: unknown,
  onError?: (error: EditorNormaliseError) => void,
): string {
  if (typeof value !== "string" || value === "") return EMPTY_EDITOR_VALUE;
  try {
    return sanitizeEditorHtml(value);
  } catch (error) {
    if (!(error instanceof EditorNormaliseError)) throw error;
    onError?.(error);
    return textToHtml(
      new DOMParser().parseFromString(value, "text/html").body.textContent ??
        "",
    );
  }
}
