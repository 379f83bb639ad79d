/**
 * The /tjc client runs outside React, yet must show notices and move to another page.
 * The app connects the real notifier (react-admin's) and the router's navigate here;
 * until it does, notices wait in a queue and navigation falls back to a page load.
 */
export type NoticeType = "info" | "success" | "warning" | "error";

export interface Notice {
  message: string;
  type: NoticeType;
  durationMs: number;
}

type NoticeSink = (notice: Notice) => void;
type Navigator = (to: string) => void;

let noticeSink: NoticeSink | null = null;
let navigator: Navigator | null = null;
const waiting: Notice[] = [];
const recentlyShown = new Map<string, number>();

/** How long a notice counts as "just shown", so a second copy of it can be dropped. */
export const DUPLICATE_WINDOW_MS = 4000;

export function showNotice(notice: Notice): void {
  recentlyShown.set(notice.message, Date.now());
  if (noticeSink) noticeSink(notice);
  else waiting.push(notice);
}

/** True when the client showed this exact message within the duplicate window. */
export function wasShownRecently(message: string, now = Date.now()): boolean {
  const at = recentlyShown.get(message);
  return at !== undefined && now - at <= DUPLICATE_WINDOW_MS;
}

export function connectNoticeSink(sink: NoticeSink): () => void {
  noticeSink = sink;
  for (const notice of waiting.splice(0)) sink(notice);
  return () => {
    if (noticeSink === sink) noticeSink = null;
  };
}

export function navigateTo(to: string): void {
  if (navigator) navigator(to);
  else window.location.assign(to);
}

export function connectNavigator(next: Navigator): () => void {
  navigator = next;
  return () => {
    if (navigator === next) navigator = null;
  };
}

/** For tests. */
export function resetShellBridge(): void {
  noticeSink = null;
  navigator = null;
  waiting.length = 0;
  recentlyShown.clear();
}
