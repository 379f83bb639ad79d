import { Link } from "@tiptap/extension-link";
import { normaliseLinkTarget } from "../../../common/editor-rules";
import { LINK_URL_SCHEMES, safeLinkHref } from "../../../common/html-allowlist";

/**
 * Links limited to the allowlist's schemes. A target that looks like an e-mail address
 * becomes a mailto: link, when typed, pasted or loaded.
 */
export const SafeLink = Link.extend({
  addAttributes() {
    const parent = this.parent?.() ?? {};
    return {
      ...parent,
      href: {
        default: null,
        parseHTML: (element: HTMLElement) =>
          safeLinkHref(element.getAttribute("href")),
        renderHTML: (attributes: Record<string, unknown>) =>
          typeof attributes.href === "string"
            ? { href: safeLinkHref(attributes.href) }
            : {},
      },
    };
  },
}).configure({
  openOnClick: false,
  autolink: true,
  linkOnPaste: true,
  defaultProtocol: "https",
  protocols: [...LINK_URL_SCHEMES],
  isAllowedUri: (url) => safeLinkHref(url) !== null,
});

/** The href the link dialog stores for what a person typed, or null when it is refused. */
export function linkHrefFromInput(input: string): string | null {
  return safeLinkHref(normaliseLinkTarget(input));
}
