import { formatRange, type VerseRange } from "../../common/passages";
import { useSite } from "../context";
import { passageUrl } from "./sermons/data";

/** A list's previous and next page links, as plain links (every public list). */
export function Pagination({
  page,
  pages,
  urlOf,
}: {
  page: number;
  pages: number;
  /** The URL of page `n` of the same list. */
  urlOf: (n: number) => string;
}) {
  const { t } = useSite();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("site.pagination")} className="pagination">
      {page > 1 ? (
        <a rel="prev" href={urlOf(page - 1)}>
          {t("site.previous_page")}
        </a>
      ) : null}
      <span>{t("site.page_of", { page, pages })}</span>
      {page < pages ? (
        <a rel="next" href={urlOf(page + 1)}>
          {t("site.next_page")}
        </a>
      ) : null}
    </nav>
  );
}

/** Each verse range as a link to its passage page, in the reader's language. */
export function PassageLinks({ ranges }: { ranges: VerseRange[] }) {
  const { language } = useSite();
  return (
    <>
      {ranges.map((range, i) => {
        const text = formatRange(range, language);
        return (
          <span key={`${range.start}-${range.end}`}>
            {i > 0 ? "; " : null}
            <a href={passageUrl(text)}>{text}</a>
          </span>
        );
      })}
    </>
  );
}
