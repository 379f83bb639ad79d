import { useEffect, useState } from "react";
import { ASK_EDIT_WINDOW_MS } from "../../common/schemas/ask-limits";
import type { Answer, Question } from "../../common/schemas/ask";
import { api, type SiteUser } from "../api";
import { failureText, useSite } from "../context";
import type { TagCount } from "../data";
import { AskForm } from "./AskForm";
import { LazyEditor } from "./LazyEditor";
import { FormAlert } from "./FieldError";

/**
 * Whether the logged-in member may still change this post: their own, within the 24 hours
 * the server allows. Decided in the browser only (the server has no session when it
 * renders), so the edit buttons appear after hydration, as the accept button does.
 */
export function canEdit(
  user: SiteUser | null,
  post: { author: { userId: number }; createdAt: string },
  /** The caller's own anonymous post (its author id is not public). */
  mine = false,
): boolean {
  return (
    user !== null &&
    (mine || user.userId === post.author.userId) &&
    Date.now() - Date.parse(post.createdAt) < ASK_EDIT_WINDOW_MS
  );
}

/** The question's own form, filled in; saving reloads the page with the new text. */
export function QuestionEditor({
  question,
  onCancel,
}: {
  question: Question;
  onCancel: () => void;
}) {
  const { t, language } = useSite();
  const [tags, setTags] = useState<TagCount[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<{ list: TagCount[] }>(language, "GET", "/ask/tags")
      .then((answer) => setTags(answer.list))
      .catch((failure) => setError(failureText(failure, t, language)));
  }, [language, t]);
  if (error) {
    return (
      <p role="alert" className="error">
        {error}
      </p>
    );
  }
  if (!tags) return <p aria-busy="true">{t("topic.loading")}</p>;
  return <AskForm tags={tags} editing={question} onCancel={onCancel} />;
}

/** Changes one's own answer in place. */
export function AnswerEditor({
  answer,
  onSaved,
  onCancel,
}: {
  answer: Answer;
  onSaved: (answer: Answer) => void;
  onCancel: () => void;
}) {
  const { t, language } = useSite();
  const [body, setBody] = useState(answer.body);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      onSaved(
        await api<Answer>(language, "PUT", `/ask/answers/${answer.id}`, {
          body,
          version: answer.version,
        }),
      );
    } catch (failure) {
      setError(failureText(failure, t, language));
      setBusy(false);
    }
  };
  return (
    <div className="stack">
      <LazyEditor
        label={t("topic.edit_answer")}
        onChange={setBody}
        initialHtml={answer.body}
      />
      <FormAlert error={error} />
      <p className="form-buttons">
        <button type="button" onClick={save} disabled={busy}>
          {t("ask.form.save")}
        </button>
        <button type="button" onClick={onCancel}>
          {t("ask.form.cancel")}
        </button>
      </p>
    </div>
  );
}
