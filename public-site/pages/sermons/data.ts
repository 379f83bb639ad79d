import type { VerseRange } from "../../../common/passages";
import type { PublicCover, PublicFile } from "../content/data";

/** A sermon in a list: what a row shows, without its body. */
export interface SermonSummary {
  id: number;
  title: string;
  preacher: string | null;
  series: string | null;
  serviceType: string | null;
  preachedOn: string | null;
  passage: string | null;
  summary: string | null;
  /** Seconds of its audio, when it has one. */
  audioSeconds: number | null;
  hasVideo: boolean;
}

/** A file a sermon page plays or offers for download. */
export type SermonFile = PublicFile;

/** A published sermon as its page shows it. */
export interface SermonDetail extends SermonSummary {
  /** Sanitised HTML (stored so). */
  body: string;
  publishedAt: string | null;
  audio: SermonFile | null;
  video: SermonFile | null;
  /** An external video: an HLS playlist plays in place, anything else is a link. */
  videoUrl: string | null;
  cover: PublicCover | null;
  attachments: SermonFile[];
}

/** The library's filters as the URL holds them; "" or null when not set. */
export interface SermonQuery {
  q: string;
  series: string;
  preacher: string;
  type: string;
  year: number | null;
  /** An OSIS book code (`John`), or "". */
  book: string;
  page: number;
}

/** The values the library's filters offer: those of published sermons only. */
export interface SermonFacets {
  series: string[];
  preachers: string[];
  serviceTypes: string[];
  years: number[];
}

/** The pages of the sermon library (issue 23). */
export type SermonPageData =
  | {
      page: "sermons";
      /** The library, a series' page or a preacher's page. */
      scope: "all" | "series" | "preacher";
      query: SermonQuery;
      sermons: { list: SermonSummary[]; total: number };
      pageSize: number;
      facets: SermonFacets;
    }
  | {
      page: "sermon";
      sermon: SermonDetail;
      /** The ranges its passage names (links to the passage page). */
      passageRanges: VerseRange[];
      previous: { id: number; title: string } | null;
      next: { id: number; title: string } | null;
    };

/** The URL of a library page for a query, keeping only what is set. */
export function sermonsUrl(
  query: Partial<SermonQuery>,
  scope: "all" | "series" | "preacher" = "all",
): string {
  const params = new URLSearchParams();
  let path = "/sermons";
  if (scope === "series" && query.series)
    path = `/sermons/series/${encodeURIComponent(query.series)}`;
  else if (query.series) params.set("series", query.series);
  if (scope === "preacher" && query.preacher)
    path = `/sermons/preachers/${encodeURIComponent(query.preacher)}`;
  else if (query.preacher) params.set("preacher", query.preacher);
  if (query.type) params.set("type", query.type);
  if (query.year) params.set("year", String(query.year));
  if (query.book) params.set("book", query.book);
  if (query.q) params.set("q", query.q);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The podcast feed of every sermon, or of one series. */
export function podcastUrl(series?: string | null): string {
  return series
    ? `/tjc/public/podcast.xml?series=${encodeURIComponent(series)}`
    : "/tjc/public/podcast.xml";
}

/** The passage page of a reference. */
export function passageUrl(reference: string): string {
  return `/passage?ref=${encodeURIComponent(reference)}`;
}
