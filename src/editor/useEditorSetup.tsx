import type { EditorOptions } from "@tiptap/core";
import { useNotify, useTranslate } from "ra-core";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ERROR_NOTICE_MS } from "../../common/constants";
import {
  DEFAULT_TOOLBAR_HEADING_LEVELS,
  type FontSizePreset,
  type HeadingLevel,
} from "../../common/editor-rules";
import { buildEditorOptions, type FormulaEditRequest } from "./editorOptions";
import type { EditorUi } from "./EditorUiContext";
import type { EditorNotice, ImageUploader } from "./images";

export interface EditorSetupProps {
  /** Font sizes offered: "article" 12–32px, or "compact" 10–32px with 14px by default. */
  preset?: FontSizePreset;
  /** Heading levels the toolbar offers (1–6 are always understood). */
  headingLevels?: readonly HeadingLevel[];
  /** Stores an image and answers its URL; without it images are kept as data: URLs. */
  uploadImage?: ImageUploader;
}

export interface EditorSetup {
  editorOptions: Partial<EditorOptions>;
  ui: EditorUi;
  /** The last problem reported, shown under the editor for ERROR_NOTICE_MS. */
  notice: string | null;
}

/** The TipTap options and toolbar context shared by the form input and the standalone editor. */
export function useEditorSetup({
  preset = "article",
  headingLevels = DEFAULT_TOOLBAR_HEADING_LEVELS,
  uploadImage,
}: EditorSetupProps): EditorSetup {
  const translate = useTranslate();
  const raNotify = useNotify();
  const [formula, setFormula] = useState<{
    open: boolean;
    request?: FormulaEditRequest;
  }>({ open: false });
  const [notice, setNotice] = useState<string | null>(null);

  const notify = useCallback(
    ({ key, args }: EditorNotice) => {
      const message = translate(key, args);
      setNotice(message);
      raNotify(key, {
        type: "error",
        messageArgs: args,
        autoHideDuration: ERROR_NOTICE_MS,
      });
    },
    [translate, raNotify],
  );
  const notifyRef = useRef(notify);
  notifyRef.current = notify;

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), ERROR_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const placeholder = translate("editor.placeholder");
  // The options object must stay the same between renders: ra-input-rich-text recreates
  // the editor whenever it changes.
  const editorOptions = useMemo(
    () =>
      buildEditorOptions({
        preset,
        placeholder,
        uploadImage,
        notify: (noticeToShow) => notifyRef.current(noticeToShow),
        editFormula: (request) => setFormula({ open: true, request }),
      }),
    [preset, placeholder, uploadImage],
  );

  const ui = useMemo<EditorUi>(
    () => ({
      preset,
      headingLevels,
      uploadImage,
      notify: (noticeToShow) => notifyRef.current(noticeToShow),
      openFormula: (request) => setFormula({ open: true, request }),
      formula,
      closeFormula: () => setFormula({ open: false }),
    }),
    [preset, headingLevels, uploadImage, formula],
  );

  return { editorOptions, ui, notice };
}
