import type { AnyExtension, EditorOptions } from "@tiptap/core";
import { Color } from "@tiptap/extension-color";
import { Highlight } from "@tiptap/extension-highlight";
import { TaskItem, TaskList } from "@tiptap/extension-list";
import { Mathematics } from "@tiptap/extension-mathematics";
import { Subscript } from "@tiptap/extension-subscript";
import { Superscript } from "@tiptap/extension-superscript";
import { TextAlign } from "@tiptap/extension-text-align";
import {
  BackgroundColor,
  FontFamily,
  TextStyle,
} from "@tiptap/extension-text-style";
import { Placeholder } from "@tiptap/extensions";
import { StarterKit } from "@tiptap/starter-kit";
import type { Node as ProseMirrorNode } from "@tiptap/pm/model";
import type { FontSizePreset, HeadingLevel } from "../../common/editor-rules";
import { HEADING_LEVELS } from "../../common/editor-rules";
import { BilibiliVideo } from "./extensions/Bilibili";
import { CleanYoutube } from "./extensions/CleanYoutube";
import { CodeHighlight } from "./extensions/CodeHighlight";
import { Indent } from "./extensions/Indent";
import { PresetFontSize } from "./extensions/PresetFontSize";
import { SafeImage } from "./extensions/SafeImage";
import { SafeLink } from "./extensions/SafeLink";
import { TaskToggle } from "./extensions/TaskToggle";
import { TextDirectionAttribute } from "./extensions/TextDirection";
import { Video } from "./extensions/Video";
import {
  afterPasteDelay,
  imageFilesOf,
  insertImageFiles,
  type EditorNotify,
  type ImageUploader,
} from "./images";
import {
  EditorNormaliseError,
  sanitizeEditorHtml,
  textToHtml,
} from "./sanitize-dom";

export interface FormulaEditRequest {
  kind: "inline" | "block";
  latex: string;
  pos: number;
}

export interface EditorConfig {
  preset: FontSizePreset;
  /** The translated placeholder ("Insert text here ..."). */
  placeholder: string;
  /** Reports refusals and errors to the person (a notification). */
  notify: EditorNotify;
  /** Stores an image and answers its URL; without it images are kept as data: URLs. */
  uploadImage?: ImageUploader;
  /** Opens the formula dialog for an existing formula that was clicked. */
  editFormula?: (request: FormulaEditRequest) => void;
}

/** KaTeX never trusts input: no \href, \url or HTML extensions, and bad input shows red. */
export const KATEX_OPTIONS = {
  throwOnError: false,
  trust: false,
  strict: "ignore" as const,
  maxExpand: 1000,
};

/** Everything the editor knows, for either preset. */
export function buildExtensions(config: EditorConfig): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [...HEADING_LEVELS] as HeadingLevel[] },
      codeBlock: false,
      link: false,
      // No empty paragraph appended after a final heading, code block or image: it would
      // be saved as a stray "<p></p>". Arrow-down and triple Enter still leave a code block.
      trailingNode: false,
    }),
    SafeLink,
    TextAlign.configure({ types: ["heading", "paragraph"] }),
    SafeImage,
    TextStyle,
    Color,
    BackgroundColor,
    FontFamily,
    PresetFontSize.configure({ preset: config.preset }),
    Highlight.configure({ multicolor: true }),
    Subscript,
    Superscript,
    TaskList,
    TaskItem.configure({ nested: true }),
    TaskToggle,
    CodeHighlight,
    Mathematics.configure({
      katexOptions: KATEX_OPTIONS,
      inlineOptions: {
        onClick: (node: ProseMirrorNode, pos: number) =>
          config.editFormula?.({
            kind: "inline",
            latex: String(node.attrs.latex ?? ""),
            pos,
          }),
      },
      blockOptions: {
        onClick: (node: ProseMirrorNode, pos: number) =>
          config.editFormula?.({
            kind: "block",
            latex: String(node.attrs.latex ?? ""),
            pos,
          }),
      },
    }),
    CleanYoutube,
    BilibiliVideo,
    Video,
    Indent,
    TextDirectionAttribute,
    Placeholder.configure({ placeholder: config.placeholder }),
  ];
}

/** Pasted HTML goes through the same allowlist as stored HTML. */
export function transformPastedHtml(
  html: string,
  notify: EditorNotify,
): string {
  try {
    return sanitizeEditorHtml(html);
  } catch (error) {
    if (!(error instanceof EditorNormaliseError)) throw error;
    notify({
      key: "editor.error.normalise",
      args: { iterations: error.iterations },
    });
    const text =
      new DOMParser().parseFromString(html, "text/html").body.textContent ?? "";
    return textToHtml(text);
  }
}

/**
 * The TipTap options of the editor: ra-input-rich-text's `editorOptions` replaces its
 * defaults, so this lists everything again (StarterKit, TextAlign, Image, TextStyle, Color,
 * Highlight) plus the rest of spec section 5.
 */
export function buildEditorOptions(
  config: EditorConfig,
): Partial<EditorOptions> {
  return {
    extensions: buildExtensions(config),
    editorProps: {
      transformPastedHTML: (html) => transformPastedHtml(html, config.notify),
      handlePaste: (view, event) => {
        const files = imageFilesOf(event.clipboardData);
        if (!files.length) return false;
        event.preventDefault();
        const editor = (
          view.dom as HTMLElement & { editor?: import("@tiptap/core").Editor }
        ).editor;
        if (!editor) return true;
        afterPasteDelay(() => {
          void insertImageFiles(editor, files, {
            upload: config.uploadImage,
            notify: config.notify,
          });
        });
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        if (moved) return false;
        const files = imageFilesOf(event.dataTransfer);
        if (!files.length) return false;
        event.preventDefault();
        const editor = (
          view.dom as HTMLElement & { editor?: import("@tiptap/core").Editor }
        ).editor;
        const position = view.posAtCoords({
          left: event.clientX,
          top: event.clientY,
        })?.pos;
        if (!editor) return true;
        void insertImageFiles(editor, files, {
          upload: config.uploadImage,
          notify: config.notify,
          position,
        });
        return true;
      },
    },
  };
}
