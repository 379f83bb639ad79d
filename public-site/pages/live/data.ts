/** `/live` (issue 23 item 6): what `/tjc/public/live` answers, and the recent replays. */
export interface LiveChannel {
  id: number;
  name: string;
  description: string | null;
  playbackUrl: string | null;
  coverUrl: string | null;
}

export interface LiveVideo {
  id: number;
  title: string;
  preacher: string | null;
  scheduledStart: string;
  scheduledEnd: string;
  startedAt: string | null;
}

/** The part of `GET /tjc/public/live`'s answer the page shows (the poll reads the same). */
export interface LiveStatus {
  live: { channel: LiveChannel; video: LiveVideo | null } | null;
  next: { channel: LiveChannel; video: LiveVideo } | null;
  notices: { id: number; text: string }[];
  offlineText: string | null;
  now: string;
}

/** A service that has ended, with where to watch it again. */
export interface LiveReplay {
  id: number;
  title: string;
  endedAt: string | null;
  /** Its published sermon's page, when one was made. */
  sermonId: number | null;
  /** The recording itself otherwise (a library file or an external URL). */
  replayUrl: string | null;
}

export interface LivePageData {
  page: "live";
  status: LiveStatus;
  replays: LiveReplay[];
}

/** How often an open /live page asks again (a service start shows within this). */
export const LIVE_POLL_MS = 30_000;
