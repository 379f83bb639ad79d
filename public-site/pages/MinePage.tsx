import { useEffect, useState } from "react";
import type {
  Answer,
  AskNotification,
  Question,
} from "../../common/schemas/ask";
import { api } from "../api";
import { failureText, formatTime, useSite } from "../context";
import { Byline } from "./Byline";
import { FormAlert } from "./FieldError";

interface Mine {
  questions: Question[];
  answers: (Answer & { questionTitle: string })[];
  notifications: AskNotification[];
  mutedUntil: string | null;
}

/** A member's own page: their questions, answers and notifications (read with their token). */
export function MinePage() {
  const { t, language, user } = useSite();
  const [mine, setMine] = useState<Mine | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = async () => {
    try {
      const [questions, answers, notifications, me] = await Promise.all([
        api<{ list: Question[] }>(language, "GET", "/ask/me/questions"),
        api<{ list: Mine["answers"] }>(language, "GET", "/ask/me/answers"),
        api<{ list: AskNotification[] }>(language, "GET", "/ask/notifications"),
        api<{ mutedUntil: string | null }>(language, "GET", "/ask/me"),
      ]);
      setMine({
        questions: questions.list,
        answers: answers.list,
        notifications: notifications.list,
        mutedUntil: me.mutedUntil,
      });
    } catch (failure) {
      setError(failureText(failure, t, language));
    }
  };
  useEffect(() => {
    if (user) void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);

  const markRead = async () => {
    await api(language, "POST", "/ask/notifications/read", {});
    await load();
  };

  return (
    <article>
      <h1>{t("account.mine")}</h1>
      {!user ? (
        <p>
          <a href="/ask?view=login&back=%2Fask%3Fview%3Dmine">
            {t("account.login_required")}
          </a>
        </p>
      ) : null}
      <FormAlert error={error} />
      {mine ? (
        <>
          {mine.mutedUntil ? (
            <p role="status" className="error">
              {t("error.muted", {
                until: new Intl.DateTimeFormat(language, {
                  dateStyle: "medium",
                  timeStyle: "short",
                }).format(new Date(mine.mutedUntil)),
              })}
            </p>
          ) : null}
          <section>
            <h2>{t("account.notifications")}</h2>
            <p>
              <a href="/ask?view=mail">{t("mail.settings")}</a>
            </p>
            <p>
              <a href="/ask?view=account">{t("settings.link")}</a>
            </p>
            {mine.notifications.length === 0 ? (
              <p>{t("account.nothing")}</p>
            ) : (
              <>
                <ul className="notices">
                  {mine.notifications.map((notice) => (
                    <li
                      key={notice.id}
                      className={notice.read ? "read" : "unread"}
                    >
                      <a href={noticeHref(notice)}>
                        {t(
                          notice.count > 1
                            ? `notice.${notice.kind}_many`
                            : `notice.${notice.kind}`,
                          {
                            title: notice.questionTitle ?? "",
                            count: notice.count,
                          },
                        )}
                      </a>{" "}
                      <span className="site-muted notice-actor">
                        {notice.actor ? (
                          <Byline
                            message={
                              notice.count > 1
                                ? "notice.by_latest"
                                : "notice.by"
                            }
                            author={notice.actor}
                            time={notice.createdAt}
                          />
                        ) : (
                          formatTime(notice.createdAt, language)
                        )}
                      </span>
                    </li>
                  ))}
                </ul>
                <button type="button" onClick={markRead}>
                  {t("account.mark_read")}
                </button>
              </>
            )}
          </section>
          <section>
            <h2>{t("account.my_questions")}</h2>
            {mine.questions.length === 0 ? <p>{t("account.nothing")}</p> : null}
            <ul>
              {mine.questions.map((question) => (
                <li key={question.id}>
                  <a href={`/topicDetail?id=${question.id}`}>
                    {question.title}
                  </a>{" "}
                  <span className="site-muted">
                    {t(`status.${question.status}`)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h2>{t("account.my_answers")}</h2>
            {mine.answers.length === 0 ? <p>{t("account.nothing")}</p> : null}
            <ul>
              {mine.answers.map((answer) => (
                <li key={answer.id}>
                  <a href={`/topicDetail?id=${answer.questionId}`}>
                    {answer.questionTitle}
                  </a>{" "}
                  <span className="site-muted">
                    {t(`status.${answer.status}`)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
    </article>
  );
}

/** Where a notification leads: the answer it is about (`#answer-N`), else the question. */
export function noticeHref(notice: AskNotification): string {
  const page = `/topicDetail?id=${notice.questionId}`;
  return notice.answerId ? `${page}#answer-${notice.answerId}` : page;
}
