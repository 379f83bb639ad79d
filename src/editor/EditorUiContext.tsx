import { createContext, useContext } from "react";
import type { FontSizePreset, HeadingLevel } from "../../common/editor-rules";
import type { FormulaEditRequest } from "./editorOptions";
import type { EditorNotify, ImageUploader } from "./images";

/** What the toolbar needs from the editor around it. */
export interface EditorUi {
  preset: FontSizePreset;
  headingLevels: readonly HeadingLevel[];
  notify: EditorNotify;
  uploadImage?: ImageUploader;
  /** Opens the formula dialog, empty or for a clicked formula. */
  openFormula: (request?: FormulaEditRequest) => void;
  /** The formula dialog: open, and the clicked formula when editing one. */
  formula: { open: boolean; request?: FormulaEditRequest };
  closeFormula: () => void;
}

export const EditorUiContext = createContext<EditorUi | null>(null);

export function useEditorUi(): EditorUi {
  const ui = useContext(EditorUiContext);
  if (!ui)
    throw new Error(
      "The editor toolbar must be used inside an editor (EditorUiContext is missing)",
    );
  return ui;
}
