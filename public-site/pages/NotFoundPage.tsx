import { useSite } from "../context";

export function NotFoundPage() {
  const { t } = useSite();
  return (
    <article>
      <h1>{t("page.not_found.title")}</h1>
      <p>{t("page.not_found.text")}</p>
      <p>
        <a href="/ask">{t("page.not_found.back")}</a>
      </p>
    </article>
  );
}
