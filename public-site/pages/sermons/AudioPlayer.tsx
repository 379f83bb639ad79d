import { useEffect, useRef, useState } from "react";
import { useSite } from "../../context";
import type { SermonFile } from "./data";
import { clock } from "./format";

export const PLAYBACK_SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
/** Where a listener stopped, per sermon or audio item, in this browser. */
export const positionKey = (sermonId: number) => `sermon-position:${sermonId}`;
export const audioPositionKey = (audioId: number) =>
  `audio-position:${audioId}`;
/**
 * A position this close to the end is "finished" and the next visit starts over: the
 * last 10 s, or the last twentieth of a short recording.
 */
const END_MARGIN_SEC = 10;

function storedPosition(key: string): number {
  try {
    const value = Number(localStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}

function storePosition(key: string, seconds: number): void {
  try {
    if (seconds > 0) localStorage.setItem(key, String(Math.floor(seconds)));
    else localStorage.removeItem(key);
  } catch {
    // Storage full or refused (private mode): the position is simply not kept.
  }
}

/**
 * A sermon's or an audio item's recording: a plain `<audio preload="none">` that plays
 * without JavaScript. With it, a speed choice (0.75×–2×) and the position kept per
 * recording in localStorage (`storageKey`), from which the next visit continues.
 */
export function AudioPlayer({
  storageKey,
  audio,
}: {
  storageKey: string;
  audio: SermonFile;
}) {
  const { t } = useSite();
  const element = useRef<HTMLAudioElement>(null);
  // Enhancements appear after hydration, so the server's HTML and the first render agree.
  const [enhanced, setEnhanced] = useState(false);
  const [resumeAt, setResumeAt] = useState(0);
  const [speed, setSpeed] = useState(1);

  useEffect(() => {
    setEnhanced(true);
    const at = storedPosition(storageKey);
    setResumeAt(at);
    const player = element.current;
    if (!player) return;
    let lastSaved = 0;
    const seekOnce = () => {
      if (at > 0 && player.currentTime < 1 && at < player.duration - 1)
        player.currentTime = at;
    };
    const save = () => {
      const done =
        Number.isFinite(player.duration) &&
        player.currentTime >=
          player.duration - Math.min(END_MARGIN_SEC, player.duration / 20);
      storePosition(storageKey, done ? 0 : player.currentTime);
    };
    const onTime = () => {
      if (Math.abs(player.currentTime - lastSaved) >= 2) {
        lastSaved = player.currentTime;
        save();
      }
    };
    player.addEventListener("loadedmetadata", seekOnce, { once: true });
    player.addEventListener("timeupdate", onTime);
    player.addEventListener("pause", save);
    player.addEventListener("ended", save);
    // Metadata may already be there (a fast cache, or playing began before hydration).
    if (player.readyState >= 1) seekOnce();
    return () => {
      player.removeEventListener("loadedmetadata", seekOnce);
      player.removeEventListener("timeupdate", onTime);
      player.removeEventListener("pause", save);
      player.removeEventListener("ended", save);
    };
  }, [storageKey]);

  useEffect(() => {
    if (element.current) element.current.playbackRate = speed;
  }, [speed]);

  return (
    <section className="sermon-audio" aria-labelledby="sermon-listen">
      <h2 id="sermon-listen">{t("sermon.listen")}</h2>
      <audio
        ref={element}
        controls
        preload="none"
        src={audio.url}
        aria-labelledby="sermon-listen"
      >
        <a href={audio.url}>{t("sermon.download_audio")}</a>
      </audio>
      {enhanced ? (
        <div className="sermon-audio-tools">
          <label>
            <span>{t("sermon.speed")}</span>{" "}
            <select
              value={speed}
              onChange={(e) => setSpeed(Number(e.target.value))}
            >
              {PLAYBACK_SPEEDS.map((value) => (
                <option key={value} value={value}>
                  {value}×
                </option>
              ))}
            </select>
          </label>
          {resumeAt > 0 ? (
            <p className="site-muted" role="status">
              {t("sermon.resumed", { time: clock(resumeAt) })}
            </p>
          ) : null}
        </div>
      ) : null}
      <p>
        <a href={audio.url} download>
          {t("sermon.download_audio")}
        </a>
      </p>
    </section>
  );
}
