import {
  bilibiliEmbedUrl,
  safeIframeSrc,
} from "../../../common/html-allowlist";
import { srcNode } from "./srcNode";

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
export const BilibiliVideo = srcNode({
  name: "bilibiliVideo",
  tag: "div[data-bilibili-video]",
  command: "setBilibiliVideo",
  readSrc: (element) =>
    safeIframeSrc(element.querySelector("iframe")?.getAttribute("src")),
  toSrc: bilibiliEmbedUrl,
  render: ({ node }) => [
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
  ],
});
