import { useState, type FormEvent } from "react";
import {
  ASK_TAGS_MAX,
  ASK_TITLE_MAX,
  ASK_TITLE_MIN,
} from "../../common/schemas/ask-limits";
import type { Question } from "../../common/schemas/ask";
import { api } from "../api";
import { failureText, fieldErrors, useSite } from "../context";
import { FieldError, fieldProps, FormAlert } from "./FieldError";
import { EmailUnverified } from "./VerifyEmail";

const FIELDS = ["title", "tagIds", "body"] as const;
import { tagName, type TagCount } from "../data";
import { LazyEditor } from "./LazyEditor";
import { AnonymousChoice } from "./AnonymousChoice";

/**
 * Asks a question, or, given `editing`, changes one of the member's own (the server allows
 * it for 24 hours after asking and refuses a stale version with 40900).
 */
export function AskForm({
  tags,
  editing,
  onCancel,
}: {
  tags: TagCount[];
  editing?: Question;
  onCancel?: () => void;
}) {
  const { t, language, user } = useSite();
  const [body, setBody] = useState(editing?.body ?? "");
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      const input = {
        title: String(form.get("title") ?? ""),
        body,
        tagIds: form.getAll("tagIds").map(Number),
      };
      const anonymous = form.get("anonymous") !== null;
      const question = editing
        ? await api<{ id: number; status: string }>(
            language,
            "PUT",
            `/ask/questions/${editing.id}`,
            { ...input, version: editing.version },
          )
        : await api<{ id: number; status: string }>(
            language,
            "POST",
            "/ask/questions",
            { ...input, anonymous },
          );
      if (question.status === "pending") {
        // Held for review: its page is not public yet.
        setNotice(t("notice.pending"));
        setBusy(false);
        return;
      }
      window.location.assign(`/topicDetail?id=${question.id}`);
    } catch (failure) {
      setError(failureText(failure, t, language, FIELDS));
      setFailure(failure);
      setErrors(fieldErrors(failure));
      setBusy(false);
    }
  };

  return (
    <article>
      {editing ? (
        <h2>{t("ask.form.edit_heading")}</h2>
      ) : (
        <h1>{t("ask.form.heading")}</h1>
      )}
      {notice ? <p role="status">{notice}</p> : null}
      {!user ? (
        <p>
          <a href="/ask?view=login&back=%2Fask%3Fview%3Dask">
            {t("account.login_required")}
          </a>
        </p>
      ) : (
        <form className="stack" onSubmit={submit} noValidate>
          <label>
            {t("ask.form.title")}
            <input
              name="title"
              required
              minLength={ASK_TITLE_MIN}
              maxLength={ASK_TITLE_MAX}
              defaultValue={editing?.title}
              {...fieldProps(errors, "ask", "title")}
            />
            <FieldError errors={errors} form="ask" name="title" />
          </label>
          <fieldset
            aria-describedby={
              fieldProps(errors, "ask", "tagIds")["aria-describedby"]
            }
          >
            <legend>{t("ask.form.tags")}</legend>
            <div className="tag-choices">
              {tags.map((tag) => (
                <label key={tag.id} className="tag-choice">
                  <input
                    type="checkbox"
                    name="tagIds"
                    value={tag.id}
                    defaultChecked={editing?.tags.some(
                      (chosen) => chosen.id === tag.id,
                    )}
                  />
                  {tagName(tag, language)}
                </label>
              ))}
            </div>
            <p className="site-muted">≤ {ASK_TAGS_MAX}</p>
            <FieldError errors={errors} form="ask" name="tagIds" />
          </fieldset>
          <LazyEditor
            label={t("ask.form.body")}
            onChange={setBody}
            initialHtml={editing?.body}
          />
          <FieldError errors={errors} form="ask" name="body" />
          {/* Whether a post is anonymous is chosen when it is posted, not changed later. */}
          {editing ? null : <AnonymousChoice />}
          <FormAlert error={error} />
          <EmailUnverified failure={failure} />
          <p className="form-buttons">
            <button type="submit" disabled={busy}>
              {t(editing ? "ask.form.save" : "ask.form.submit")}
            </button>
            {onCancel ? (
              <button type="button" onClick={onCancel}>
                {t("ask.form.cancel")}
              </button>
            ) : null}
          </p>
        </form>
      )}
    </article>
  );
}
