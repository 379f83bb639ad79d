import type { CheerioAPI } from "cheerio/slim";
import type { SpiderSelectors } from "../../common/schemas/spider.js";
import { MAX_LINK_LENGTH, type LinkPattern } from "./link-pattern.js";
import { sameSite } from "./safe-fetch.js";

export type Page = CheerioAPI;

// cheerio (its htmlparser2 build, "slim") is loaded on the crawler's first use, not at
// start: the full package with its HTTP client added ~30 MB to every process's RSS.
let cheerioModule: Promise<typeof import("cheerio/slim")> | undefined;
const loadCheerio = () => (cheerioModule ??= import("cheerio/slim"));

export async function loadPage(html: string): Promise<Page> {
  const { load } = await loadCheerio();
  return load(html);
}

/** Whether a CSS selector parses (a bad one is a 40000, not a failed run). */
export async function selectorParses(selector: string): Promise<boolean> {
  const { load } = await loadCheerio();
  try {
    load("<p></p>")(selector);
    return true;
  } catch {
    return false;
  }
}

/** The address without its fragment: the same page whatever the anchor. */
export function normalizeUrl(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = "";
  return copy.href;
}

/**
 * The links a run follows from a page: http(s), on the site of one of `sites`, matching
 * `pattern` when there is one (link-pattern.ts), at most MAX_LINK_LENGTH characters;
 * fragments dropped, each once.
 */
export function followableLinks(
  $: Page,
  base: string,
  sites: URL[],
  pattern: LinkPattern | null,
): string[] {
  const found = new Set<string>();
  $("a[href]").each((_, element) => {
    const href = $(element).attr("href");
    if (!href) return;
    let url: URL;
    try {
      url = new URL(href, base);
    } catch {
      return;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return;
    if (!sites.some((site) => sameSite(site, url))) return;
    const normal = normalizeUrl(url);
    if (normal.length > MAX_LINK_LENGTH) return;
    if (pattern && !pattern.test(normal)) return;
    found.add(normal);
  });
  return [...found];
}

/** The page's canonical address when it names one on the same site, else its own. */
export function canonicalUrl($: Page, pageUrl: string): string {
  const href = $('link[rel="canonical"]').attr("href");
  const own = new URL(pageUrl);
  if (href) {
    try {
      const url = new URL(href, pageUrl);
      if (
        (url.protocol === "http:" || url.protocol === "https:") &&
        sameSite(own, url)
      ) {
        return normalizeUrl(url);
      }
    } catch {
      // a malformed canonical link: the page's own address
    }
  }
  return normalizeUrl(own);
}

/** A value of an element: a meta's content, a time's datetime, an image's src, or text. */
function valueOf($: Page, selector: string | null): string | null {
  if (!selector) return null;
  const element = $(selector).first();
  if (element.length === 0) return null;
  const value =
    element.attr("content") ??
    element.attr("datetime") ??
    (element.is("img") ? element.attr("src") : undefined) ??
    element.text();
  const trimmed = value.replace(/\s+/g, " ").trim();
  return trimmed === "" ? null : trimmed;
}

/** A date as YYYY-MM-DD, from "2024-05-01", "2024/5/1", "2024年5月1日" or an ISO time. */
export function parseDay(text: string | null): string | null {
  if (!text) return null;
  const match = /(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})/.exec(
    text,
  );
  if (match) {
    const [, y, m, d] = match;
    const day = `${y}-${m!.padStart(2, "0")}-${d!.padStart(2, "0")}`;
    return Number.isNaN(Date.parse(day)) ? null : day;
  }
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

export interface Extracted {
  title: string | null;
  /** The content's HTML as found, its links and images made absolute (not yet sanitised). */
  contentHtml: string | null;
  author: string | null;
  date: string | null;
  /** The cover image's absolute address. */
  cover: string | null;
  matches: Record<string, number>;
}

/** What each selector finds on a page. */
export function extract(
  $: Page,
  pageUrl: string,
  selectors: SpiderSelectors,
): Extracted {
  const matches: Record<string, number> = {};
  for (const [key, selector] of Object.entries(selectors)) {
    if (selector) matches[key] = $(selector).length;
  }
  const content = $(selectors.content).first();
  let contentHtml: string | null = null;
  if (content.length > 0) {
    content.find("[src], [href]").each((_, element) => {
      const node = $(element);
      for (const attribute of ["src", "href"]) {
        const value = node.attr(attribute);
        if (!value) continue;
        try {
          node.attr(attribute, new URL(value, pageUrl).href);
        } catch {
          node.removeAttr(attribute);
        }
      }
    });
    contentHtml = content.html();
  }
  const absolute = (value: string | null) => {
    if (!value) return null;
    try {
      return new URL(value, pageUrl).href;
    } catch {
      return null;
    }
  };
  return {
    title: valueOf($, selectors.title),
    contentHtml: contentHtml?.trim() ? contentHtml : null,
    author: valueOf($, selectors.author),
    date: valueOf($, selectors.date),
    cover: absolute(valueOf($, selectors.cover)),
    matches,
  };
}
