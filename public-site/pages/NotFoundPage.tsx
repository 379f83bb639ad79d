import { useEffect, useState } from "react";
import { useSite } from "../context";
import { HiddenPosts } from "./HiddenPosts";

export function NotFoundPage({ about }: { about?: "sermon" }) {
  const { t } = useSite();
  // A question hidden by a moderator is no page for visitors; its author, led here by
  // the "hidden" notice, reads it with the moderator's reason.
  const [questionId, setQuestionId] = useState<number | null>(null);
  useEffect(() => {
    const { pathname, search } = window.location;
    const id = Number(new URLSearchParams(search).get("id"));
    if (pathname === "/topicDetail" && Number.isInteger(id) && id > 0)
      setQuestionId(id);
  }, []);
  return (
    <article>
      <HiddenPosts questionId={questionId} show="question" />
      <h1>{t("page.not_found.title")}</h1>
      {about === "sermon" ? (
        <>
          <p>{t("sermon.not_found")}</p>
          <p>
            <a href="/sermons">{t("sermon.back")}</a>
          </p>
        </>
      ) : (
        <>
          <p>{t("page.not_found.text")}</p>
          <p>
            <a href="/ask">{t("page.not_found.back")}</a>
          </p>
        </>
      )}
    </article>
  );
}
