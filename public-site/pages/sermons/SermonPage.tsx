import { useSite } from "../../context";
import { AudioPlayer, positionKey } from "./AudioPlayer";
import { podcastUrl, sermonsUrl, type SermonPageData } from "./data";
import { fileSize, formatDay } from "./format";
import { VideoPlayer } from "./VideoPlayer";
import { Cover, PassageLinks, StoredHtml } from "../ContentParts";

type SermonData = Extract<SermonPageData, { page: "sermon" }>;

/** A sermon's page: what it is, its recordings, its text, its files and its series. */
export function SermonPage({ data }: { data: SermonData }) {
  const { t, language } = useSite();
  const { sermon } = data;
  return (
    <article className="sermon">
      <p>
        <a href="/sermons">{t("sermon.back")}</a>
      </p>
      <h1>{sermon.title}</h1>
      <dl className="sermon-meta" aria-label={t("sermon.meta")}>
        {sermon.preacher ? (
          <div>
            <dt>{t("sermon.preacher")}</dt>
            <dd>
              <a href={sermonsUrl({ preacher: sermon.preacher }, "preacher")}>
                {sermon.preacher}
              </a>
            </dd>
          </div>
        ) : null}
        {sermon.preachedOn ? (
          <div>
            <dt>{t("sermon.date")}</dt>
            <dd>
              <time dateTime={sermon.preachedOn}>
                {formatDay(sermon.preachedOn, language)}
              </time>
            </dd>
          </div>
        ) : null}
        {sermon.serviceType ? (
          <div>
            <dt>{t("sermon.type")}</dt>
            <dd>
              <a href={sermonsUrl({ type: sermon.serviceType })}>
                {sermon.serviceType}
              </a>
            </dd>
          </div>
        ) : null}
        {sermon.series ? (
          <div>
            <dt>{t("sermon.series")}</dt>
            <dd>
              <a href={sermonsUrl({ series: sermon.series }, "series")}>
                {sermon.series}
              </a>
            </dd>
          </div>
        ) : null}
        {sermon.passage ? (
          <div>
            <dt>{t("sermon.passage")}</dt>
            <dd>
              {data.passageRanges.length > 0 ? (
                <PassageLinks ranges={data.passageRanges} />
              ) : (
                sermon.passage
              )}
            </dd>
          </div>
        ) : null}
      </dl>
      <Cover cover={sermon.cover} />
      {sermon.summary ? (
        <p className="sermon-summary">{sermon.summary}</p>
      ) : null}
      {sermon.audio ? (
        <AudioPlayer storageKey={positionKey(sermon.id)} audio={sermon.audio} />
      ) : null}
      <VideoPlayer
        video={sermon.video}
        videoUrl={sermon.videoUrl}
        poster={sermon.cover?.url}
      />
      {sermon.body ? <StoredHtml html={sermon.body} /> : null}
      {sermon.attachments.length > 0 ? (
        <section aria-labelledby="sermon-attachments">
          <h2 id="sermon-attachments">{t("sermon.attachments")}</h2>
          <ul>
            {sermon.attachments.map((file) => (
              <li key={file.url}>
                <a href={file.url} download={file.name}>
                  {file.name}
                </a>{" "}
                <span className="site-muted">({fileSize(file.size)})</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <SeriesLinks data={data} />
    </article>
  );
}

/** Previous and next in the series, and the podcast feeds to subscribe to. */
function SeriesLinks({ data }: { data: SermonData }) {
  const { t } = useSite();
  const { sermon, previous, next } = data;
  return (
    <>
      {previous || next ? (
        <nav aria-label={t("sermon.in_series")} className="pagination">
          {previous ? (
            <a rel="prev" href={`/sermons/${previous.id}`}>
              {t("sermon.previous", { title: previous.title })}
            </a>
          ) : null}
          {next ? (
            <a rel="next" href={`/sermons/${next.id}`}>
              {t("sermon.next", { title: next.title })}
            </a>
          ) : null}
        </nav>
      ) : null}
      <section aria-labelledby="sermon-subscribe" className="sermon-subscribe">
        <h2 id="sermon-subscribe">{t("sermons.subscribe")}</h2>
        <ul>
          <li>
            <a href={podcastUrl()} type="application/rss+xml">
              {t("sermons.subscribe_all")}
            </a>
          </li>
          {sermon.series ? (
            <li>
              <a href={podcastUrl(sermon.series)} type="application/rss+xml">
                {t("sermons.subscribe_series")}
              </a>
            </li>
          ) : null}
        </ul>
      </section>
    </>
  );
}
