import { useState, type FormEvent } from "react";
import { api, saveSession, type SiteUser } from "../api";
import { failureText, fieldErrors, useSite } from "../context";
import { FieldError, fieldProps } from "./FieldError";

const FIELDS = ["loginName", "userName", "password", "email"] as const;

interface SessionAnswer {
  token: string;
  user: SiteUser;
}

/**
 * Log in or sign up, with the spec's welcome strings; back to where the member came from.
 * Hydrated, the form calls the JSON API. Before that (JavaScript off or still loading) it
 * posts to the page itself (server/public-site/account-form.ts): never a GET, so the
 * password and the e-mail address never go into a URL.
 */
export function AccountForm({
  mode,
  signUpOpen,
  refused,
}: {
  mode: "login" | "signup";
  signUpOpen: boolean;
  /** The server's refusal of a form posted without JavaScript, and what was typed. */
  refused?: { error: string; values: Record<string, string> };
}) {
  const { t, language, setUser } = useSite();
  const [error, setError] = useState<string | null>(refused?.error ?? null);
  const typed = refused?.values ?? {};
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "");
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      const answer = await api<SessionAnswer>(
        language,
        "POST",
        mode === "login" ? "/auth/login" : "/public/signup",
        mode === "login"
          ? { loginName: value("loginName"), password: value("password") }
          : {
              loginName: value("loginName"),
              userName: value("userName"),
              password: value("password"),
              email: value("email"),
            },
      );
      saveSession(answer.token, answer.user);
      setUser(answer.user);
      const back = new URLSearchParams(window.location.search).get("back");
      window.location.assign(back && back.startsWith("/") ? back : "/ask");
    } catch (failure) {
      setError(failureText(failure, t, language, FIELDS));
      setErrors(fieldErrors(failure));
      setBusy(false);
    }
  };

  if (mode === "signup" && !signUpOpen) {
    return (
      <article className="narrow">
        <h1>{t("account.welcome")}</h1>
        <p>{t("account.signup_closed")}</p>
      </article>
    );
  }
  return (
    <article className="narrow">
      <h1>
        {t(mode === "login" ? "account.welcome_back" : "account.welcome")}
      </h1>
      <form method="post" className="stack" onSubmit={submit} noValidate>
        <label>
          {t("account.login_name")}
          <input
            name="loginName"
            autoComplete="username"
            defaultValue={typed.loginName}
            required
            {...fieldProps(errors, mode, "loginName")}
          />
          <FieldError errors={errors} form={mode} name="loginName" />
        </label>
        {mode === "signup" ? (
          <label>
            {t("account.user_name")}
            <input
              name="userName"
              autoComplete="nickname"
              defaultValue={typed.userName}
              required
              {...fieldProps(errors, mode, "userName")}
            />
            <FieldError errors={errors} form={mode} name="userName" />
          </label>
        ) : null}
        <label>
          {t("account.password")}
          <input
            name="password"
            type="password"
            autoComplete={
              mode === "login" ? "current-password" : "new-password"
            }
            required
            {...fieldProps(errors, mode, "password")}
          />
          <FieldError errors={errors} form={mode} name="password" />
        </label>
        {mode === "signup" ? (
          <label>
            {t("account.email")}
            <input
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={typed.email}
              {...fieldProps(errors, mode, "email")}
            />
            <FieldError errors={errors} form={mode} name="email" />
          </label>
        ) : null}
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : null}
        <button type="submit" disabled={busy}>
          {t(mode === "login" ? "account.login" : "account.signup")}
        </button>
      </form>
      {mode === "login" ? (
        <p>
          <a href="/ask?view=forgot">{t("reset.forgot_link")}</a>
        </p>
      ) : null}
      <p>
        {mode === "login" ? (
          <>
            {t("account.no_account")}{" "}
            <a href="/ask?view=signup">{t("account.signup")}</a>
          </>
        ) : (
          <>
            {t("account.have_account")}{" "}
            <a href="/ask?view=login">{t("account.login")}</a>
          </>
        )}
      </p>
    </article>
  );
}
