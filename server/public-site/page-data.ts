import type { FastifyRequest } from "fastify";
import { indexedRanges } from "./public-lists.js";
import { z } from "zod";
import {
  DEFAULT_LANGUAGE,
  matchAcceptLanguage,
  type Language,
} from "../../common/codes.js";
import { ASK_TABS } from "../../common/schemas/ask-tabs.js";
import { LANGUAGE_STORAGE_KEY } from "../../common/constants.js";
import type { PageData } from "../../public-site/data.js";
import type { Store } from "../db/store.js";
import {
  findPublicQuestion,
  countView,
  listPublicQuestions,
} from "../services/ask/questions.js";
import { listAnswers, listRecommended } from "../services/ask/answers.js";
import { publicAskTags } from "../services/ask/tags.js";
import type { VerseRange } from "../../common/passages.js";
import { parseReference, wholeReference } from "../services/passage-parser.js";
import { rowsOnPassage } from "../services/passage-sources.js";
import type { Visit } from "../services/view-counter.js";
import { MAX_INT32 } from "../resources/resource-definition.js";

export const ASK_PAGE_SIZE = 20;
/** A question page shows this many answers (the JSON API pages through more). */
const TOPIC_ANSWERS = 100;
const RECOMMENDED_PAGE = 50;
const MAX_PAGE = 10_000;
/** "Other questions and sermons on this passage": at most this many of each type. */
const RELATED_PER_TYPE = 10;

/** The verse ranges a question's title and body name (kept by the word index). */
function questionPassages(
  store: Store,
  questionId: number,
): Promise<VerseRange[]> {
  return indexedRanges(store.db, "ask_questions", questionId);
}

/**
 * The reader's language (spec section 9): the `aid-language` cookie, then the first
 * supported language of Accept-Language, then the ministry's default (zh-CN when none).
 */
export function pageLanguage(
  request: FastifyRequest,
  ministryDefault: Language = DEFAULT_LANGUAGE,
): Language {
  const cookie = request.headers.cookie ?? "";
  for (const part of cookie.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LANGUAGE_STORAGE_KEY) {
      if (value === "zh-CN" || value === "en-US") return value;
    }
  }
  return (
    matchAcceptLanguage(request.headers["accept-language"]) ?? ministryDefault
  );
}

const positive = z.coerce.number().int().positive().max(MAX_INT32);
// A query a person typed or a link built: anything unreadable falls back to the default.
const askQuery = z.object({
  q: z.string().trim().max(200).catch(""),
  tag: positive.nullable().catch(null),
  tab: z.enum(ASK_TABS).catch("newest"),
  page: positive.max(MAX_PAGE).catch(1),
  view: z
    .enum([
      "list",
      "ask",
      "login",
      "signup",
      "mine",
      "forgot",
      "reset",
      "verify",
      "mail",
      "account",
    ])
    .catch("list"),
  passage: z.string().trim().max(100).catch(""),
});

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** Reads what a public page shows. A question that is not public is the not-found page. */
export async function loadPageData(
  store: Store,
  page: string,
  query: Record<string, unknown>,
  signUpOpen: boolean,
  visit: Visit,
  /** The visitor's language: an anonymous post's author is named in it. */
  language: Language,
): Promise<PageData> {
  if (page === "ask") {
    const parsed = askQuery.parse({
      q: first(query.q) ?? "",
      tag: first(query.tag) ?? null,
      tab: first(query.tab) ?? "newest",
      page: first(query.page) ?? 1,
      view: first(query.view) ?? "list",
      passage: first(query.passage) ?? "",
    });
    // A reference typed in the search box (`John 3:16`, `约翰福音3:16`) is a passage
    // search: a keyword search for it found only questions that spell it the same way.
    if (parsed.q && !parsed.passage && wholeReference(parsed.q).length > 0) {
      parsed.passage = parsed.q;
      parsed.q = "";
    }
    const passageRanges = parsed.passage ? parseReference(parsed.passage) : [];
    const tags = await publicAskTags(store);
    const list =
      parsed.view === "list"
        ? await listPublicQuestions(store, {
            filter: {
              q: parsed.q || undefined,
              tagId: parsed.tag ?? undefined,
              tab: parsed.tab,
              passage: parsed.passage || undefined,
            },
            sort:
              parsed.tab === "hot"
                ? { field: "hot", order: "desc" }
                : { field: "createdAt", order: "desc" },
            offset: (parsed.page - 1) * ASK_PAGE_SIZE,
            limit: ASK_PAGE_SIZE,
            language,
          })
        : { list: [], total: 0 };
    return {
      page: "ask",
      view: parsed.view,
      questions: list,
      tags,
      query: {
        q: parsed.q,
        tagId: parsed.tag,
        tab: parsed.tab,
        page: parsed.page,
        passage: parsed.passage,
      },
      passageRanges,
      pageSize: ASK_PAGE_SIZE,
      signUpOpen,
    };
  }
  if (page === "topicDetail") {
    const id = positive.safeParse(first(query.id));
    const question = id.success
      ? await findPublicQuestion(store, id.data, language)
      : undefined;
    if (!question) return { page: "notFound" };
    const passages = await questionPassages(store, question.id);
    return {
      page: "topicDetail",
      passages,
      related:
        passages.length === 0
          ? []
          : (
              await rowsOnPassage(
                store.db,
                store.kind,
                passages,
                RELATED_PER_TYPE,
              )
            ).filter((hit) => hit.link !== `/topicDetail?id=${question.id}`),
      question: { ...question, views: countView(store, question, visit) },
      answers: await listAnswers(
        store,
        question.id,
        { offset: 0, limit: TOPIC_ANSWERS },
        language,
      ),
    };
  }
  if (page === "choicenessCommon") {
    return {
      page: "choicenessCommon",
      answers: await listRecommended(
        store,
        { offset: 0, limit: RECOMMENDED_PAGE },
        language,
      ),
    };
  }
  if (page === "tagList") {
    return { page: "tagList", tags: await publicAskTags(store) };
  }
  return { page: "notFound" };
}
