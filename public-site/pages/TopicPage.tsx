import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Answer } from "../../common/schemas/ask";
import { api } from "../api";
import { failureText, fieldErrors, useSite } from "../context";
import { EmailUnverified } from "./VerifyEmail";
import { FieldError, fieldProps, FormAlert } from "./FieldError";
import { askUrl, tagName, type PageData } from "../data";
import { formatRange, osisOfRange } from "../../common/passages";
import { AnswerEditor, canEdit, QuestionEditor } from "./EditPost";
import { LazyEditor } from "./LazyEditor";
import { HiddenPosts } from "./HiddenPosts";
import { PostByline } from "./Byline";
import { AnonymousChoice } from "./AnonymousChoice";

type TopicData = Extract<PageData, { page: "topicDetail" }>;
/** The caller's votes here, and which anonymous posts here are their own. */
type MyVotes = {
  question: number;
  answers: Record<string, number>;
  mine?: { question: boolean; answers: number[] };
};
const REASONS = ["spam", "abuse", "offTopic", "other"] as const;

export function TopicPage({ data }: { data: TopicData }) {
  const { t, language, user } = useSite();
  const { question } = data;
  const [answers, setAnswers] = useState(data.answers.list);
  const [acceptedId, setAcceptedId] = useState(question.acceptedAnswerId);
  const [votes, setVotes] = useState<MyVotes>({ question: 0, answers: {} });
  const [message, setMessage] = useState<string | null>(null);
  const [editingQuestion, setEditingQuestion] = useState(false);
  const [editingAnswerId, setEditingAnswerId] = useState<number | null>(null);

  useEffect(() => {
    if (!user) return;
    api<MyVotes>(language, "GET", `/ask/questions/${question.id}/votes`)
      .then(setVotes)
      .catch(() => {});
  }, [user, language, question.id]);

  const fail = (failure: unknown) =>
    setMessage(failureText(failure, t, language));
  // An anonymous post names nobody: its author learns it is theirs from `mine`.
  const isAsker =
    user?.userId === question.author.userId || votes.mine?.question === true;

  const accept = async (answerId: number) => {
    try {
      await api(language, "POST", `/ask/questions/${question.id}/accept`, {
        answerId,
      });
      setAcceptedId(answerId);
      setMessage(null);
    } catch (failure) {
      fail(failure);
    }
  };

  return (
    <article>
      <h1>{question.title}</h1>
      <p className="post-meta">
        <span>
          <PostByline kind="question" post={question} />
        </span>
        <span>{t("ask.views", { count: question.views })}</span>
      </p>
      <p className="post-tags">
        {question.tags.map((tag) => (
          <a key={tag.id} className="tag" href={askUrl({ tagId: tag.id })}>
            {tagName(tag, language)}
          </a>
        ))}
      </p>
      {data.passages.length > 0 ? (
        <p className="post-passages">
          <span>{t("passage.label")}</span>{" "}
          {data.passages.map((range) => (
            <a
              key={`${range.start}-${range.end}`}
              className="tag"
              href={askUrl({ passage: osisOfRange(range) })}
              lang={language}
            >
              {formatRange(range, language)}
            </a>
          ))}
        </p>
      ) : null}
      {editingQuestion ? (
        <QuestionEditor
          question={question}
          onCancel={() => setEditingQuestion(false)}
        />
      ) : (
        <div
          className="post-body"
          dangerouslySetInnerHTML={{ __html: question.body }}
        />
      )}
      {canEdit(user, question, votes.mine?.question) && !editingQuestion ? (
        <button type="button" onClick={() => setEditingQuestion(true)}>
          {t("topic.edit_question")}
        </button>
      ) : null}
      <PostActions
        targetType="question"
        targetId={question.id}
        authorId={question.author.userId}
        mine={votes.mine?.question}
        score={question.score}
        myVote={votes.question}
        onFail={fail}
      />
      {message ? (
        <p role="alert" className="error">
          {message}
        </p>
      ) : null}
      <section aria-labelledby="answers-heading">
        <h2 id="answers-heading">
          {t("topic.answers_heading", { count: answers.length })}
        </h2>
        <ol className="post-list">
          {[...answers]
            .sort(
              (a, b) =>
                Number(b.id === acceptedId) - Number(a.id === acceptedId),
            )
            .map((answer) => (
              <AnswerItem
                key={answer.id}
                answer={answer}
                accepted={answer.id === acceptedId}
                editing={editingAnswerId === answer.id}
                onEdit={setEditingAnswerId}
                onSaved={(saved) =>
                  setAnswers((list) =>
                    list.map((one) => (one.id === saved.id ? saved : one)),
                  )
                }
                myVote={votes.answers[String(answer.id)] ?? 0}
                mine={votes.mine?.answers.includes(answer.id)}
                onFail={fail}
                onAccept={
                  isAsker && answer.id !== acceptedId ? accept : undefined
                }
              />
            ))}
        </ol>
        <HiddenPosts questionId={question.id} show="answers" />
      </section>
      {question.status === "closed" ? (
        <p>
          {question.closeReason
            ? t("topic.closed_reason", { reason: question.closeReason })
            : t("topic.closed")}
        </p>
      ) : (
        <AnswerForm
          questionId={question.id}
          onAnswered={(answer) => setAnswers((list) => [...list, answer])}
        />
      )}
      <RelatedPosts related={data.related} />
    </article>
  );
}

