import { useSite } from "../context";
import { askUrl, tagDescription, tagName, type PageData } from "../data";

export function TagListPage({
  data,
}: {
  data: Extract<PageData, { page: "tagList" }>;
}) {
  const { t, language } = useSite();
  return (
    <article>
      <h1>{t("page.tagList.title")}</h1>
      <p>{t("page.tagList.intro")}</p>
      <ul className="tag-grid">
        {data.tags.map((tag) => (
          <li key={tag.id}>
            <a href={askUrl({ tagId: tag.id })} className="tag">
              {tagName(tag, language)}
            </a>{" "}
            <span className="site-muted">
              {t("tags.questions", { count: tag.questionCount })}
            </span>
            {tagDescription(tag, language) ? (
              <p>{tagDescription(tag, language)}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </article>
  );
}
