import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigate, useNavigationType } from "react-router-dom";
import { connectNavigator } from "../http/shellBridge";

/** Lets the /tjc client navigate inside the app (20107 → /login?toPath=…). */
export function RouterBridge() {
  const navigate = useNavigate();
  useEffect(() => connectNavigator((to) => navigate(to)), [navigate]);
  return null;
}

const STORAGE_KEY = "lampstand.scroll";
const RESTORE_GIVE_UP_MS = 1500;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Record<
      string,
      number
    >;
  } catch {
    return {};
  }
}

/**
 * Navigation scrolls to the top; back and forward restore the position the page had.
 * Lists render after their data arrives, so restoring retries until the page is tall
 * enough (or gives up after a moment).
 */
export function ScrollMemory() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number>>(readPositions());
  // Which entry scroll events belong to. It changes before the new page scrolls to the top,
  // so that scroll is never recorded as the previous page's position.
  const currentKey = useRef(location.key);

  useEffect(() => {
    if ("scrollRestoration" in window.history)
      window.history.scrollRestoration = "manual";
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        positions.current[currentKey.current] = window.scrollY;
        try {
          sessionStorage.setItem(
            STORAGE_KEY,
            JSON.stringify(positions.current),
          );
        } catch {
          // storage full or unavailable: positions last for this page only
        }
      });
    };
    window.addEventListener("scroll", save, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", save);
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    if (navigationType !== "POP") {
      if (!location.hash) window.scrollTo(0, 0);
      return;
    }
    const target = positions.current[location.key];
    if (!target) return;
    const started = Date.now();
    let frame = 0;
    const attempt = () => {
      const reachable =
        document.documentElement.scrollHeight - window.innerHeight;
      window.scrollTo(0, Math.min(target, Math.max(reachable, 0)));
      if (
        window.scrollY < target - 1 &&
        Date.now() - started < RESTORE_GIVE_UP_MS
      ) {
        frame = requestAnimationFrame(attempt);
      }
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.hash, navigationType]);

  return null;
}
