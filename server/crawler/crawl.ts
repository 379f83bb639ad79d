import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import robotsParser from "robots-parser";
import type { Spider } from "../../common/schemas/spider.js";
import { isUniqueViolation, nowIso } from "../db/dialect.js";
import { sanitizeStoredHtml } from "../services/html-sanitizer.js";
import { fileRecord, ingestUpload } from "../services/media/library.js";
import {
  canonicalUrl,
  extract,
  followableLinks,
  loadPage,
  normalizeUrl,
  parseDay,
  type Page,
} from "./extract.js";
import { compileLinkPattern, type LinkPattern } from "./link-pattern.js";
import { FetchRefused, safeFetch } from "./safe-fetch.js";
import { saveDraft, type CrawledItem } from "./targets.js";

export const DEFAULT_USER_AGENT =
  "LampstandBot/1.0 (+https://github.com/lampstand; church content import)";
/** A robots.txt Crawl-delay above this is capped (a run must end). */
const MAX_CRAWL_DELAY_MS = 60_000;
const MAX_ERRORS_KEPT = 50;

export interface CrawlStats {
  pagesFetched: number;
  itemsCreated: number;
  duplicatesSkipped: number;
  blockedByRobots: number;
  errors: number;
  errorLog: { url: string; message: string }[];
}

type Robots = ReturnType<typeof robotsParser> | "allow" | "deny";

const sha256 = (text: string) =>
  createHash("sha256").update(text).digest("hex");

/** The content's hash: its text, whitespace collapsed (markup changes do not count). */
export async function contentHash(html: string): Promise<string> {
  const text = (await loadPage(html)).root().text().replace(/\s+/g, " ").trim();
  return sha256(text);
}

/**
 * Reads a site's robots.txt: a 2xx is parsed, a 4xx means no rules (RFC 9309), and a
 * 5xx or no answer means the site is not crawled at all this run.
 */
export async function readRobots(
  origin: string,
  userAgent: string,
  allowPrivate: boolean,
  signal?: AbortSignal,
): Promise<Robots> {
  const url = `${origin}/robots.txt`;
  try {
    const answer = await safeFetch(url, {
      allowPrivate,
      userAgent,
      signal,
      maxBytes: 512 * 1024,
    });
    if (answer.status >= 200 && answer.status < 300) {
      return robotsParser(url, answer.body.toString("utf8"));
    }
    return answer.status >= 400 && answer.status < 500 ? "allow" : "deny";
  } catch (error) {
    if (error instanceof FetchRefused && error.reason === "address")
      throw error;
    return "deny";
  }
}

export function robotsAllow(
  robots: Robots,
  url: string,
  userAgent: string,
): boolean {
  if (robots === "allow") return true;
  if (robots === "deny") return false;
  return robots.isAllowed(url, userAgent) !== false;
}

function robotsDelayMs(robots: Robots, userAgent: string): number {
  if (typeof robots === "string") return 0;
  const seconds = robots.getCrawlDelay(userAgent);
  return seconds ? Math.min(seconds * 1000, MAX_CRAWL_DELAY_MS) : 0;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message.slice(0, 500);
  return String(error).slice(0, 500);
}

/**
 * The source's link pattern for a run. One saved before patterns were checked for RE2
 * (back-references, look-around) fails the run with a clear message rather than being
 * ignored, which would follow every link of the site.
 */
function runPattern(source: string | null): LinkPattern | null {
  if (!source) return null;
  const pattern = compileLinkPattern(source);
  if (!pattern)
    throw new Error(
      `the link pattern ${JSON.stringify(source)} is not supported (the crawler's RE2 engine has no back-references or look-around); edit the source`,
    );
  return pattern;
}

export interface CrawlOptions {
  signal: AbortSignal;
  /** Called after each page, so the run's row shows progress. */
  progress?: (stats: CrawlStats) => Promise<void>;
}

/**
 * One run of a source: starts at its start URLs, follows same-site links matching its
 * pattern, honours robots.txt and waits delayMs (or the site's Crawl-delay, if longer)
 * between requests, stops at maxPages. A page whose title and content selectors match is
 * saved as a draft, unless its canonical URL or content hash was saved before.
 */
