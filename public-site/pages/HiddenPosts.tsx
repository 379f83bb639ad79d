import { useEffect, useState } from "react";
import type { HiddenPosts as Hidden } from "../../common/schemas/ask";
import { api } from "../api";
import { useSite } from "../context";

/**
 * A member's own hidden posts on a question, with the moderator's reason: where a
 * "hidden" notice leads. The server renders every page logged out, so they are asked
 * for after hydration, and only by their author.
 */
export function HiddenPosts({
  questionId,
  show = "all",
}: {
  questionId: number | null;
  /** The not-found page shows the hidden question; a public question, the answers. */
  show?: "question" | "answers" | "all";
}) {
  const { t, language, user } = useSite();
  const [hidden, setHidden] = useState<Hidden | null>(null);
  useEffect(() => {
    if (!user || !questionId) return;
    api<Hidden>(language, "GET", `/ask/me/hidden?questionId=${questionId}`)
      .then(setHidden)
      .catch(() => {});
  }, [user, language, questionId]);
  // An anchor (#answer-N) names an element that came only now: scroll to it.
  useEffect(() => {
    if (!hidden || !window.location.hash) return;
    document
      .getElementById(window.location.hash.slice(1))
      ?.scrollIntoView({ block: "start" });
  }, [hidden]);
  if (!hidden) return null;
  const question = show === "answers" ? null : hidden.question;
  const answers = show === "question" ? [] : hidden.answers;
  if (!question && answers.length === 0) return null;
  const reason = (text: string | null) =>
    t("hidden.reason", { reason: text || t("hidden.no_reason") });
  return (
    <section className="hidden-posts" aria-labelledby="hidden-heading">
      <h2 id="hidden-heading">{t("hidden.heading")}</h2>
      {question ? (
        <div className="post hidden-post" id={`question-${question.id}`}>
          <h3>{question.title}</h3>
          <p className="error">{reason(question.reason)}</p>
          <div
            className="post-body"
            dangerouslySetInnerHTML={{ __html: question.body }}
          />
        </div>
      ) : null}
      {answers.map((answer) => (
        <div
          key={answer.id}
          className="post hidden-post"
          id={`answer-${answer.id}`}
        >
          <p className="error">{reason(answer.reason)}</p>
          <div
            className="post-body"
            dangerouslySetInnerHTML={{ __html: answer.body }}
          />
        </div>
      ))}
    </section>
  );
}
