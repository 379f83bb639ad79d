import { Extension } from "@tiptap/core";

/**
 * A `dir` attribute (ltr / rtl / auto) on block nodes, written only when set, so plain
 * documents stay plain. Core's setTextDirection / unsetTextDirection commands set it.
 * (Core's own TextDirection option would write a dir on every node.)
 */
export const TextDirectionAttribute = Extension.create<{ types: string[] }>({
  name: "textDirectionAttribute",

  addOptions() {
    return {
      types: [
        "paragraph",
        "heading",
        "blockquote",
        "listItem",
        "taskItem",
        "codeBlock",
      ],
    };
  },

  addGlobalAttributes() {
    return [
      {
        types: this.options.types,
        attributes: {
          dir: {
            default: null,
            parseHTML: (element) => {
              const dir = element.getAttribute("dir");
              return dir === "ltr" || dir === "rtl" || dir === "auto"
                ? dir
                : null;
            },
            renderHTML: (attributes) =>
              attributes.dir ? { dir: attributes.dir } : {},
          },
        },
      },
    ];
  },
});
