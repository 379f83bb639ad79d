import { Extension } from "@tiptap/core";
import type { Transaction } from "@tiptap/pm/state";
import {
  indentStyle,
  parseIndentLevel,
  stepIndentLevel,
} from "../../../common/editor-rules";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    indent: {
      /** Indents the selected paragraphs and headings one level (up to 8). */
      indent: () => ReturnType;
      /** Outdents the selected paragraphs and headings one level (down to none). */
      outdent: () => ReturnType;
    };
  }
}

export interface IndentOptions {
  /** Node types that carry an indent level. */
  types: string[];
}

/**
 * Indent levels 1–8 on paragraphs and headings, stored as `data-indent` plus an inline
 * margin so the saved HTML reads right anywhere. Tab / Shift+Tab indent, except inside
 * lists (where they nest items) and code blocks.
 */
export const Indent = Extension.create<IndentOptions>({
  name: "indent",

  addOptions() {
    return { types: ["paragraph", "heading"] };
  },

  addGlobalAttributes() {
    return [
      {
        types: this.options.types,
        attributes: {
          indent: {
            default: 0,
            parseHTML: (element) =>
              parseIndentLevel(element.getAttribute("data-indent")),
            renderHTML: (attributes) => {
              const level = parseIndentLevel(attributes.indent);
              if (!level) return {};
              return {
                "data-indent": String(level),
                style: indentStyle(level),
              };
            },
          },
        },
      },
    ];
  },

  addCommands() {
    const step =
      (direction: 1 | -1) =>
      () =>
      ({
        tr,
        state,
        dispatch,
      }: {
        tr: Transaction;
        state: import("@tiptap/pm/state").EditorState;
        dispatch?: unknown;
      }) => {
        const { from, to } = state.selection;
        let changed = false;
        state.doc.nodesBetween(from, to, (node, pos) => {
          if (!this.options.types.includes(node.type.name)) return true;
          const current = parseIndentLevel(node.attrs.indent);
          const next = stepIndentLevel(current, direction);
          if (next !== current) {
            tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent: next });
            changed = true;
          }
          return false;
        });
        if (changed && dispatch) tr.scrollIntoView();
        return changed;
      };
    return { indent: step(1), outdent: step(-1) };
  },

  addKeyboardShortcuts() {
    const inListOrCode = () =>
      this.editor.isActive("listItem") ||
      this.editor.isActive("taskItem") ||
      this.editor.isActive("codeBlock");
    return {
      Tab: () => (inListOrCode() ? false : this.editor.commands.indent()),
      "Shift-Tab": () =>
        inListOrCode() ? false : this.editor.commands.outdent(),
    };
  },
});