/** One answer: its badges, body (or its editor), byline, votes and the asker's accept. */
function AnswerItem({
  answer,
  accepted,
  editing,
  onEdit,
  onSaved,
  myVote,
  mine,
  onFail,
  onAccept,
}: {
  answer: Answer;
  accepted: boolean;
  editing: boolean;
  onEdit: (id: number | null) => void;
  onSaved: (saved: Answer) => void;
  myVote: number;
  mine?: boolean;
  onFail: (failure: unknown) => void;
  onAccept?: (answerId: number) => void;
}) {
  const { t, user } = useSite();
  return (
    <li className="post" id={`answer-${answer.id}`}>
      <p className="badges">
        {accepted ? (
          <span className="badge accepted">{t("topic.accepted")}</span>
        ) : null}
        {answer.recommended ? (
          <span className="badge">{t("topic.recommended")}</span>
        ) : null}
      </p>
      {editing ? (
        <AnswerEditor
          answer={answer}
          onCancel={() => onEdit(null)}
          onSaved={(saved) => {
            onSaved(saved);
            onEdit(null);
          }}
        />
      ) : (
        <div
          className="post-body"
          dangerouslySetInnerHTML={{ __html: answer.body }}
        />
      )}
      {canEdit(user, answer, mine) && !editing ? (
        <button type="button" onClick={() => onEdit(answer.id)}>
          {t("topic.edit_answer")}
        </button>
      ) : null}
      <p className="site-muted">
        <PostByline kind="answer" post={answer} />
      </p>
      <PostActions
        targetType="answer"
        targetId={answer.id}
        authorId={answer.author.userId}
        mine={mine}
        score={answer.score}
        myVote={myVote}
        onFail={onFail}
      />
      {onAccept ? (
        <button type="button" onClick={() => onAccept(answer.id)}>
          {t("topic.accept")}
        </button>
      ) : null}
    </li>
  );
}

