import { useContext } from "react";
import { useQuery } from "@tanstack/react-query";
import Link from "@mui/material/Link";
import {
  ListContext,
  useLocale,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { formatRange, type VerseRange } from "../../common/passages";
import type { Language } from "../../common/codes";
import { mainClient } from "../http";

/**
 * The verse ranges of references as written, by GET /tjc/passages/ranges (the parser is
 * the server's; docs/search.md), as a react-query query: its answers are kept, so a
 * reference is asked once.
 */
export function passageRangesQuery(references: string[]) {
  return {
    queryKey: ["passageRanges", references],
    staleTime: Infinity,
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const params = new URLSearchParams();
      for (const ref of references) params.append("ref", ref);
      const { data } = await mainClient.request<Record<string, VerseRange[]>>(
        `/passages/ranges?${params}`,
        { method: "GET", signal, loading: false, quiet: true },
      );
      return data;
    },
  };
}

/**
 * One request per list page: every row of the page asks with the page's references, so
 * react-query shares the answer.
 */
function usePassageRanges(references: string[]) {
  const sorted = [...new Set(references.filter((ref) => ref.trim()))].sort();
  return useQuery({
    ...passageRangesQuery(sorted),
    enabled: sorted.length > 0,
  });
}

/** The list of `resource` filtered by one passage, as its URL. */
export function passageListUrl(resource: string, passage: string) {
  return {
    pathname: `/${resource}`,
    search: `?${new URLSearchParams({ filter: JSON.stringify({ passage }) })}`,
  };
}

/**
 * A reference field (a sermon's `passage`) as links, each range written in the reader's
 * language (`约翰福音 3:16`, `John 3:16`) and leading to the list filtered by it. Text the
 * parser reads as no passage is shown as written.
 */
export function PassageField({ source }: { source: string }) {
  const record = useRecordContext();
  const list = useContext(ListContext);
  const resource = useResourceContext() ?? "";
  const locale = useLocale() as Language;
  const translate = useTranslate();
  const value = record?.[source];
  const text = typeof value === "string" ? value : "";
  const pageReferences = (list?.data ?? [])
    .map((row) => row[source])
    .filter((ref): ref is string => typeof ref === "string");
  const { data } = usePassageRanges(
    pageReferences.includes(text) ? pageReferences : [text],
  );
  if (!text) return null;
  const ranges = data?.[text];
  if (!ranges || ranges.length === 0) return <span>{text}</span>;
  return (
    <span>
      {ranges.map((range, index) => {
        const passage = formatRange(range, locale);
        return (
          <span key={`${range.start}-${range.end}`}>
            {index > 0 ? "; " : null}
            <Link
              component={RouterLink}
              to={passageListUrl(resource, passage)}
              title={translate("app.passage.filter_by", { passage })}
              // A row's click opens the record; the link is its own action.
              onClick={(event) => event.stopPropagation()}
            >
              {passage}
            </Link>
          </span>
        );
      })}
    </span>
  );
}
