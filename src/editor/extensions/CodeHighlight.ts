import { findChildren } from "@tiptap/core";
import { CodeBlockLowlight } from "@tiptap/extension-code-block-lowlight";
import type { Node as ProseMirrorNode } from "@tiptap/pm/model";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
import { common, createLowlight } from "lowlight";
import { EDITOR_HIGHLIGHT_INTERVAL_MS } from "../../../common/constants";

export const lowlight = createLowlight(common);

interface HastNode {
  type: string;
  value?: string;
  children?: HastNode[];
  properties?: { className?: string[] };
}

function flatten(
  nodes: HastNode[],
  classes: string[] = [],
): Array<{ text: string; classes: string[] }> {
  return nodes.flatMap((node) => {
    const nodeClasses = [...classes, ...(node.properties?.className ?? [])];
    if (node.children) return flatten(node.children, nodeClasses);
    return [{ text: node.value ?? "", classes: nodeClasses }];
  });
}

/** Syntax-highlight decorations for every code block of a document. */
export function highlightDecorations(
  doc: ProseMirrorNode,
  nodeName: string,
): DecorationSet {
  const decorations: Decoration[] = [];
  for (const block of findChildren(
    doc,
    (node) => node.type.name === nodeName,
  )) {
    const language = block.node.attrs.language as string | null;
    const text = block.node.textContent;
    const tree =
      language && lowlight.registered(language)
        ? lowlight.highlight(language, text)
        : lowlight.highlightAuto(text);
    let from = block.pos + 1;
    for (const piece of flatten(tree.children as HastNode[])) {
      const to = from + piece.text.length;
      if (piece.classes.length)
        decorations.push(
          Decoration.inline(from, to, { class: piece.classes.join(" ") }),
        );
      from = to;
    }
  }
  return DecorationSet.create(doc, decorations);
}

export const codeHighlightKey = new PluginKey<DecorationSet>("codeHighlight");

/**
 * Highlighting runs at most once per EDITOR_HIGHLIGHT_INTERVAL_MS while someone types in a
 * code block (the old decorations are mapped meanwhile), and at once when code blocks are
 * added or removed or the whole document is replaced.
 */
export function throttledHighlightPlugin(
  nodeName: string,
  intervalMs = EDITOR_HIGHLIGHT_INTERVAL_MS,
): Plugin {
  return new Plugin<DecorationSet>({
    key: codeHighlightKey,
    state: {
      init: (_, { doc }) => highlightDecorations(doc, nodeName),
      apply: (tr, decorations, oldState, newState) => {
        if (tr.getMeta(codeHighlightKey) === "refresh")
          return highlightDecorations(newState.doc, nodeName);
        if (!tr.docChanged) return decorations;
        const count = (doc: ProseMirrorNode) =>
          findChildren(doc, (node) => node.type.name === nodeName).length;
        const replacesWholeDocument = tr.steps.some((step) => {
          const range = step as unknown as { from?: number; to?: number };
          return (
            range.from === 0 &&
            range.to !== undefined &&
            range.to >= oldState.doc.content.size
          );
        });
        if (
          replacesWholeDocument ||
          count(oldState.doc) !== count(newState.doc)
        ) {
          return highlightDecorations(newState.doc, nodeName);
        }
        return decorations.map(tr.mapping, tr.doc);
      },
    },
    props: {
      decorations: (state) => codeHighlightKey.getState(state),
    },
    view: () => {
      let timer: ReturnType<typeof setTimeout> | null = null;
      return {
        update: (view, previous) => {
          if (timer || view.state.doc.eq(previous.doc)) return;
          const { $head } = view.state.selection;
          if ($head.parent.type.name !== nodeName) return;
          timer = setTimeout(() => {
            timer = null;
            if (!view.isDestroyed)
              view.dispatch(
                view.state.tr
                  .setMeta(codeHighlightKey, "refresh")
                  .setMeta("addToHistory", false),
              );
          }, intervalMs);
        },
        destroy: () => {
          if (timer) clearTimeout(timer);
        },
      };
    },
  });
}

/** Code blocks with syntax highlighting (highlight.js's common languages, via lowlight). */
export const CodeHighlight = CodeBlockLowlight.extend({
  addProseMirrorPlugins() {
    const inherited = (this.parent?.() ?? []).filter(
      (plugin) =>
        !(plugin as unknown as { key: string }).key.startsWith("lowlight$"),
    );
    return [...inherited, throttledHighlightPlugin(this.name)];
  },
}).configure({ lowlight, defaultLanguage: "plaintext" });
