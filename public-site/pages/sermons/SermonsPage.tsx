import { BOOKS } from "../../../common/passages";
import { useSite } from "../../context";
import {
  podcastUrl,
  sermonsUrl,
  type SermonPageData,
  type SermonQuery,
  type SermonSummary,
} from "./data";
import { formatDay } from "./format";
import { Pagination } from "../ContentParts";

type LibraryData = Extract<SermonPageData, { page: "sermons" }>;

/** The sermon library, a series' page or a preacher's page: a GET form and links only. */
export function SermonsPage({ data }: { data: LibraryData }) {
  const { t } = useSite();
  const { query, scope } = data;
  const pages = Math.max(1, Math.ceil(data.sermons.total / data.pageSize));
  const heading =
    scope === "series"
      ? t("sermons.series_title", { name: query.series })
      : scope === "preacher"
        ? t("sermons.preacher_title", { name: query.preacher })
        : t("page.sermons.title");
  const narrowed = Boolean(
    query.q ||
    query.type ||
    query.year ||
    query.book ||
    (scope !== "series" && query.series) ||
    (scope !== "preacher" && query.preacher),
  );
  return (
    <article className="sermons">
      <div className="page-head">
        <h1>{heading}</h1>
        <a
          className="button"
          href={podcastUrl(scope === "series" ? query.series : null)}
        >
          {scope === "series"
            ? t("sermons.subscribe_series")
            : t("sermons.subscribe")}
        </a>
      </div>
      {scope !== "all" ? (
        <p>
          <a href="/sermons">{t("sermons.all")}</a>
        </p>
      ) : null}
      <Filters data={data} />
      <p aria-live="polite">
        {data.sermons.total === 0
          ? narrowed
            ? t("sermons.no_results")
            : t("sermons.empty")
          : t("sermons.count", { count: data.sermons.total })}
        {narrowed ? (
          <>
            {" "}
            <a
              href={sermonsUrl(
                { [scopeField(scope)]: scopeValue(data) },
                scope,
              )}
            >
              {t("sermons.clear")}
            </a>
          </>
        ) : null}
      </p>
      {data.sermons.list.length > 0 ? (
        <ol className="post-list">
          {data.sermons.list.map((sermon) => (
            <SermonRow key={sermon.id} sermon={sermon} />
          ))}
        </ol>
      ) : null}
      <Pagination
        page={query.page}
        pages={pages}
        urlOf={(page) => sermonsUrl({ ...query, page }, scope)}
      />
    </article>
  );
}

function scopeField(scope: LibraryData["scope"]): keyof SermonQuery {
  return scope === "preacher" ? "preacher" : "series";
}

function scopeValue(data: LibraryData): string {
  if (data.scope === "series") return data.query.series;
  if (data.scope === "preacher") return data.query.preacher;
  return "";
}

/** One select of the filter form; the current value stays offered even when unlisted. */
function Choice({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  const { t } = useSite();
  const listed = value === "" || options.some((o) => o.value === value);
  return (
    <label>
      <span>{label}</span>
      <select name={name} defaultValue={value}>
        <option value="">{t("sermons.any")}</option>
        {listed ? null : <option value={value}>{value}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The filters: one GET form, so it works without JavaScript and the URL can be shared. */
function Filters({ data }: { data: LibraryData }) {
  const { t, language } = useSite();
  const { query, facets, scope } = data;
  const plain = (values: string[]) =>
    values.map((v) => ({ value: v, label: v }));
  const action =
    scope === "all"
      ? "/sermons"
      : sermonsUrl({ [scopeField(scope)]: scopeValue(data) }, scope);
  return (
    <form
      method="get"
      action={action}
      role="search"
      className="sermon-filters"
      aria-label={t("sermons.filters")}
    >
      <label className="sermon-keyword">
        <span>{t("sermons.keyword")}</span>
        <input type="search" name="q" defaultValue={query.q} maxLength={200} />
      </label>
      {scope === "series" ? null : (
        <Choice
          name="series"
          label={t("sermons.series")}
          value={query.series}
          options={plain(facets.series)}
        />
      )}
      {scope === "preacher" ? null : (
        <Choice
          name="preacher"
          label={t("sermons.preacher")}
          value={query.preacher}
          options={plain(facets.preachers)}
        />
      )}
      <Choice
        name="type"
        label={t("sermons.type")}
        value={query.type}
        options={plain(facets.serviceTypes)}
      />
      <Choice
        name="year"
        label={t("sermons.year")}
        value={query.year ? String(query.year) : ""}
        options={facets.years.map((y) => ({
          value: String(y),
          label: String(y),
        }))}
      />
      <Choice
        name="book"
        label={t("sermons.book")}
        value={query.book}
        options={BOOKS.map(([osis, zh, en]) => ({
          value: osis,
          label: language === "zh-CN" ? zh : en,
        }))}
      />
      <button type="submit">{t("sermons.apply")}</button>
    </form>
  );
}

/** A sermon in a list: its title, day, preacher, series and passage, each a link. */
export function SermonRow({ sermon }: { sermon: SermonSummary }) {
  const { t, language } = useSite();
  return (
    <li className="post">
      <h2 className="post-title">
        <a href={`/sermons/${sermon.id}`}>{sermon.title}</a>
      </h2>
      <p className="post-meta">
        {sermon.preachedOn ? (
          <span>
            <time dateTime={sermon.preachedOn}>
              {formatDay(sermon.preachedOn, language)}
            </time>
          </span>
        ) : null}
        {sermon.preacher ? (
          <span>
            <a href={sermonsUrl({ preacher: sermon.preacher }, "preacher")}>
              {sermon.preacher}
            </a>
          </span>
        ) : null}
        {sermon.series ? (
          <span>
            <a href={sermonsUrl({ series: sermon.series }, "series")}>
              {sermon.series}
            </a>
          </span>
        ) : null}
        {sermon.serviceType ? <span>{sermon.serviceType}</span> : null}
        {sermon.passage ? <span>{sermon.passage}</span> : null}
        {sermon.audioSeconds === null ? null : sermon.audioSeconds > 0 ? (
          <span>
            {t("sermons.audio_minutes", {
              count: Math.max(1, Math.round(sermon.audioSeconds / 60)),
            })}
          </span>
        ) : (
          <span>{t("sermons.audio")}</span>
        )}
        {sermon.hasVideo ? <span>{t("sermons.video")}</span> : null}
      </p>
      {sermon.summary ? <p>{sermon.summary}</p> : null}
    </li>
  );
}
