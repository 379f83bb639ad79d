import { browserTracker, type Tracker } from "../common/behavior-tracker";

let tracker: Tracker | undefined;

/** The public site's tracker, made once per page load with the browser's pieces. */
function siteTracker(): Tracker {
  tracker ??= browserTracker("public", "/tjc/public/behavior");
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
