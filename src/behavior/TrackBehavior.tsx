import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { browserTracker, type Tracker } from "../../common/behavior-tracker";
import { mainClient } from "../http";

let tracker: Tracker | undefined;

/** The admin's tracker, made once per page load with the browser's pieces. */
function adminTracker(): Tracker {
  tracker ??= browserTracker("admin", `${mainClient.baseUrl}/public/behavior`);
  return tracker;
}

/**
 * Tracks page views on every route change, clicks on elements marked `data-track="name"`,
 * and the stay on each page; sends the batch when the page is hidden (issue 13 item 6).
 */
export function TrackBehavior() {
  const { pathname } = useLocation();
  useEffect(() => {
    adminTracker().pageview(pathname);
  }, [pathname]);
  useEffect(() => {
    const t = adminTracker();
    const onVisibility = () => {
      if (document.visibilityState === "hidden") t.hide();
      else t.show(window.location.pathname);
    };
    const onClick = (event: MouseEvent) => {
      const target = (event.target as Element | null)?.closest?.(
        "[data-track]",
      );
      const name = target?.getAttribute("data-track");
      if (name) t.event(name, window.location.pathname);
    };
    const onPageHide = () => t.hide();
    document.addEventListener("visibilitychange", onVisibility);
    document.addEventListener("click", onClick, true);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("pagehide", onPageHide);
    };
  }, []);
  return null;
}
