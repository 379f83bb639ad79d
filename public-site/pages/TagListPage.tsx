import { useSite } from "../context";
import { askUrl, tagName, type PageData } from "../data";

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
            {tag.description ? <p>{tag.description}</p> : null}
          </li>
        ))}
      </ul>
    </article>
  );
}
