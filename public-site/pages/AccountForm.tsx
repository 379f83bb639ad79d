import { api, saveSession, type SiteUser } from "../api";
import { useSite } from "../context";
import { Field, FormAlert } from "./FieldError";
import { useFormSubmit } from "./useFormSubmit";

const FIELDS = ["loginName", "userName", "password", "email"] as const;
/** The fields only signing up asks for. */
const SIGNUP_ONLY = new Set<string>(["userName", "email"]);
/** Each field's label (under `account.`) and input attributes. */
const INPUTS = {
  loginName: { label: "login_name", input: { autoComplete: "username" } },
  userName: { label: "user_name", input: { autoComplete: "nickname" } },
  password: { label: "password", input: { type: "password" } },
  email: { label: "email", input: { type: "email", autoComplete: "email" } },
};

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
  const typed = refused?.values ?? {};
  const { submit, busy, error, errors } = useFormSubmit(
    FIELDS,
    async (value) => {
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
      return "leaving";
    },
    refused?.error ?? null,
  );

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
        {FIELDS.filter(
          (name) => mode === "signup" || !SIGNUP_ONLY.has(name),
        ).map((name) => (
          <Field
            key={name}
            label={t(`account.${INPUTS[name].label}`)}
            name={name}
            form={mode}
            errors={errors}
            {...INPUTS[name].input}
            {...(name === "password"
              ? {
                  autoComplete:
                    mode === "login" ? "current-password" : "new-password",
                }
              : { defaultValue: typed[name] })}
            required={name !== "email"}
          />
        ))}
        <FormAlert error={error} />
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
