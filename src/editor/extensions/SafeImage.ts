import { Image } from "@tiptap/extension-image";
import { safeImageSrc } from "../../../common/html-allowlist";

/**
 * The image node with the allowlist's source rule: http, https, data (accepted image
 * types) and site paths are kept; any other scheme becomes a blank source, whether the
 * image was typed, pasted or loaded.
 */
export const SafeImage = Image.extend({
  addAttributes() {
    const parent = this.parent?.() ?? {};
    return {
      ...parent,
      src: {
        default: "",
        parseHTML: (element: HTMLElement) =>
          safeImageSrc(element.getAttribute("src")),
        renderHTML: (attributes: Record<string, unknown>) => ({
          src: safeImageSrc(
            typeof attributes.src === "string" ? attributes.src : "",
          ),
        }),
      },
    };
  },
}).configure({ inline: true, allowBase64: true });
