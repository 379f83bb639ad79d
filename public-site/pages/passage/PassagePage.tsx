import { formatRange, MAX_REFERENCE_LENGTH } from "../../../common/passages";
import { useSite } from "../../context";
import { PASSAGE_KINDS, type PassagePageData } from "./data";

/** Everything public on a passage, grouped by kind, with a GET form to ask another. */
export function PassagePage({ data }: { data: PassagePageData }) {
  const { t, language } = useSite();
  const named = data.ranges.map((r) => formatRange(r, language)).join("; ");
  return (
    <article className="passage-page">
      <h1>
        {named
          ? t("passage.page_title", { passage: named })
          : t("page.passage.title")}
      </h1>
      {data.problem ? (
        <p role="alert" className="error">
          {data.problem === "too_long"
            ? t("passage.too_long", { max: MAX_REFERENCE_LENGTH })
            : t("passage.not_found", { passage: data.ref })}
        </p>
      ) : null}
      <form method="get" action="/passage" role="search" className="search">
        <label htmlFor="passage-ref" className="visually-hidden">
          {t("passage.ref_label")}
        </label>
        <input
          id="passage-ref"
          type="search"
          name="ref"
          defaultValue={data.ref}
          placeholder={t("passage.ref_placeholder")}
        />
        <button type="submit">{t("passage.look_up")}</button>
      </form>
      {data.ranges.length > 0 && data.hits.length === 0 ? (
        <p>{t("passage.nothing")}</p>
      ) : null}
      {PASSAGE_KINDS.map((kind) => {
        const hits = data.hits.filter((hit) => hit.type === kind);
        if (hits.length === 0) return null;
        return (
          <section key={kind} aria-labelledby={`passage-${kind}`}>
            <h2 id={`passage-${kind}`}>
              {t(`passage.group.${kind}`, { count: hits.length })}
            </h2>
            <ul>
              {hits.map((hit) => (
                <li key={`${hit.type}-${hit.id}`}>
                  <a href={hit.link}>{hit.title}</a>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <p>
        <a href="/sermons">{t("sermon.back")}</a>
      </p>
    </article>
  );
}
