import { Extension } from "@tiptap/core";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    taskToggle: {
      /** Flips the checked state of the checked-list items in the selection. */
      toggleTaskChecked: () => ReturnType;
    };
  }
}

/** Checked-list items toggle between checked and unchecked (click, or Mod-Enter). */
export const TaskToggle = Extension.create({
  name: "taskToggle",

  addCommands() {
    return {
      toggleTaskChecked:
        () =>
        ({ state, tr, dispatch }) => {
          const { from, to } = state.selection;
          const items: Array<{
            pos: number;
            checked: boolean;
            attrs: Record<string, unknown>;
          }> = [];
          state.doc.nodesBetween(from, to, (node, pos) => {
            if (node.type.name === "taskItem")
              items.push({
                pos,
                checked: Boolean(node.attrs.checked),
                attrs: node.attrs,
              });
            return true;
          });
          if (!items.length) {
            // The cursor sits inside an item: find it among the ancestors.
            const { $from } = state.selection;
            for (let depth = $from.depth; depth > 0; depth--) {
              const node = $from.node(depth);
              if (node.type.name === "taskItem") {
                items.push({
                  pos: $from.before(depth),
                  checked: Boolean(node.attrs.checked),
                  attrs: node.attrs,
                });
                break;
              }
            }
          }
          if (!items.length) return false;
          if (dispatch)
            for (const item of items)
              tr.setNodeMarkup(item.pos, undefined, {
                ...item.attrs,
                checked: !item.checked,
              });
          return true;
        },
    };
  },

  addKeyboardShortcuts() {
    return { "Mod-Enter": () => this.editor.commands.toggleTaskChecked() };
  },
});
