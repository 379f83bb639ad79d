import { useEffect, useState, type FormEvent } from "react";
import {
  DEFAULT_NOTICE_MAIL,
  NOTICE_MAIL_CHOICES,
  noticeMailChoice,
  type NoticeMailChoice,
} from "../../common/schemas/notice-mail-choices";
import type { NoticeMailPreferences } from "../../common/schemas/notice-mail";
import { api } from "../api";
import { failureText, useSite } from "../context";
import { FormAlert } from "./FieldError";

/**
 * `/ask?view=mail`: how the member gets their notices by e-mail. Hydrated, it reads and
 * saves through `/tjc/ask/notice-mail`; before that (JavaScript off) the form posts to the
 * page itself (server/public-site/account-form.ts). Saving the same choice twice changes
 * nothing, and the button waits while a save is under way.
 */
export function MailPreferences({
  state,
}: {
  state?: { error: string; values: Record<string, string>; done?: boolean };
}) {
  const { t, language, user } = useSite();
  const [prefs, setPrefs] = useState<NoticeMailPreferences | null>(null);
  const [choice, setChoice] = useState<NoticeMailChoice>(
    noticeMailChoice(state?.values.noticeMail ?? DEFAULT_NOTICE_MAIL),
  );
  const [error, setError] = useState<string | null>(state?.error || null);
  const [saved, setSaved] = useState(Boolean(state?.done));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!user) return;
    api<NoticeMailPreferences>(language, "GET", "/ask/notice-mail")
      .then((answer) => {
        setPrefs(answer);
        setChoice(answer.noticeMail);
      })
      .catch((failure) => setError(failureText(failure, t, language)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      setPrefs(
        await api<NoticeMailPreferences>(language, "PUT", "/ask/notice-mail", {
          noticeMail: choice,
        }),
      );
      setSaved(true);
    } catch (failure) {
      setError(failureText(failure, t, language));
    }
    setBusy(false);
  };

  return (
    <article className="narrow">
      <h1>{t("mail.title")}</h1>
      <p>{t("mail.intro")}</p>
      <p>
        <a href="/ask?view=account">{t("settings.link")}</a>
      </p>
      {prefs ? (
        <p>
          {prefs.email
            ? t("mail.address", { email: prefs.email })
            : t("mail.no_address")}
        </p>
      ) : null}
      <form
        method="post"
        action="/ask?view=mail"
        className="stack"
        onSubmit={submit}
      >
        <FormAlert error={error} />
        {saved ? <p role="status">{t("mail.saved")}</p> : null}
        <fieldset className="stack">
          <legend>{t("mail.choice")}</legend>
          {NOTICE_MAIL_CHOICES.map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="noticeMail"
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
              />{" "}
              {t(`mail.${value}`)}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={busy}>
          {t("mail.save")}
        </button>
      </form>
      {!user ? (
        <p>
          <a href="/ask?view=login&back=%2Fask%3Fview%3Dmail">
            {t("account.login_required")}
          </a>
        </p>
      ) : null}
    </article>
  );
}
