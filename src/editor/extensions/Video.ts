import { Node, mergeAttributes } from "@tiptap/core";
import { safeMediaSrc } from "../../../common/html-allowlist";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    video: {
      /** Inserts a video file (http, https or a path on this site) with the browser's player. */
      setVideo: (options: { src: string }) => ReturnType;
    };
  }
}

/** A plain <video controls> block for video files that are not YouTube. */
export const Video = Node.create({
  name: "video",
  group: "block",
  atom: true,
  draggable: true,

  addAttributes() {
    return {
      src: {
        default: null,
        parseHTML: (element: HTMLElement) =>
          safeMediaSrc(element.getAttribute("src")),
      },
    };
  },

  parseHTML() {
    return [
      {
        tag: "video[src]",
        getAttrs: (element) =>
          safeMediaSrc((element as HTMLElement).getAttribute("src"))
            ? null
            : false,
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    return ["video", mergeAttributes(HTMLAttributes, { controls: "" })];
  },

  addCommands() {
    return {
      setVideo:
        ({ src }) =>
        ({ commands }) => {
          const safe = safeMediaSrc(src);
          if (!safe) return false;
          return commands.insertContent({
            type: this.name,
            attrs: { src: safe },
          });
        },
    };
  },
});
