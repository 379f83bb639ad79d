import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import type { Language } from "../../../common/codes";
import type { MemberAccount } from "../../../common/schemas/member-account";
import { api } from "../../api";
import { failureText, useSite } from "../../context";
import { saveLanguage } from "../../i18n";

type Action = "email" | "cancel" | "resend" | "password" | "language";

/** What the server said after a form posted without JavaScript. */
interface PostedState {
  error: string;
  values: Record<string, string>;
  done?: boolean;
  member?: MemberAccount;
}

/** The outcome a form shows under its heading: the refusal, or what happened. */
interface Outcome {
  action: Action;
  error?: string;
  done?: string;
}

/**
 * One settings form: a plain POST to the page itself (server/public-site/
 * member-account-form.ts) until the page is hydrated; then the JSON call. The button waits
 * while a call is under way, so a double click sends one request.
 */
function SettingsForm({
  action,
  busy,
  outcome,
  onSubmit,
  button,
  children,
  secondary,
}: {
  action: Action;
  busy: boolean;
  outcome: Outcome | null;
  onSubmit: (form: HTMLFormElement) => void;
  button: string;
  children?: ReactNode;
  secondary?: boolean;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onSubmit(event.currentTarget);
  };
  // A cancelled change has no waiting address left to show its outcome under.
  const shownAt = (done: Action) => (done === "cancel" ? "email" : done);
  const mine = outcome && shownAt(outcome.action) === action ? outcome : null;
  return (
    <form
      method="post"
      action="/ask?view=account"
      className="stack"
      onSubmit={submit}
    >
      <input type="hidden" name="action" value={action} />
      {mine?.error ? (
        <p role="alert" className="error">
          {mine.error}
        </p>
      ) : null}
      {mine?.done ? <p role="status">{mine.done}</p> : null}
      {children}
      <button
        type="submit"
        disabled={busy}
        className={secondary ? "link-button" : undefined}
      >
        {button}
      </button>
    </form>
  );
}

function PasswordField(props: {
  name: string;
  label: string;
  autoComplete: string;
}) {
  return (
    <label>
      <span>{props.label}</span>
      <input
        type="password"
        name={props.name}
        autoComplete={props.autoComplete}
        maxLength={128}
        required
      />
    </label>
  );
}

/** The message a successful form shows, from the account as it now is. */
function doneText(
  action: Action,
  t: (key: string, args?: Record<string, string | number>) => string,
  account: MemberAccount | undefined,
  sentTo: string,
): string {
  switch (action) {
    case "email":
      return account?.pendingEmail
        ? t("settings.email_sent", { email: account.pendingEmail })
        : t("settings.cancelled");
    case "resend":
      return t("settings.resent", { email: sentTo });
    case "cancel":
      return t("settings.cancelled");
    case "password":
      return t("settings.password_changed");
    case "language":
      return t("settings.language_saved");
  }
}

/** The JSON call each form makes once the page is hydrated. */
async function call(
  language: Language,
  action: Action,
  form: FormData,
): Promise<string> {
  const field = (name: string) => String(form.get(name) ?? "");
  if (action === "email")
    await api(language, "PUT", "/ask/account/email", { email: field("email") });
  if (action === "cancel")
    await api(language, "DELETE", "/ask/account/pending-email");
  if (action === "resend")
    return (
      await api<{ email: string }>(
        language,
        "POST",
        "/auth/email/verify/resend",
      )
    ).email;
  if (action === "password")
    await api(language, "PUT", "/auth/password", {
      oldPassword: field("oldPassword"),
      newPassword: field("newPassword"),
    });
  if (action === "language")
    await api(language, "PUT", "/ask/account/language", {
      language: field("language"),
    });
  return "";
}

/**
 * `/ask?view=account`: a member's account settings, as a Discourse member expects them:
 * the address in use and one waiting for its link (send again, cancel), a new address
 * (used once its link is opened), the password (the current one first; other sessions
 * end) and the language of the site and mail. Linked with the notice e-mail view.
 */