/** What else stands on the question's passages: sermons, articles, other questions. */
function RelatedPosts({ related }: { related: TopicData["related"] }) {
  const { t } = useSite();
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="related">
      <h2 id="related-heading">{t("passage.related_heading")}</h2>
      <ul>
        {related.map((hit) => (
          <li key={`${hit.type}-${hit.id}`}>
            <span className="related-type">
              {t(`passage.type.${hit.type}`)}
            </span>{" "}
            <a href={hit.link}>{hit.title}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PostActions({
  targetType,
  targetId,
  authorId,
  mine,
  score: initialScore,
  myVote,
  onFail,
}: {
  targetType: "question" | "answer";
  targetId: number;
  authorId: number;
  mine?: boolean;
  score: number;
  myVote: number;
  onFail: (failure: unknown) => void;
}) {
  const { t, language, user } = useSite();
  const [score, setScore] = useState(initialScore);
  const [vote, setVote] = useState(myVote);
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);
  const [reportErrors, setReportErrors] = useState<Record<string, string>>({});
  useEffect(() => setVote(myVote), [myVote]);
  // One's own post (`mine`: anonymous, no public author id) shows only its score.
  const own = mine === true || user?.userId === authorId;

  const cast = async (value: 1 | -1) => {
    if (!user) return window.location.assign(loginHref());
    const next = vote === value ? 0 : value;
    try {
      const answer = await api<{ score: number; value: number }>(
        language,
        "POST",
        "/ask/votes",
        { targetType, targetId, value: next },
      );
      setScore(answer.score);
      setVote(answer.value);
    } catch (failure) {
      onFail(failure);
    }
  };

  const report = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    try {
      await api(language, "POST", "/ask/reports", {
        targetType,
        targetId,
        reason: String(form.get("reason")),
        text: String(form.get("text") ?? ""),
      });
      setReported(true);
      setReporting(false);
      setReportErrors({});
    } catch (failure) {
      setReportErrors(fieldErrors(failure));
      onFail(failure);
    }
  };

  return (
    <div className="post-actions">
      {own ? null : (
        <button
          type="button"
          aria-pressed={vote === 1}
          aria-label={t("topic.vote_up")}
          onClick={() => cast(1)}
        >
          ▲
        </button>
      )}
      <span>{t("topic.score", { score })}</span>
      {own ? null : (
        <button
          type="button"
          aria-pressed={vote === -1}
          aria-label={t("topic.vote_down")}
          onClick={() => cast(-1)}
        >
          ▼
        </button>
      )}
      {reported ? (
        <span role="status">{t("topic.reported")}</span>
      ) : (
        <button
          type="button"
          className="link-button"
          onClick={() =>
            user
              ? setReporting(!reporting)
              : window.location.assign(loginHref())
          }
        >
          {t("topic.report")}
        </button>
      )}
      {reporting ? (
        <form className="stack report" onSubmit={report}>
          <label>
            {t("topic.report_reason")}
            <select
              name="reason"
              defaultValue="spam"
              {...fieldProps(
                reportErrors,
                `report-${targetType}-${targetId}`,
                "reason",
              )}
            >
              {REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`report.${reason}`)}
                </option>
              ))}
            </select>
            <FieldError
              errors={reportErrors}
              form={`report-${targetType}-${targetId}`}
              name="reason"
            />
          </label>
          <label>
            {t("topic.report_text")}
            <textarea
              name="text"
              maxLength={1000}
              rows={2}
              {...fieldProps(
                reportErrors,
                `report-${targetType}-${targetId}`,
                "text",
              )}
            />
            <FieldError
              errors={reportErrors}
              form={`report-${targetType}-${targetId}`}
              name="text"
            />
          </label>
          <button type="submit">{t("topic.report_submit")}</button>
        </form>
      ) : null}
    </div>
  );
}

function loginHref(): string {
  const back = `${window.location.pathname}${window.location.search}`;
  return `/ask?view=login&back=${encodeURIComponent(back)}`;
}

function AnswerForm({
  questionId,
  onAnswered,
}: {
  questionId: number;
  onAnswered: (answer: Answer) => void;
}) {
  const { t, language, user } = useSite();
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Disabled while sending, so a double click posts once (the server also answers a
  // repeat with the first post, server/routes/ask/shared.ts REPEAT_POST_WINDOW_MS).
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    const anonymous =
      new FormData(event.currentTarget).get("anonymous") !== null;
    try {
      const answer = await api<Answer>(
        language,
        "POST",
        `/ask/questions/${questionId}/answers`,
        { body, anonymous },
      );
      // A held answer is not listed until a moderator approves it.
      if (answer.status === "pending") setNotice(t("notice.pending"));
      else onAnswered(answer);
      setOpen(false);
      setBody("");
      setError(null);
      setErrors({});
    } catch (failure) {
      setError(failureText(failure, t, language, ["body"]));
      setFailure(failure);
      setErrors(fieldErrors(failure));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="your-answer">
      <h2 id="your-answer">{t("topic.your_answer")}</h2>
      {notice ? <p role="status">{notice}</p> : null}
      {!user ? (
        <p>
          <a
            href={`/ask?view=login&back=${encodeURIComponent(`/topicDetail?id=${questionId}`)}`}
          >
            {t("topic.login_to_answer")}
          </a>
        </p>
      ) : !open ? (
        <button type="button" onClick={() => setOpen(true)}>
          {t("topic.open_editor")}
        </button>
      ) : (
        <form className="stack" onSubmit={submit}>
          <LazyEditor label={t("topic.your_answer")} onChange={setBody} />
          <FieldError errors={errors} form="answer" name="body" />
          <AnonymousChoice />
          <FormAlert error={error} />
          <EmailUnverified failure={failure} />
          <button type="submit" disabled={busy}>
            {t("topic.answer_submit")}
          </button>
        </form>
      )}
    </section>
  );
}
