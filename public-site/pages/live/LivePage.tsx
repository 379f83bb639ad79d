import { useEffect, useState } from "react";
import { api } from "../../api";
import { useSite } from "../../context";
import { HlsVideo } from "../sermons/VideoPlayer";
import { LIVE_POLL_MS, type LivePageData, type LiveStatus } from "./data";

/** A moment in the reader's language; the server writes it in UTC, the browser locally. */
function moment(iso: string, language: string, timeZone?: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime())
    ? iso
    : new Intl.DateTimeFormat(language, {
        year: "numeric",
        month: "short",
        day: "numeric",
        weekday: "short",
        hour: "2-digit",
        minute: "2-digit",
        timeZone,
        timeZoneName: "short",
      }).format(time);
}

/** Days, hours and minutes until `iso`, counted each second once hydrated. */
function Countdown({ iso }: { iso: string }) {
  const { t } = useSite();
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (now === null) return null;
  const left = Math.max(0, Math.floor((Date.parse(iso) - now) / 1000));
  const days = Math.floor(left / 86_400);
  const hours = Math.floor((left % 86_400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const seconds = left % 60;
  return (
    <p className="live-countdown">
      {left === 0
        ? t("live.starting")
        : t("live.countdown", {
            time: `${days > 0 ? `${days}d ` : ""}${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`,
          })}
    </p>
  );
}

/** The service's start in the visitor's own time zone (UTC until hydrated). */
function StartTime({ iso }: { iso: string }) {
  const { language } = useSite();
  const [local, setLocal] = useState(false);
  useEffect(() => setLocal(true), []);
  return (
    <time dateTime={iso}>
      {moment(iso, language, local ? undefined : "UTC")}
    </time>
  );
}

/**
 * `/live`: on air now with the HLS player, else the next service with a countdown; the
 * notices; recent replays. Readable without JavaScript; with it, asks
 * `/tjc/public/live` every LIVE_POLL_MS, so a service that starts shows without a reload.
 */
export function LivePage({ data }: { data: LivePageData }) {
  const { t, language } = useSite();
  const [status, setStatus] = useState<LiveStatus>(data.status);
  useEffect(() => {
    const timer = setInterval(() => {
      api<LiveStatus>(language, "GET", "/public/live")
        .then(setStatus)
        .catch(() => undefined); // Keep what is shown; the next poll tries again.
    }, LIVE_POLL_MS);
    return () => clearInterval(timer);
  }, [language]);
  const { live, next } = status;
  return (
    <article className="live">
      <h1>{t("page.live.title")}</h1>
      {status.notices.length > 0 ? (
        <ul className="live-notices" role="status">
          {status.notices.map((notice) => (
            <li key={notice.id}>{notice.text}</li>
          ))}
        </ul>
      ) : null}
      {live ? (
        <section aria-labelledby="live-now" className="sermon-video">
          <h2 id="live-now">
            {t("live.on_air_title", {
              title: live.video?.title ?? live.channel.name,
            })}
          </h2>
          {live.channel.description ? <p>{live.channel.description}</p> : null}
          {live.channel.playbackUrl ? (
            <>
              <HlsVideo url={live.channel.playbackUrl} labelledBy="live-now" />
              <p>
                <a href={live.channel.playbackUrl}>{t("live.stream_link")}</a>
              </p>
            </>
          ) : null}
        </section>
      ) : next ? (
        <section aria-labelledby="live-next">
          <h2 id="live-next">{t("live.next_title")}</h2>
          <p>
            <strong>{next.video.title}</strong>
            {next.video.preacher ? ` · ${next.video.preacher}` : null}
          </p>
          <p>
            {t("live.starts_at")} <StartTime iso={next.video.scheduledStart} />
          </p>
          <Countdown iso={next.video.scheduledStart} />
        </section>
      ) : (
        <p>{status.offlineText || t("live.nothing")}</p>
      )}
      {data.replays.length > 0 ? (
        <section aria-labelledby="live-replays">
          <h2 id="live-replays">{t("live.replays")}</h2>
          <ul>
            {data.replays.map((replay) => {
              const href = replay.sermonId
                ? `/sermons/${replay.sermonId}`
                : replay.replayUrl;
              return (
                <li key={replay.id}>
                  {href ? <a href={href}>{replay.title}</a> : replay.title}
                  {replay.endedAt ? (
                    <span className="site-muted">
                      {" "}
                      · {moment(replay.endedAt, language, "UTC")}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
