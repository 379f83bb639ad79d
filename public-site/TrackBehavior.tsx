import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { createTracker, type Tracker } from "../common/behavior-tracker";

let tracker: Tracker | undefined;

/** The public site's tracker, made once per page load with the browser's pieces. */
function siteTracker(): Tracker {
  if (tracker) return tracker;
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null; // storage refused: a new visitor each load, nothing kept
  }
  const endpoint = "/tjc/public/behavior";
  tracker = createTracker({
    app: "public",
    now: () => Date.now(),
    storage,
    randomId: () => crypto.randomUUID().replace(/-/g, ""),
    optedOut: nav.doNotTrack === "1" || nav.globalPrivacyControl === true,
    referrer: document.referrer,
    send: (body) =>
      typeof nav.sendBeacon === "function" &&
      nav.sendBeacon(endpoint, new Blob([body], { type: "application/json" })),
  });
  return tracker;
}

/**
 * Tracks page views on every route change, clicks on elements marked `data-track="name"`,
 * and the stay on each page; sends the batch when the page is hidden (issue 13 item 6).
 */
export function TrackBehavior() {
  const { pathname } = useLocation();
  useEffect(() => {
    siteTracker().pageview(pathname);
  }, [pathname]);
  useEffect(() => {
    const t = siteTracker();
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
