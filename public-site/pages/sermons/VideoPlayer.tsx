import { useEffect, useRef, useState } from "react";
import { useSite } from "../../context";
import type { SermonFile } from "./data";

/** An external video URL that is an HLS playlist (`.m3u8`), played in place. */
export function isHls(url: string): boolean {
  try {
    return new URL(url).pathname.toLowerCase().endsWith(".m3u8");
  } catch {
    return false;
  }
}

/**
 * A sermon's or a video item's video: a library file in `<video preload="none">`; an HLS replay behind
 * a button that loads hls.js (its light build) only when pressed, with the plain link
 * for a reader without JavaScript; any other external URL (YouTube, Bilibili) a link.
 */
export function VideoPlayer({
  video,
  videoUrl,
  poster,
}: {
  video: SermonFile | null;
  videoUrl: string | null;
  poster?: string;
}) {
  const { t } = useSite();
  if (video)
    return (
      <section className="sermon-video" aria-labelledby="sermon-watch">
        <h2 id="sermon-watch">{t("sermon.watch")}</h2>
        <video
          controls
          preload="none"
          src={video.url}
          poster={poster}
          aria-labelledby="sermon-watch"
        >
          <a href={video.url}>{t("sermon.video_link")}</a>
        </video>
      </section>
    );
  if (!videoUrl) return null;
  return (
    <section className="sermon-video" aria-labelledby="sermon-watch">
      <h2 id="sermon-watch">{t("sermon.watch")}</h2>
      {isHls(videoUrl) ? <HlsVideo url={videoUrl} /> : null}
      <p>
        <a href={videoUrl} target="_blank" rel="noopener noreferrer">
          {t("sermon.video_link")}
        </a>
      </p>
    </section>
  );
}

/** An HLS stream behind a "play" button that loads hls.js only when pressed (also /live). */
export function HlsVideo({
  url,
  labelledBy = "sermon-watch",
}: {
  url: string;
  /** The id of the heading that names the video. */
  labelledBy?: string;
}) {
  const { t } = useSite();
  const video = useRef<HTMLVideoElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [pressed, setPressed] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => setEnhanced(true), []);
  useEffect(() => {
    const element = video.current;
    if (!pressed || !element) return;
    let destroy = () => {};
    let cancelled = false;
    const play = () => element.play().catch(() => undefined);
    if (element.canPlayType("application/vnd.apple.mpegurl")) {
      element.src = url;
      play();
      return () => element.removeAttribute("src");
    }
    import("hls.js/light").then(
      ({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) return setFailed(true);
        const hls = new Hls();
        hls.on(Hls.Events.MANIFEST_PARSED, play);
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setFailed(true);
        });
        hls.loadSource(url);
        hls.attachMedia(element);
        destroy = () => hls.destroy();
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      destroy();
    };
  }, [pressed, url]);
  if (!enhanced) return null;
  return (
    <>
      {pressed ? (
        <video ref={video} controls aria-labelledby={labelledBy} />
      ) : (
        <button type="button" onClick={() => setPressed(true)}>
          {t("sermon.play_video")}
        </button>
      )}
      {failed ? <p role="alert">{t("sermon.video_unsupported")}</p> : null}
    </>
  );
}
