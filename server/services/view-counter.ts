import { createHash } from "node:crypto";
import type { Store } from "../db/store.js";

/** Who is reading: their address and browser, as the request names them. */
export interface Visit {
  ip: string;
  userAgent?: string | undefined;
}

/**
 * Crawlers, link previews and scripts by their user-agent: they read pages but are no
 * readers. Matched case-insensitively anywhere in the header.
 */
const BOT_AGENTS =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegram|skypeuripreview|vkshare|pinterest|lighthouse|pagespeed|gtmetrix|curl\/|wget\/|python-requests|python-urllib|aiohttp|go-http-client|java\/|okhttp|libwww-perl|httpclient|axios\/|node-fetch|scrapy|feedfetcher|ahrefs|semrush|mj12|dotbot|petalbot|yandex|baiduspider|sogou|360spider|bytespider|yisouspider|applebot|duckduckbot|archive\.org_bot|ia_archiver|uptimerobot|pingdom|statuscake|monitor/i;

/** Whether a user-agent is a known crawler or script (no view counted), or missing. */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_AGENTS.test(userAgent);
}

/**
 * At most this many (visitor, question) pairs are remembered for the day: about 40 bytes
 * each, a few megabytes in all. Past it the oldest are forgotten, so at worst a visitor
 * seen early in a very busy day counts again.
 */
const MAX_SEEN = 100_000;

/** Counted views are written this often, as one increment per question. */
const FLUSH_INTERVAL_MS = 2000;

/**
 * Question views, counted in memory and written in batches: a view is a read, and a
 * write on every read serialised the store's writers (docs/performance.md). Each flush
 * adds its counts (`views = views + n`), so several instances add up correctly; a crash
 * loses at most two seconds of views.
 */
export class ViewCounter {
  private pending = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  /** The UTC day `seen` is for, and the (visitor, question) pairs already counted on it. */
  private day = "";
  private seen = new Set<string>();

  constructor(private readonly store: Store) {}

  /**
   * Whether this visit counts: one view per visitor (address and browser) per question
   * per UTC day, and none from a known crawler or script. Only a hash of the pair is
   * kept, and only for the day.
   */
  counts(questionId: number, visit: Visit, now = Date.now()): boolean {
    if (isBot(visit.userAgent)) return false;
    const day = new Date(now).toISOString().slice(0, 10);
    if (day !== this.day) {
      this.day = day;
      this.seen = new Set();
    }
    const key = createHash("sha1")
      .update(`${questionId}\n${visit.ip}\n${visit.userAgent ?? ""}`)
      .digest("base64url")
      .slice(0, 16);
    if (this.seen.has(key)) return false;
    if (this.seen.size >= MAX_SEEN) {
      const oldest = this.seen.values().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    this.seen.add(key);
    return true;
  }

  /** Counts one view and answers how many of this question's views are not yet stored. */
  count(questionId: number): number {
    const next = (this.pending.get(questionId) ?? 0) + 1;
    this.pending.set(questionId, next);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref?.();
    return next;
  }

  /** Views counted but not yet stored, for answers that show the count. */
  unstored(questionId: number): number {
    return this.pending.get(questionId) ?? 0;
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = new Map();
    for (const [questionId, views] of batch) {
      await this.store.db
        .updateTable("askQuestions")
        .set((eb) => ({ views: eb(eb.ref("views"), "+", views) }))
        .where("id", "=", questionId)
        .execute();
    }
  }
}

const counters = new WeakMap<Store, ViewCounter>();

/** The store's view counter (one per store, so each test app has its own). */
export function viewCounter(store: Store): ViewCounter {
  let counter = counters.get(store);
  if (!counter) {
    counter = new ViewCounter(store);
    counters.set(store, counter);
  }
  return counter;
}
