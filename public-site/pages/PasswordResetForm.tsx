import { useState } from "react";
import { api } from "../api";
import { useSite } from "../context";
import { Field, FormAlert } from "./FieldError";
import { useFormSubmit } from "./useFormSubmit";

const FIELDS = ["email", "password"] as const;
/** The one field of each form: its label and input attributes. */
const INPUTS = {
  forgot: {
    label: "reset.email",
    input: { name: "email", type: "email", autoComplete: "email" },
  },
  reset: {
    label: "reset.new_password",
    input: { name: "password", type: "password", autoComplete: "new-password" },
  },
};

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
  const [done, setDone] = useState(Boolean(state?.done));
  // Every error the server names shows at its field (as on the account form).
  const { submit, busy, error, errors } = useFormSubmit(
    FIELDS,
    async (value) => {
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
    },
    state?.error || null,
  );

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
        <Field
          label={t(INPUTS[mode].label)}
          form={mode}
          errors={errors}
          {...INPUTS[mode].input}
          defaultValue={mode === "forgot" ? state?.values.email : undefined}
          required
        />
        <FormAlert error={error} />
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
