/**
 * A short-lived cache of rendered public pages. Rendering `/topicDetail` with its answers
 * costs more than reading them, and the same popular question is asked for many times a
 * second; a visitor's page does not depend on who they are (a member's own votes and
 * forms are filled in by the browser after hydration), so one rendering serves everyone
 * who asks for the same URL in the same language within `ttlMs`.
 *
 * Freshness: every community write on this instance clears it at once, so a member who
 * posts and reloads sees their post; another instance's write shows here within `ttlMs`,
 * like the view counts, which are added in batches every 2 s anyway.
 */
import { LRUCache } from "lru-cache";
import type { Visit } from "../services/view-counter.js";

export interface CachedPage {
  status: number;
  html: string;
  /** The html gzipped, made on the first request that accepts it. */
  gzip?: Buffer;
  /** Work a cached answer must still do, e.g. counting the question's view. */
  onHit?: (visit: Visit) => void;
}

export class PageCache {
  private readonly pages: LRUCache<string, CachedPage>;

  constructor(options: { ttlMs: number; maxBytes: number }) {
    this.pages = new LRUCache<string, CachedPage>({
      ttl: options.ttlMs,
      maxSize: options.maxBytes,
      // JS strings of these pages are one byte a character for markup and two for Chinese;
      // twice the length bounds both.
      sizeCalculation: (page) => Math.max(1, page.html.length * 2),
    });
  }

  static key(
    language: string,
    origin: string,
    url: string,
    siteName: string,
  ): string {
    return `${language} ${origin}${url} ${siteName}`;
  }

  get(key: string): CachedPage | undefined {
    return this.pages.get(key);
  }

  set(key: string, page: CachedPage): void {
    this.pages.set(key, page);
  }

  clear(): void {
    this.pages.clear();
  }

  get size(): number {
    return this.pages.size;
  }
}
