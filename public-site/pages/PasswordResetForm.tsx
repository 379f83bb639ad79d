import { useState, type FormEvent } from "react";
import { api } from "../api";
import { failureText, fieldErrors, useSite } from "../context";
import { FieldError, fieldProps } from "./FieldError";

const FIELDS = ["email", "password"] as const;

/**
 * Forgot password (`/ask?view=forgot`: ask for a link by e-mail) and the link's page
 * (`/ask?view=reset&token=…`: choose a new password), for members and staff alike.
 * Hydrated, the forms call the JSON API; before that (JavaScript off) they post to the page
 * itself (server/public-site/account-form.ts), which reads the token from the page's URL.
 */
export function PasswordResetForm({
  mode,
  state,
}: {
  mode: "forgot" | "reset";
  /** What the server answered a form posted without JavaScript. */
  state?: { error: string; values: Record<string, string>; done?: boolean };
}) {
  const { t, language } = useSite();
  const [error, setError] = useState<string | null>(state?.error || null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(Boolean(state?.done));
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "");
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      if (mode === "forgot") {
        await api(language, "POST", "/auth/password-reset", {
          email: value("email"),
        });
      } else {
        const token =
          new URLSearchParams(window.location.search).get("token") ?? "";
        await api(language, "POST", "/auth/password-reset/confirm", {
          token,
          password: value("password"),
        });
      }
      setDone(true);
    } catch (failure) {
      // Every error the server names shows at its field (as on the account form).
      setError(failureText(failure, t, language, FIELDS));
      setErrors(fieldErrors(failure));
    }
    setBusy(false);
  };

  const title = t(mode === "forgot" ? "reset.forgot_title" : "reset.title");
  if (done) {
    return (
      <article className="narrow">
        <h1>{title}</h1>
        <p role="status">
          {t(mode === "forgot" ? "reset.sent" : "reset.done")}
        </p>
        <p>
          <a href="/ask?view=login">{t("account.login")}</a>
        </p>
      </article>
    );
  }
  return (
    <article className="narrow">
      <h1>{title}</h1>
      <p>{t(mode === "forgot" ? "reset.forgot_intro" : "reset.intro")}</p>
      <form method="post" className="stack" onSubmit={submit} noValidate>
        {mode === "forgot" ? (
          <label>
            {t("reset.email")}
            <input
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={state?.values.email}
              required
              {...fieldProps(errors, mode, "email")}
            />
            <FieldError errors={errors} form={mode} name="email" />
          </label>
        ) : (
          <label>
            {t("reset.new_password")}
            <input
              name="password"
              type="password"
              autoComplete="new-password"
              required
              {...fieldProps(errors, mode, "password")}
            />
            <FieldError errors={errors} form={mode} name="password" />
          </label>
        )}
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : null}
        <button type="submit" disabled={busy}>
          {t(mode === "forgot" ? "reset.send" : "reset.save")}
        </button>
      </form>
      <p>
        {mode === "reset" ? (
          <a href="/ask?view=forgot">{t("reset.ask_again")}</a>
        ) : (
          <a href="/ask?view=login">{t("account.login")}</a>
        )}
      </p>
    </article>
  );
}
