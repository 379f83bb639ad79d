import { useEffect, useState } from "react";
import { useSite } from "../context";
import { HiddenPosts } from "./HiddenPosts";

import type { NotFoundAbout } from "../data";

/** A content page's not-found text and its way back. */
const CONTENT: Record<
  NotFoundAbout,
  { text: string; back: string; href: string }
> = {
  sermon: { text: "sermon.not_found", back: "sermon.back", href: "/sermons" },
  article: {
    text: "article.not_found",
    back: "article.back",
    href: "/articles",
  },
  document: { text: "doc.not_found", back: "doc.back", href: "/docs" },
  audio: { text: "audio.not_found", back: "audio.back", href: "/audios" },
  video: { text: "video.not_found", back: "video.back", href: "/videos" },
};

export function NotFoundPage({ about }: { about?: NotFoundAbout }) {
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
      {about ? (
        <>
          <p>{t(CONTENT[about].text)}</p>
          <p>
            <a href={CONTENT[about].href}>{t(CONTENT[about].back)}</a>
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
