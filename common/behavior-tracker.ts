/**
 * The behaviour tracker's logic, shared by both SPAs. It touches no DOM itself: each app
 * hands it its browser (storage, clock, sendBeacon), so this file runs and is tested in
 * Node too. It batches page views, named events and the time spent on a page, and sends
 * them when the page is hidden (or the batch is full). It keeps no personal data: a random
 * visitor id in localStorage and a random visit id; nothing at all under Do-Not-Track or
 * Global Privacy Control.
 */
import {
  MAX_BEHAVIOR_BYTES,
  MAX_BEHAVIOR_EVENTS,
} from "./schemas/behavior-limits.js";
import type { BehaviorEvent } from "./schemas/behavior.js";

export interface TrackerEnvironment {
  app: "admin" | "public";
  now(): number;
  /** localStorage, or null where it is refused. */
  storage: Pick<Storage, "getItem" | "setItem"> | null;
  randomId(): string;
  /** navigator.doNotTrack === "1" or navigator.globalPrivacyControl. */
  optedOut: boolean;
  /** document.referrer at load. */
  referrer: string;
  /** navigator.sendBeacon to the endpoint; false when the browser refused it. */
  send(body: string): boolean;
}

export interface Tracker {
  pageview(path: string): void;
  event(name: string, path?: string): void;
  /** The page is hidden or left: its stay is recorded and everything queued is sent. */
  hide(): void;
  /** The page is shown again: a new stay on the same page begins (not a new view). */
  show(path: string): void;
  /** Sends what is queued (tests; the apps call hide). */
  flush(): void;
}

const VISITOR_KEY = "lampstand-visitor";
const VISIT_KEY = "lampstand-visit";
/** A visit ends after this long without activity, as Plausible and Umami count them. */
const VISIT_IDLE_MS = 30 * 60 * 1000;

const noop: Tracker = {
  pageview() {},
  event() {},
  hide() {},
  show() {},
  flush() {},
};

function storedId(env: TrackerEnvironment, key: string): string {
  const existing = env.storage?.getItem(key);
  if (existing && /^[A-Za-z0-9_-]{8,64}$/.test(existing)) return existing;
  const id = env.randomId();
  env.storage?.setItem(key, id);
  return id;
}

/** The visit id: kept while the visitor is active, renewed after 30 idle minutes. */
function visitId(env: TrackerEnvironment): string {
  const now = env.now();
  const [id, seen] = (env.storage?.getItem(VISIT_KEY) ?? "").split(" ");
  const fresh =
    id &&
    /^[A-Za-z0-9_-]{8,64}$/.test(id) &&
    now - Number(seen) < VISIT_IDLE_MS;
  const current = fresh ? id! : env.randomId();
  env.storage?.setItem(VISIT_KEY, `${current} ${now}`);
  return current;
}

function stripQuery(path: string): string {
  const clean = path.split(/[?#]/)[0] || "/";
  return clean.slice(0, 512);
}

export function createTracker(env: TrackerEnvironment): Tracker {
  if (env.optedOut) return noop;
  const visitorId = storedId(env, VISITOR_KEY);
  let queue: BehaviorEvent[] = [];
  let current: { path: string; since: number } | null = null;
  let referrer: string | undefined = env.referrer || undefined;

  const push = (
    event: Omit<BehaviorEvent, "app" | "visitorId" | "sessionId" | "at">,
  ) => {
    queue.push({
      ...event,
      app: env.app,
      visitorId,
      sessionId: visitId(env),
      at: env.now(),
    });
    if (queue.length >= MAX_BEHAVIOR_EVENTS) flush();
  };

  const leave = () => {
    if (!current) return;
    push({
      type: "leave",
      path: current.path,
      durationMs: Math.min(
        Math.max(0, env.now() - current.since),
        24 * 3600 * 1000,
      ),
    });
    current = null;
  };

  function flush() {
    while (queue.length > 0) {
      // At most 50 events and 16 KB a batch: what the endpoint takes.
      let count = Math.min(queue.length, MAX_BEHAVIOR_EVENTS);
      let body = JSON.stringify({ events: queue.slice(0, count) });
      while (
        new TextEncoder().encode(body).length > MAX_BEHAVIOR_BYTES &&
        count > 1
      ) {
        count = Math.ceil(count / 2);
        body = JSON.stringify({ events: queue.slice(0, count) });
      }
      queue = queue.slice(count);
      env.send(body);
    }
  }

  return {
    pageview(path) {
      const clean = stripQuery(path);
      if (current?.path === clean) return;
      leave();
      current = { path: clean, since: env.now() };
      push({ type: "pageview", path: clean, referrer });
      referrer = undefined; // only the landing page has an outside referrer
    },
    event(name, path) {
      const trimmed = name.trim().slice(0, 64);
      if (!trimmed) return;
      push({
        type: "event",
        name: trimmed,
        path: stripQuery(path ?? current?.path ?? "/"),
      });
    },
    hide() {
      leave();
      flush();
    },
    show(path) {
      if (!current) current = { path: stripQuery(path), since: env.now() };
    },
    flush,
  };
}

/**
 * A tracker with the browser's pieces (the admin's and the public site's): local storage
 * when allowed (else a new visitor each load), Do Not Track and Global Privacy Control
 * honoured, batches sent with `sendBeacon` to `endpoint`. Called in a browser only.
 */
export function browserTracker(
  app: TrackerEnvironment["app"],
  endpoint: string,
): Tracker {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null; // storage refused: a new visitor each load, nothing kept
  }
  return createTracker({
    app,
    now: () => Date.now(),
    storage,
    randomId: () => crypto.randomUUID().replace(/-/g, ""),
    optedOut: nav.doNotTrack === "1" || nav.globalPrivacyControl === true,
    referrer: document.referrer,
    send: (body) =>
      typeof nav.sendBeacon === "function" &&
      nav.sendBeacon(endpoint, new Blob([body], { type: "application/json" })),
  });
}
