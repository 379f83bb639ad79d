import { mergeAttributes } from "@tiptap/core";
import { safeMediaSrc } from "../../../common/html-allowlist";
import { srcNode } from "./srcNode";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    video: {
      /** Inserts a video file (http, https or a path on this site) with the browser's player. */
      setVideo: (options: { src: string }) => ReturnType;
    };
  }
}

/** A plain <video controls> block for video files that are not YouTube. */
export const Video = srcNode({
  name: "video",
  tag: "video[src]",
  command: "setVideo",
  readSrc: (element) => safeMediaSrc(element.getAttribute("src")),
  toSrc: safeMediaSrc,
  render: ({ HTMLAttributes }) => [
    "video",
    mergeAttributes(HTMLAttributes, { controls: "" }),
  ],
});
