import { withParams, type PublicCover, type PublicFile } from "../content/data";

/**
 * The pages of the audio and video items that are not part of a sermon (hymns,
 * testimonies, a replay nobody wrote up; issue 23 item 4, docs/content.md). A sermon's
 * own recording plays on the sermon's page.
 */

export interface AudioSummary {
  id: number;
  title: string;
  speaker: string | null;
  series: string | null;
  description: string | null;
  publishedAt: string | null;
  durationSec: number | null;
}

export interface AudioDetail extends AudioSummary {
  audio: PublicFile | null;
  cover: PublicCover | null;
}

export interface VideoSummary {
  id: number;
  title: string;
  description: string | null;
  publishedAt: string | null;
  durationSec: number | null;
}

export interface VideoDetail extends VideoSummary {
  video: PublicFile | null;
  /** An external video: an HLS playlist plays in place, anything else is a link. */
  videoUrl: string | null;
  cover: PublicCover | null;
}

export interface AudioQuery {
  q: string;
  speaker: string;
  series: string;
  page: number;
}

export interface VideoQuery {
  q: string;
  page: number;
}

export type MediaPageData =
  | {
      page: "audios";
      query: AudioQuery;
      audios: { list: AudioSummary[]; total: number };
      pageSize: number;
    }
  | { page: "audio"; audio: AudioDetail }
  | {
      page: "videos";
      query: VideoQuery;
      videos: { list: VideoSummary[]; total: number };
      pageSize: number;
    }
  | { page: "video"; video: VideoDetail };

/** The URL of the audio list for a query, keeping only what is set. */
export function audiosUrl(query: Partial<AudioQuery>): string {
  return withParams("/audios", {
    speaker: query.speaker,
    series: query.series,
    q: query.q,
    page: query.page,
  });
}

/** The URL of the video list for a query, keeping only what is set. */
export function videosUrl(query: Partial<VideoQuery>): string {
  return withParams("/videos", { q: query.q, page: query.page });
}
