import { Youtube } from "@tiptap/extension-youtube";

/** The iframe attributes the allowlist keeps; YouTube's player options live in the URL. */
const KEPT_IFRAME_ATTRIBUTES = ["src", "width", "height", "allowfullscreen"];

type DomSpec = [string, Record<string, unknown>, ...unknown[]];

/**
 * YouTube embeds through youtube-nocookie.com, written with only the attributes the
 * allowlist keeps (the stock node writes a dozen player options as iframe attributes).
 */
export const CleanYoutube = Youtube.extend({
  renderHTML(props) {
    const spec = this.parent?.(props) as DomSpec;
    const [tag, attributes, iframe] = spec;
    if (!Array.isArray(iframe)) return spec as never;
    const [iframeTag, iframeAttributes] = iframe as DomSpec;
    const kept = Object.fromEntries(
      KEPT_IFRAME_ATTRIBUTES.filter(
        (name) => iframeAttributes[name] != null,
      ).map((name) => [name, iframeAttributes[name]]),
    );
    return [tag, attributes, [iframeTag, kept]] as never;
  },
}).configure({
  nocookie: true,
  width: 640,
  height: 360,
  allowFullscreen: true,
  controls: true,
  rel: 0,
});