export function AccountSettings({ state }: { state?: PostedState }) {
  const { t, language, user } = useSite();
  const [account, setAccount] = useState<MemberAccount | undefined>(
    state?.member,
  );
  const posted = state?.values.action as Action | undefined;
  const [outcome, setOutcome] = useState<Outcome | null>(
    posted
      ? {
          action: posted,
          error: state?.error || undefined,
          done: state?.done
            ? doneText(posted, t, state.member, state.values.email ?? "")
            : undefined,
        }
      : null,
  );
  const [busy, setBusy] = useState(false);

  const reload = () =>
    api<MemberAccount>(language, "GET", "/ask/account").then(setAccount);
  useEffect(() => {
    if (!user) return;
    reload().catch((failure) =>
      setOutcome({ action: "email", error: failureText(failure, t, language) }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);

  const run = async (action: Action, element: HTMLFormElement) => {
    const form = new FormData(element);
    setBusy(true);
    setOutcome(null);
    try {
      const sentTo = await call(language, action, form);
      if (action === "language") {
        saveLanguage(String(form.get("language")) as Language);
        window.location.reload();
        return;
      }
      const next = await api<MemberAccount>(language, "GET", "/ask/account");
      setAccount(next);
      // A saved form starts empty again: no password is left in a field.
      element.reset();
      setOutcome({ action, done: doneText(action, t, next, sentTo) });
    } catch (failure) {
      setOutcome({ action, error: failureText(failure, t, language) });
    }
    setBusy(false);
  };
  const formProps = (action: Action) => ({
    action,
    busy,
    outcome,
    onSubmit: (form: HTMLFormElement) => void run(action, form),
  });

  return (
    <article className="narrow">
      <h1>{t("settings.title")}</h1>
      {account ? (
        <p>{t("settings.intro", { loginName: account.loginName })}</p>
      ) : null}
      <p>
        <a href="/ask?view=mail">{t("settings.mail_link")}</a>
      </p>
      {!user && !account ? (
        <p>
          <a href="/ask?view=login&back=%2Fask%3Fview%3Daccount">
            {t("account.login_required")}
          </a>
        </p>
      ) : null}
      <EmailSection account={account} formProps={formProps} />
      <section className="stack">
        <h2>{t("settings.password")}</h2>
        <SettingsForm
          {...formProps("password")}
          button={t("settings.change_password")}
        >
          <PasswordField
            name="oldPassword"
            label={t("settings.old_password")}
            autoComplete="current-password"
          />
          <PasswordField
            name="newPassword"
            label={t("settings.new_password")}
            autoComplete="new-password"
          />
        </SettingsForm>
      </section>
      <section className="stack">
        <h2>{t("settings.language")}</h2>
        <SettingsForm
          {...formProps("language")}
          button={t("settings.save_language")}
        >
          <label>
            <span>{t("settings.language_hint")}</span>
            <select
              name="language"
              defaultValue={account?.language ?? language}
            >
              <option value="zh-CN">简体中文</option>
              <option value="en-US">English</option>
            </select>
          </label>
        </SettingsForm>
      </section>
    </article>
  );
}

/** The address in use, one waiting for its link, and the form for a new one. */
function EmailSection({
  account,
  formProps,
}: {
  account: MemberAccount | undefined;
  formProps: (action: Action) => {
    action: Action;
    busy: boolean;
    outcome: Outcome | null;
    onSubmit: (form: HTMLFormElement) => void;
  };
}) {
  const { t } = useSite();
  return (
    <section className="stack">
      <h2>{t("settings.email")}</h2>
      {account ? (
        <p data-testid="email-in-use">
          {account.email
            ? t(
                account.emailVerified
                  ? "settings.in_use"
                  : "settings.in_use_unconfirmed",
                { email: account.email },
              )
            : t("settings.no_email")}
        </p>
      ) : null}
      {account?.pendingEmail ? (
        <div className="stack">
          <p data-testid="email-pending">
            {t("settings.pending", { email: account.pendingEmail })}
          </p>
          <SettingsForm
            {...formProps("resend")}
            button={t("settings.resend")}
          />
          <SettingsForm
            {...formProps("cancel")}
            button={t("settings.cancel")}
            secondary
          />
        </div>
      ) : null}
      <SettingsForm {...formProps("email")} button={t("settings.change_email")}>
        <label>
          <span>{t("settings.new_email")}</span>
          <input
            type="email"
            name="email"
            autoComplete="email"
            maxLength={254}
            required
          />
        </label>
      </SettingsForm>
    </section>
  );
}
