import type { VerseRange } from "../../../common/passages";

/**
 * The articles' and gospel documents' pages (issue 23 item 4), beside the sermons'. What
 * the content pages share (a file, a cover, a list's paging) is defined here once.
 */

/** A library file a page plays or offers for download. */
export interface PublicFile {
  url: string;
  mime: string;
  name: string;
  size: number;
  durationSec: number | null;
}

export interface PublicCover {
  url: string;
  width: number | null;
  height: number | null;
}

export interface ArticleSummary {
  id: number;
  title: string;
  author: string | null;
  category: string | null;
  summary: string | null;
  publishedAt: string | null;
}

export interface ArticleDetail extends ArticleSummary {
  /** Sanitised HTML (stored so). */
  body: string;
  sourceUrl: string | null;
  cover: PublicCover | null;
}

/** The languages a gospel document is written in (common/schemas/gospel-doc.ts). */
export const DOC_LANGUAGE_VALUES = [
  "zh-CN",
  "zh-TW",
  "en-US",
  "other",
] as const;
export type DocLanguageValue = (typeof DOC_LANGUAGE_VALUES)[number];

export interface DocSummary {
  id: number;
  title: string;
  description: string | null;
  language: DocLanguageValue;
  publishedAt: string | null;
  /** The document to download (pdf, epub, docx, pptx). */
  file: PublicFile | null;
}

export interface DocDetail extends DocSummary {
  cover: PublicCover | null;
}

export interface ArticleQuery {
  q: string;
  author: string;
  page: number;
}

export interface DocQuery {
  q: string;
  /** A document language, or "". */
  language: DocLanguageValue | "";
  page: number;
}

export type ContentPageData =
  | {
      page: "articles";
      query: ArticleQuery;
      articles: { list: ArticleSummary[]; total: number };
      pageSize: number;
    }
  | {
      page: "article";
      article: ArticleDetail;
      /** The passages its text names (links to the passage page). */
      passageRanges: VerseRange[];
    }
  | {
      page: "docs";
      query: DocQuery;
      docs: { list: DocSummary[]; total: number };
      pageSize: number;
    }
  | { page: "doc"; doc: DocDetail; passageRanges: VerseRange[] };

/** A list page's URL with only the parameters that are set (page 1 left out). */
export function withParams(
  path: string,
  params: Record<string, unknown>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value && !(key === "page" && value === 1))
      search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The URL of the articles' list for a query, keeping only what is set. */
export function articlesUrl(query: Partial<ArticleQuery>): string {
  return withParams("/articles", {
    author: query.author,
    q: query.q,
    page: query.page,
  });
}

/** The URL of the gospel documents' list for a query, keeping only what is set. */
export function docsUrl(query: Partial<DocQuery>): string {
  return withParams("/docs", {
    language: query.language,
    q: query.q,
    page: query.page,
  });
}
