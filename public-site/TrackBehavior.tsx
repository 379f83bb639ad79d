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
 * Tracks the page view (every public page is a full load: the server renders it), clicks
 * on elements marked `data-track="name"`, and the stay on the page; sends the batch when
 * the page is hidden (issue 13 item 6). Called once, after hydration.
 */
export function startBehaviorTracking(): void {
  const t = siteTracker();
  t.pageview(window.location.pathname);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") t.hide();
    else t.show(window.location.pathname);
  });
  document.addEventListener(
    "click",
    (event: MouseEvent) => {
      const target = (event.target as Element | null)?.closest?.(
        "[data-track]",
      );
      const name = target?.getAttribute("data-track");
      if (name) t.event(name, window.location.pathname);
    },
    true,
  );
  window.addEventListener("pagehide", () => t.hide());
}
