import type { ReactNode } from "react";
import { useSite } from "../../context";
import { Pagination, PassageLinks } from "../ContentParts";
import { fileSize } from "../sermons/format";
import {
  articlesUrl,
  DOC_LANGUAGE_VALUES,
  docsUrl,
  type ContentPageData,
  type PublicCover,
  type PublicFile,
} from "./data";
import type { VerseRange } from "../../../common/passages";

type Data<P extends ContentPageData["page"]> = Extract<
  ContentPageData,
  { page: P }
>;

/** A day or a moment (ISO) as the reader writes the day; the same on server and client. */
function day(iso: string, language: string): string {
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
function ContentList({
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

/** `/articles`: newest first, a keyword and an author. */
export function ArticlesPage({ data }: { data: Data<"articles"> }) {
  const { t, language } = useSite();
  const { query, articles } = data;
  const narrowed = Boolean(query.q || query.author);
  return (
    <ContentList
      title={
        query.author
          ? t("articles.by_author", { name: query.author })
          : t("page.articles.title")
      }
      action="/articles"
      formLabel={t("articles.filters")}
      keyword={query.q}
      extraFields={
        query.author ? (
          <input type="hidden" name="author" value={query.author} />
        ) : null
      }
      countText={
        articles.total === 0
          ? t(narrowed ? "articles.no_results" : "articles.empty")
          : t("articles.count", { count: articles.total })
      }
      narrowed={narrowed}
      clearUrl="/articles"
      rows={articles.list.map((article) => (
        <li key={article.id} className="post">
          <h2 className="post-title">
            <a href={`/articles/${article.id}`}>{article.title}</a>
          </h2>
          <p className="post-meta">
            {article.publishedAt ? (
              <span>
                <time dateTime={article.publishedAt}>
                  {day(article.publishedAt, language)}
                </time>
              </span>
            ) : null}
            {article.author ? (
              <span>
                <a href={articlesUrl({ author: article.author })}>
                  {article.author}
                </a>
              </span>
            ) : null}
            {article.category ? <span>{article.category}</span> : null}
          </p>
          {article.summary ? <p>{article.summary}</p> : null}
        </li>
      ))}
      page={query.page}
      pages={Math.max(1, Math.ceil(articles.total / data.pageSize))}
      urlOf={(page) => articlesUrl({ ...query, page })}
    />
  );
}

/** A document's download link: its name, size and type, opened or saved by the browser. */
function Download({ file }: { file: PublicFile }) {
  const { t } = useSite();
  return (
    <a className="button" href={file.url} download={file.name}>
      {t("docs.download", { name: file.name })}{" "}
      <span>({fileSize(file.size)})</span>
    </a>
  );
}

/** `/docs`: the gospel documents, newest first, a keyword and a language. */
export function DocsPage({ data }: { data: Data<"docs"> }) {
  const { t } = useSite();
  const { query, docs } = data;
  const narrowed = Boolean(query.q || query.language);
  return (
    <ContentList
      title={t("page.docs.title")}
      action="/docs"
      formLabel={t("docs.filters")}
      keyword={query.q}
      extraFields={
        <label>
          <span>{t("docs.language")}</span>
          <select name="language" defaultValue={query.language}>
            <option value="">{t("content.any")}</option>
            {DOC_LANGUAGE_VALUES.map((value) => (
              <option key={value} value={value}>
                {t(`doc.language.${value}`)}
              </option>
            ))}
          </select>
        </label>
      }
      countText={
        docs.total === 0
          ? t(narrowed ? "docs.no_results" : "docs.empty")
          : t("docs.count", { count: docs.total })
      }
      narrowed={narrowed}
      clearUrl="/docs"
      rows={docs.list.map((doc) => (
        <li key={doc.id} className="post">
          <h2 className="post-title">
            <a href={`/docs/${doc.id}`}>{doc.title}</a>
          </h2>
          <p className="post-meta">
            <span>{t(`doc.language.${doc.language}`)}</span>
          </p>
          {doc.description ? <p>{doc.description}</p> : null}
          {doc.file ? (
            <p>
              <Download file={doc.file} />
            </p>
          ) : null}
        </li>
      ))}
      page={query.page}
      pages={Math.max(1, Math.ceil(docs.total / data.pageSize))}
      urlOf={(page) => docsUrl({ ...query, page })}
    />
  );
}

function Cover({ cover }: { cover: PublicCover | null }) {
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
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function PassageFact({ term, ranges }: { term: string; ranges: VerseRange[] }) {
  return ranges.length > 0 ? (
    <Fact term={term}>
      <PassageLinks ranges={ranges} />
    </Fact>
  ) : null;
}

/** `/articles/:id`: title, author and day, cover, body and the passages it names. */
export function ArticlePage({ data }: { data: Data<"article"> }) {
  const { t, language } = useSite();
  const { article } = data;
  return (
    <article className="sermon">
      <p>
        <a href="/articles">{t("article.back")}</a>
      </p>
      <h1>{article.title}</h1>
      <dl className="sermon-meta" aria-label={t("article.meta")}>
        {article.author ? (
          <Fact term={t("article.author")}>
            <a href={articlesUrl({ author: article.author })}>
              {article.author}
            </a>
          </Fact>
        ) : null}
        {article.publishedAt ? (
          <Fact term={t("article.date")}>
            <time dateTime={article.publishedAt}>
              {day(article.publishedAt, language)}
            </time>
          </Fact>
        ) : null}
        {article.category ? (
          <Fact term={t("article.category")}>{article.category}</Fact>
        ) : null}
        <PassageFact term={t("article.passage")} ranges={data.passageRanges} />
      </dl>
      <Cover cover={article.cover} />
      {article.summary ? (
        <p className="sermon-summary">{article.summary}</p>
      ) : null}
      {article.body ? (
        <div
          className="post-body"
          // Sanitised when stored (server/services/html-sanitizer.ts).
          dangerouslySetInnerHTML={{ __html: article.body }}
        />
      ) : null}
      {article.sourceUrl && /^https?:\/\//i.test(article.sourceUrl) ? (
        <p>
          <a href={article.sourceUrl} rel="noopener nofollow">
            {t("article.source")}
          </a>
        </p>
      ) : null}
    </article>
  );
}

/** `/docs/:id`: a gospel document, its description and its download link. */
export function DocPage({ data }: { data: Data<"doc"> }) {
  const { t, language } = useSite();
  const { doc } = data;
  return (
    <article className="sermon">
      <p>
        <a href="/docs">{t("doc.back")}</a>
      </p>
      <h1>{doc.title}</h1>
      <dl className="sermon-meta" aria-label={t("doc.meta")}>
        <Fact term={t("docs.language")}>
          <a href={docsUrl({ language: doc.language })}>
            {t(`doc.language.${doc.language}`)}
          </a>
        </Fact>
        {doc.publishedAt ? (
          <Fact term={t("doc.date")}>
            <time dateTime={doc.publishedAt}>
              {day(doc.publishedAt, language)}
            </time>
          </Fact>
        ) : null}
        <PassageFact term={t("doc.passage")} ranges={data.passageRanges} />
      </dl>
      <Cover cover={doc.cover} />
      {doc.description ? <p>{doc.description}</p> : null}
      {doc.file ? (
        <p>
          <Download file={doc.file} />
        </p>
      ) : null}
    </article>
  );
}
