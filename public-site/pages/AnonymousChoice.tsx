import { useSite } from "../context";

/**
 * The "post anonymously" box of the ask and answer forms (issue 24). The form reads it
 * as `anonymous` ("on" when ticked). The server refuses it when the settings turn
 * anonymous posting off or the account is too new, with a sentence the form shows.
 */
export function AnonymousChoice() {
  const { t } = useSite();
  return (
    <label className="anonymous-choice">
      <input type="checkbox" name="anonymous" /> {t("ask.form.anonymous")}
      <span className="site-muted"> {t("ask.form.anonymous_hint")}</span>
    </label>
  );
}
