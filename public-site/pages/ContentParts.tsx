import type { ReactNode } from "react";
import { formatRange, type VerseRange } from "../../common/passages";
import type { PublicCover } from "./content/data";
import type { PageData } from "../data";
import { useSite } from "../context";
import { passageUrl } from "./sermons/data";

/** A list's previous and next page links, as plain links (every public list). */
export function Pagination({
  page,
  pages,
  urlOf,
}: {
  page: number;
  pages: number;
  /** The URL of page `n` of the same list. */
  urlOf: (n: number) => string;
}) {
  const { t } = useSite();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("site.pagination")} className="pagination">
      {page > 1 ? (
        <a rel="prev" href={urlOf(page - 1)}>
          {t("site.previous_page")}
        </a>
      ) : null}
      <span>{t("site.page_of", { page, pages })}</span>
      {page < pages ? (
        <a rel="next" href={urlOf(page + 1)}>
          {t("site.next_page")}
        </a>
      ) : null}
    </nav>
  );
}

/** Each verse range as a link to its passage page, in the reader's language. */
export function PassageLinks({ ranges }: { ranges: VerseRange[] }) {
  const { language } = useSite();
  return (
    <>
      {ranges.map((range, i) => {
        const text = formatRange(range, language);
        return (
          <span key={`${range.start}-${range.end}`}>
            {i > 0 ? "; " : null}
            <a href={passageUrl(text)}>{text}</a>
          </span>
        );
      })}
    </>
  );
}

/** A day or a moment (ISO) as the reader writes the day; the same on server and client. */
export function day(iso: string, language: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime())
    ? iso
    : new Intl.DateTimeFormat(language, {
        dateStyle: "long",
        timeZone: "UTC",
      }).format(time);
}

/**
 * A content list's frame: heading, one GET search form (works without JavaScript, the
 * URL can be shared), the count with a way to clear, the rows, and the page links.
 */
export function ContentList({
  title,
  action,
  formLabel,
  keyword,
  extraFields,
  countText,
  narrowed,
  clearUrl,
  rows,
  page,
  pages,
  urlOf,
}: {
  title: string;
  action: string;
  formLabel: string;
  keyword: string;
  extraFields?: ReactNode;
  countText: string;
  narrowed: boolean;
  clearUrl: string;
  rows: ReactNode[];
  page: number;
  pages: number;
  urlOf: (n: number) => string;
}) {
  const { t } = useSite();
  return (
    <article className="content-list">
      <h1>{title}</h1>
      <form
        method="get"
        action={action}
        role="search"
        className="sermon-filters"
        aria-label={formLabel}
      >
        <label className="sermon-keyword">
          <span>{t("content.keyword")}</span>
          <input
            type="search"
            name="q"
            defaultValue={keyword}
            maxLength={200}
          />
        </label>
        {extraFields}
        <button type="submit">{t("content.search")}</button>
      </form>
      <p aria-live="polite">
        {countText}
        {narrowed ? (
          <>
            {" "}
            <a href={clearUrl}>{t("content.clear")}</a>
          </>
        ) : null}
      </p>
      {rows.length > 0 ? <ol className="post-list">{rows}</ol> : null}
      <Pagination page={page} pages={pages} urlOf={urlOf} />
    </article>
  );
}

export function Cover({ cover }: { cover: PublicCover | null }) {
  return cover ? (
    <img
      className="sermon-cover"
      src={cover.url}
      alt=""
      width={cover.width ?? undefined}
      height={cover.height ?? undefined}
      decoding="async"
    />
  ) : null;
}

/** One row of a detail page's facts. */
export function Fact({
  term,
  children,
}: {
  term: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function PassageFact({
  term,
  ranges,
}: {
  term: string;
  ranges: VerseRange[];
}) {
  return ranges.length > 0 ? (
    <Fact term={term}>
      <PassageLinks ranges={ranges} />
    </Fact>
  ) : null;
}

/**
 * A content page's stored HTML (a sermon's or an article's body), sanitised when stored
 * (server/services/html-sanitizer.ts). The page's hydration data leaves it out: the HTML
 * holds it once, and the browser reads it back from here before hydrating
 * (withStoredHtml), instead of the page carrying it twice (docs/performance.md, issue 23).
 */
export function StoredHtml({ html }: { html: string }) {
  return (
    <div
      className="post-body"
      data-stored-html=""
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** The page data to hydrate from, without the stored HTML the page's HTML holds. */
export function withoutStoredHtml(data: PageData): PageData {
  if (data.page === "sermon" && data.sermon.body)
    return { ...data, sermon: { ...data.sermon, body: "" } };
  if (data.page === "article" && data.article.body)
    return { ...data, article: { ...data.article, body: "" } };
  return data;
}

/** The page data with its stored HTML read back from the server-rendered page. */
export function withStoredHtml(data: PageData, root: ParentNode): PageData {
  const html = root.querySelector("[data-stored-html]")?.innerHTML;
  if (html === undefined) return data;
  if (data.page === "sermon")
    return { ...data, sermon: { ...data.sermon, body: html } };
  if (data.page === "article")
    return { ...data, article: { ...data.article, body: html } };
  return data;
}
