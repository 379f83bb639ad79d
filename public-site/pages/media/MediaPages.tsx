import type { ReactNode } from "react";
import { useSite } from "../../context";
import { ContentList, Cover, day, Fact } from "../ContentParts";
import { AudioPlayer, audioPositionKey } from "../sermons/AudioPlayer";
import { VideoPlayer } from "../sermons/VideoPlayer";
import { clock } from "../sermons/format";
import { audiosUrl, videosUrl, type MediaPageData } from "./data";

type Data<P extends MediaPageData["page"]> = Extract<
  MediaPageData,
  { page: P }
>;

/** A list row's facts: the day, the length, and who spoke (audio). */
function RowMeta({
  publishedAt,
  durationSec,
  children,
}: {
  publishedAt: string | null;
  durationSec: number | null;
  children?: ReactNode;
}) {
  const { t, language } = useSite();
  return (
    <p className="post-meta">
      {publishedAt ? (
        <span>
          <time dateTime={publishedAt}>{day(publishedAt, language)}</time>
        </span>
      ) : null}
      {durationSec ? (
        <span>
          {t("media.length")} {clock(durationSec)}
        </span>
      ) : null}
      {children}
    </p>
  );
}

/** `/audios`: the audio items, newest first, a keyword, a speaker and a series. */
export function AudiosPage({ data }: { data: Data<"audios"> }) {
  const { t } = useSite();
  const { query, audios } = data;
  const narrowed = Boolean(query.q || query.speaker || query.series);
  const title = query.speaker
    ? t("audios.by_speaker", { name: query.speaker })
    : query.series
      ? t("audios.in_series", { name: query.series })
      : t("page.audios.title");
  return (
    <ContentList
      title={title}
      action="/audios"
      formLabel={t("audios.filters")}
      keyword={query.q}
      extraFields={
        <>
          {query.speaker ? (
            <input type="hidden" name="speaker" value={query.speaker} />
          ) : null}
          {query.series ? (
            <input type="hidden" name="series" value={query.series} />
          ) : null}
        </>
      }
      countText={
        audios.total === 0
          ? t(narrowed ? "audios.no_results" : "audios.empty")
          : t("audios.count", { count: audios.total })
      }
      narrowed={narrowed}
      clearUrl="/audios"
      rows={audios.list.map((audio) => (
        <li key={audio.id} className="post">
          <h2 className="post-title">
            <a href={`/audios/${audio.id}`}>{audio.title}</a>
          </h2>
          <RowMeta
            publishedAt={audio.publishedAt}
            durationSec={audio.durationSec}
          >
            {audio.speaker ? (
              <span>
                <a href={audiosUrl({ speaker: audio.speaker })}>
                  {audio.speaker}
                </a>
              </span>
            ) : null}
            {audio.series ? (
              <span>
                <a href={audiosUrl({ series: audio.series })}>{audio.series}</a>
              </span>
            ) : null}
          </RowMeta>
          {audio.description ? <p>{audio.description}</p> : null}
        </li>
      ))}
      page={query.page}
      pages={Math.max(1, Math.ceil(audios.total / data.pageSize))}
      urlOf={(page) => audiosUrl({ ...query, page })}
    />
  );
}

/** `/videos`: the video items, newest first, with a keyword. */
export function VideosPage({ data }: { data: Data<"videos"> }) {
  const { t } = useSite();
  const { query, videos } = data;
  const narrowed = Boolean(query.q);
  return (
    <ContentList
      title={t("page.videos.title")}
      action="/videos"
      formLabel={t("videos.filters")}
      keyword={query.q}
      countText={
        videos.total === 0
          ? t(narrowed ? "videos.no_results" : "videos.empty")
          : t("videos.count", { count: videos.total })
      }
      narrowed={narrowed}
      clearUrl="/videos"
      rows={videos.list.map((video) => (
        <li key={video.id} className="post">
          <h2 className="post-title">
            <a href={`/videos/${video.id}`}>{video.title}</a>
          </h2>
          <RowMeta
            publishedAt={video.publishedAt}
            durationSec={video.durationSec}
          />
          {video.description ? <p>{video.description}</p> : null}
        </li>
      ))}
      page={query.page}
      pages={Math.max(1, Math.ceil(videos.total / data.pageSize))}
      urlOf={(page) => videosUrl({ ...query, page })}
    />
  );
}

/** `/audios/:id`: an audio item, played in place with speed and resume. */
export function AudioPage({ data }: { data: Data<"audio"> }) {
  const { t, language } = useSite();
  const { audio } = data;
  return (
    <article className="sermon">
      <p>
        <a href="/audios">{t("audio.back")}</a>
      </p>
      <h1>{audio.title}</h1>
      <dl className="sermon-meta" aria-label={t("audio.meta")}>
        {audio.speaker ? (
          <Fact term={t("audio.speaker")}>
            <a href={audiosUrl({ speaker: audio.speaker })}>{audio.speaker}</a>
          </Fact>
        ) : null}
        {audio.series ? (
          <Fact term={t("audio.series")}>
            <a href={audiosUrl({ series: audio.series })}>{audio.series}</a>
          </Fact>
        ) : null}
        {audio.publishedAt ? (
          <Fact term={t("media.date")}>
            <time dateTime={audio.publishedAt}>
              {day(audio.publishedAt, language)}
            </time>
          </Fact>
        ) : null}
        {audio.durationSec ? (
          <Fact term={t("media.length")}>{clock(audio.durationSec)}</Fact>
        ) : null}
      </dl>
      <Cover cover={audio.cover} />
      {audio.description ? <p>{audio.description}</p> : null}
      {audio.audio ? (
        <AudioPlayer
          storageKey={audioPositionKey(audio.id)}
          audio={audio.audio}
        />
      ) : null}
    </article>
  );
}

/** `/videos/:id`: a video item: its file, an HLS replay, or the link it points to. */
export function VideoPage({ data }: { data: Data<"video"> }) {
  const { t, language } = useSite();
  const { video } = data;
  return (
    <article className="sermon">
      <p>
        <a href="/videos">{t("video.back")}</a>
      </p>
      <h1>{video.title}</h1>
      <dl className="sermon-meta" aria-label={t("video.meta")}>
        {video.publishedAt ? (
          <Fact term={t("media.date")}>
            <time dateTime={video.publishedAt}>
              {day(video.publishedAt, language)}
            </time>
          </Fact>
        ) : null}
        {video.durationSec ? (
          <Fact term={t("media.length")}>{clock(video.durationSec)}</Fact>
        ) : null}
      </dl>
      {video.description ? <p>{video.description}</p> : null}
      <VideoPlayer
        video={video.video}
        videoUrl={video.videoUrl}
        poster={video.cover?.url}
      />
    </article>
  );
}