export async function crawl(
  app: FastifyInstance,
  spider: Spider,
  options: CrawlOptions,
): Promise<CrawlStats> {
  const { signal } = options;
  const allowPrivate = app.config.spider.allowPrivate;
  const userAgent = spider.userAgent ?? DEFAULT_USER_AGENT;
  const stats: CrawlStats = {
    pagesFetched: 0,
    itemsCreated: 0,
    duplicatesSkipped: 0,
    blockedByRobots: 0,
    errors: 0,
    errorLog: [],
  };
  const fail = (url: string, error: unknown) => {
    stats.errors++;
    if (stats.errorLog.length < MAX_ERRORS_KEPT)
      stats.errorLog.push({ url, message: describe(error) });
  };
  const sites = spider.startUrls.map((url) => new URL(url));
  const pattern = runPattern(spider.linkPattern);
  const robotsByOrigin = new Map<string, Robots>();
  const queue = [...new Set(sites.map(normalizeUrl))];
  const seen = new Set(queue);
  let lastRequest = 0;

  const wait = async (robots: Robots) => {
    const delay = Math.max(spider.delayMs, robotsDelayMs(robots, userAgent));
    const due = lastRequest + delay - Date.now();
    if (lastRequest > 0 && due > 0) await sleep(due, undefined, { signal });
    lastRequest = Date.now();
  };

  while (queue.length > 0 && stats.pagesFetched < spider.maxPages) {
    signal.throwIfAborted();
    const address = queue.shift()!;
    const origin = new URL(address).origin;
    let robots = robotsByOrigin.get(origin);
    if (robots === undefined) {
      try {
        await wait("allow");
        robots = await readRobots(origin, userAgent, allowPrivate, signal);
      } catch (error) {
        fail(`${origin}/robots.txt`, error);
        robots = "deny";
      }
      robotsByOrigin.set(origin, robots);
    }
    if (!robotsAllow(robots, address, userAgent)) {
      stats.blockedByRobots++;
      continue;
    }
    await wait(robots);
    let $: Page;
    let pageUrl: string;
    try {
      const answer = await safeFetch(address, {
        allowPrivate,
        userAgent,
        signal,
        accept: "text/html,application/xhtml+xml",
      });
      stats.pagesFetched++;
      if (answer.status < 200 || answer.status >= 300) {
        fail(address, `HTTP ${answer.status}`);
        continue;
      }
      if (!/html|xml/i.test(answer.contentType)) {
        fail(address, `not an HTML page (${answer.contentType || "no type"})`);
        continue;
      }
      pageUrl = answer.url;
      $ = await loadPage(answer.body.toString("utf8"));
    } catch (error) {
      signal.throwIfAborted();
      fail(address, error);
      continue;
    }
    for (const link of followableLinks($, pageUrl, sites, pattern)) {
      if (!seen.has(link)) {
        seen.add(link);
        queue.push(link);
      }
    }
    try {
      const outcome = await saveIfItem(app, spider, $, pageUrl, {
        allowPrivate,
        userAgent,
        signal,
        fail,
      });
      if (outcome === "created") stats.itemsCreated++;
      else if (outcome === "duplicate") stats.duplicatesSkipped++;
    } catch (error) {
      signal.throwIfAborted();
      fail(pageUrl, error);
    }
    await options.progress?.(stats);
  }
  return stats;
}

async function copyImage(
  app: FastifyInstance,
  url: string,
  fetchOptions: {
    allowPrivate: boolean;
    userAgent: string;
    signal: AbortSignal;
  },
): Promise<{ id: number; url: string }> {
  const answer = await safeFetch(url, { ...fetchOptions, accept: "image/*" });
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`HTTP ${answer.status}`);
  const name = decodeURIComponent(
    new URL(answer.url).pathname.split("/").pop() ?? "",
  );
  const { row } = await ingestUpload(
    app,
    Readable.from([answer.body]),
    name || undefined,
    null,
    (format) => format.kind === "image",
  );
  return { id: row.id, url: fileRecord(row).url };
}

async function saveIfItem(
  app: FastifyInstance,
  spider: Spider,
  $: Page,
  pageUrl: string,
  context: {
    allowPrivate: boolean;
    userAgent: string;
    signal: AbortSignal;
    fail: (url: string, error: unknown) => void;
  },
): Promise<"created" | "duplicate" | "none"> {
  const found = extract($, pageUrl, spider.selectors);
  if (!found.title || !found.contentHtml) return "none";
  const canonical = canonicalUrl($, pageUrl);
  const urlHash = sha256(canonical);
  let body = sanitizeStoredHtml(found.contentHtml);
  const hash = await contentHash(body);
  const db = app.store.db;
  const duplicate = await db
    .selectFrom("spiderItems")
    .select("id")
    .where((eb) =>
      eb.or([eb("urlHash", "=", urlHash), eb("contentHash", "=", hash)]),
    )
    .executeTakeFirst();
  if (duplicate) return "duplicate";

  const fetchOptions = {
    allowPrivate: context.allowPrivate,
    userAgent: context.userAgent,
    signal: context.signal,
  };
  // Images are copied into the media library; one that cannot be is dropped (a draft
  // never points at another site's files) and the run's log says why.
  const content = await loadPage(body);
  const images = content("img[src]").toArray();
  for (const element of images) {
    const image = content(element);
    const src = image.attr("src")!;
    try {
      const copied = await copyImage(app, src, fetchOptions);
      image.attr("src", copied.url);
    } catch (error) {
      context.signal.throwIfAborted();
      context.fail(src, error);
      image.remove();
    }
  }
  if (images.length > 0) body = sanitizeStoredHtml(content.root().html() ?? "");
  let coverFileId: number | null = null;
  if (found.cover) {
    try {
      coverFileId = (await copyImage(app, found.cover, fetchOptions)).id;
    } catch (error) {
      context.signal.throwIfAborted();
      context.fail(found.cover, error);
    }
  }
  const item: CrawledItem = {
    title: found.title,
    body,
    author: found.author,
    day: parseDay(found.date),
    coverFileId,
    sourceUrl: canonical,
    tagIds: spider.defaultTagIds,
  };
  try {
    await app.store.transaction(async (trx) => {
      const recordId = await saveDraft(app, trx, spider.target, item);
      await trx
        .insertInto("spiderItems")
        .values({
          spiderId: spider.id,
          urlHash,
          canonicalUrl: canonical,
          contentHash: hash,
          target: spider.target,
          recordId,
          createdAt: nowIso(),
        })
        .execute();
    });
  } catch (error) {
    // Another run saved the same page meanwhile.
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
  return "created";
}
