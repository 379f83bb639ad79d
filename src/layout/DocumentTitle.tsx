import { useEffect } from "react";
import { useSiteName } from "./useSiteName";

/** Where react-admin's `<Title>` writes the page's name (its TitlePortal's id). */
export const PAGE_TITLE_ID = "react-admin-title";

/**
 * Keeps the browser tab's title as "<page> - <site>" (标签管理 - 灯台), in the current
 * language. The page's name is what its `<Title>` shows in the app bar, so every screen,
 * react-admin's own list/create/edit pages included, names its tab without doing anything;
 * a page without a title gets the site's full name.
 */
export function DocumentTitle() {
  const { short: site, full: fallback } = useSiteName();
  useEffect(() => {
    const apply = () => {
      const page = document
        .getElementById(PAGE_TITLE_ID)
        ?.textContent?.replace(/\s+/g, " ")
        .trim();
      const title = page ? `${page} - ${site}` : fallback;
      if (document.title !== title) document.title = title;
    };
    apply();
    // <Title> portals its text in after the page mounts, and the portal itself can be
    // replaced (login → layout), so watch the document rather than one element.
    const observer = new MutationObserver(apply);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    return () => observer.disconnect();
  }, [site, fallback]);
  return null;
}
