import type { FastifyInstance } from "fastify";
import type { Language } from "../../common/codes.js";
import { formatRange, MAX_REFERENCE_LENGTH } from "../../common/passages.js";
import { translate } from "../../public-site/i18n.js";
import type { PassagePageData } from "../../public-site/pages/passage/data.js";
import { parseReference } from "../services/passage-parser.js";
import { rowsOnPassage } from "../services/passage-sources.js";

/** Rows listed per kind at most, as GET /tjc/passages lists them. */
const PER_KIND = 50;

/**
 * `/passage?ref=约翰福音3:16`: what is public on the passage, from the same query as
 * GET /tjc/passages. A reference that is too long or names no passage is a 400 page
 * with the form to try again; no reference at all is the form alone.
 */
export async function passagePage(
  app: FastifyInstance,
  query: Record<string, unknown>,
): Promise<PassagePageData> {
  const raw = Array.isArray(query.ref) ? query.ref[0] : query.ref;
  const ref = typeof raw === "string" ? raw.trim() : "";
  const page: PassagePageData = {
    page: "passage",
    ref: ref.slice(0, MAX_REFERENCE_LENGTH + 1),
    ranges: [],
    problem: null,
    hits: [],
  };
  if (!ref) return page;
  if (ref.length > MAX_REFERENCE_LENGTH)
    return { ...page, problem: "too_long" };
  const ranges = parseReference(ref);
  if (ranges.length === 0) return { ...page, problem: "not_reference" };
  return {
    ...page,
    ranges,
    hits: await rowsOnPassage(app.store.db, app.store.kind, ranges, PER_KIND),
  };
}

/** The head of a passage page: indexed when it names a passage, canonical by that name. */
export function passageHead(
  data: PassagePageData,
  language: Language,
  site: string,
) {
  const t = (key: string, args?: Record<string, string>) =>
    translate(language, key, args);
  const named = data.ranges.map((r) => formatRange(r, language)).join("; ");
  return {
    title: `${named ? t("passage.page_title", { passage: named }) : t("page.passage.title")} · ${site}`,
    description: t("page.passage.intro"),
    path: named ? `/passage?ref=${encodeURIComponent(named)}` : "/passage",
    type: "website" as const,
    index: named !== "" && data.hits.length > 0,
  };
}
