import { useSite } from "../../context";
import {
  ContentList,
  Cover,
  day,
  Fact,
  PassageFact,
  StoredHtml,
} from "../ContentParts";
import { fileSize } from "../sermons/format";
import {
  articlesUrl,
  DOC_LANGUAGE_VALUES,
  docsUrl,
  type ContentPageData,
  type PublicFile,
} from "./data";

type Data<P extends ContentPageData["page"]> = Extract<
  ContentPageData,
  { page: P }
>;

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
      {article.body ? <StoredHtml html={article.body} /> : null}
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
