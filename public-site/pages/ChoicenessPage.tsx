import { useSite } from "../context";
import type { PageData } from "../data";
import { PostByline } from "./Byline";

export function ChoicenessPage({
  data,
}: {
  data: Extract<PageData, { page: "choicenessCommon" }>;
}) {
  const { t } = useSite();
  return (
    <article>
      <h1>{t("page.choicenessCommon.title")}</h1>
      <p>{t("page.choicenessCommon.intro")}</p>
      {data.answers.list.length === 0 ? (
        <p>{t("choiceness.empty")}</p>
      ) : (
        <ol className="post-list">
          {data.answers.list.map((answer) => (
            <li key={answer.id} className="post">
              <h2 className="post-title">
                <span className="site-muted">{t("choiceness.in")} </span>
                <a href={`/topicDetail?id=${answer.questionId}`}>
                  {answer.questionTitle}
                </a>
              </h2>
              {answer.recommendNote ? (
                <p className="post-meta">
                  {t("choiceness.note")} {answer.recommendNote}
                </p>
              ) : null}
              <div
                className="post-body"
                dangerouslySetInnerHTML={{ __html: answer.body }}
              />
              <p className="site-muted">
                <PostByline kind="answer" post={answer} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
