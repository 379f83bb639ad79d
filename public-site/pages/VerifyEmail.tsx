import { useState, type FormEvent } from "react";
import { api, ApiFailure } from "../api";
import { failureText, useSite } from "../context";
import { FormAlert } from "./FieldError";

/** Whether a refused post was refused for an address not yet confirmed. */
function unverified(failure: unknown): { hasEmail: boolean } | undefined {
  if (!(failure instanceof ApiFailure)) return undefined;
  const data = failure.data as { reason?: string; hasEmail?: boolean } | null;
  return data?.reason === "emailUnverified"
    ? { hasEmail: Boolean(data.hasEmail) }
    : undefined;
}

/**
 * "Send the link again", under a post the server refused because the member's address is
 * not confirmed yet (40300, `emailUnverified`); nothing for any other failure.
 */
export function EmailUnverified({ failure }: { failure: unknown }) {
  const { t } = useSite();
  const state = unverified(failure);
  if (!state) return null;
  if (!state.hasEmail) return <p>{t("verify.no_address")}</p>;
  return <ResendLink />;
}

/** Asks for a new confirmation link for the signed-in account's address (rate-limited). */
function ResendLink() {
  const { t, language } = useSite();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api<{ email: string }>(
        language,
        "POST",
        "/auth/email/verify/resend",
      );
      setSent(answer.email);
    } catch (failure) {
      setError(failureText(failure, t, language));
    }
    setBusy(false);
  };
  return (
    <div className="stack">
      {sent ? (
        <p role="status">{t("verify.resent", { email: sent })}</p>
      ) : (
        <button type="button" onClick={resend} disabled={busy}>
          {t("verify.resend")}
        </button>
      )}
      <FormAlert error={error} />
    </div>
  );
}

/**
 * The link's page (`/ask?view=verify&token=…`): one button confirms the address. Hydrated,
 * it calls the JSON API; before that (JavaScript off) it posts to the page itself
 * (server/public-site/account-form.ts), which reads the token from the page's URL. Opening
 * the page changes nothing: a mail scanner that follows links confirms nothing.
 */
export function VerifyEmailForm({
  state,
}: {
  state?: { error: string; values: Record<string, string>; done?: boolean };
}) {
  const { t, language, user } = useSite();
  const [error, setError] = useState<string | null>(state?.error || null);
  const [done, setDone] = useState(Boolean(state?.done));
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const token =
        new URLSearchParams(window.location.search).get("token") ?? "";
      await api(language, "POST", "/auth/email/verify", { token });
      setDone(true);
    } catch (failure) {
      setError(failureText(failure, t, language));
    }
    setBusy(false);
  };

  return (
    <article className="narrow">
      <h1>{t("verify.title")}</h1>
      {done ? (
        <>
          <p role="status">{t("verify.done")}</p>
          <p>
            <a href="/ask">{t("verify.to_community")}</a>
          </p>
        </>
      ) : (
        <>
          <p>{t("verify.intro")}</p>
          <form method="post" className="stack" onSubmit={submit}>
            <FormAlert error={error} />
            <button type="submit" disabled={busy}>
              {t("verify.confirm")}
            </button>
          </form>
          {error ? (
            user ? (
              <ResendLink />
            ) : (
              <p>
                <a href="/ask?view=login&back=%2Fask%3Fview%3Dask">
                  {t("verify.login_to_resend")}
                </a>
              </p>
            )
          ) : null}
        </>
      )}
    </article>
  );
}
