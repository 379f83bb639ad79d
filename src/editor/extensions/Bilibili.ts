import { Node } from "@tiptap/core";
import {
  bilibiliEmbedUrl,
  safeIframeSrc,
} from "../../../common/html-allowlist";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    bilibiliVideo: {
      /** Embeds a Bilibili video from its page URL (https://www.bilibili.com/video/BV…). */
      setBilibiliVideo: (options: { src: string }) => ReturnType;
    };
  }
}

/**
 * Bilibili embeds, for readers in China where YouTube does not load. Written like the
 * YouTube node: a wrapper div and an iframe with only src, size and allowfullscreen.
 */
export const BilibiliVideo = Node.create({
  name: "bilibiliVideo",
  group: "block",
  atom: true,
  draggable: true,

  addAttributes() {
    return {
      src: {
        default: null,
        parseHTML: (element: HTMLElement) =>
          safeIframeSrc(element.querySelector("iframe")?.getAttribute("src")),
      },
    };
  },

  parseHTML() {
    return [
      {
        tag: "div[data-bilibili-video]",
        getAttrs: (element) =>
          safeIframeSrc(
            (element as HTMLElement)
              .querySelector("iframe")
              ?.getAttribute("src"),
          )
            ? null
            : false,
      },
    ];
  },

  renderHTML({ node }) {
    return [
      "div",
      { "data-bilibili-video": "" },
      [
        "iframe",
        {
          src: safeIframeSrc(node.attrs.src as string),
          width: "640",
          height: "360",
          allowfullscreen: "true",
        },
      ],
    ];
  },

  addCommands() {
    return {
      setBilibiliVideo:
        ({ src }) =>
        ({ commands }) => {
          const embed = bilibiliEmbedUrl(src);
          if (!embed) return false;
          return commands.insertContent({
            type: this.name,
            attrs: { src: embed },
          });
        },
    };
  },
});
