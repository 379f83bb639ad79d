import type { FastifyRequest } from "fastify";
import { z } from "zod";
import {
  DEFAULT_LANGUAGE,
  pickLanguage,
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
} from "../routes/ask/questions.js";
import { listAnswers, listRecommended } from "../routes/ask/answers.js";
import { publicAskTags } from "../routes/ask/tags.js";

export const ASK_PAGE_SIZE = 20;
/** A question page shows this many answers (the JSON API pages through more). */
const TOPIC_ANSWERS = 100;
const RECOMMENDED_PAGE = 50;
const MAX_PAGE = 10_000;

/** The reader's language: the `aid-language` cookie, then Accept-Language, then zh-CN. */
export function pageLanguage(request: FastifyRequest): Language {
  const cookie = request.headers.cookie ?? "";
  for (const part of cookie.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LANGUAGE_STORAGE_KEY) {
      if (value === "zh-CN" || value === "en-US") return value;
    }
  }
  return request.headers["accept-language"]
    ? pickLanguage(request.headers["accept-language"])
    : DEFAULT_LANGUAGE;
}

const positive = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
// A query a person typed or a link built: anything unreadable falls back to the default.
const askQuery = z.object({
  q: z.string().trim().max(200).catch(""),
  tag: positive.nullable().catch(null),
  tab: z.enum(ASK_TABS).catch("newest"),
  page: positive.max(MAX_PAGE).catch(1),
  view: z.enum(["list", "ask", "login", "signup", "mine"]).catch("list"),
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
): Promise<PageData> {
  if (page === "ask") {
    const parsed = askQuery.parse({
      q: first(query.q) ?? "",
      tag: first(query.tag) ?? null,
      tab: first(query.tab) ?? "newest",
      page: first(query.page) ?? 1,
      view: first(query.view) ?? "list",
    });
    const tags = await publicAskTags(store);
    const list =
      parsed.view === "list"
        ? await listPublicQuestions(store, {
            filter: {
              q: parsed.q || undefined,
              tagId: parsed.tag ?? undefined,
              tab: parsed.tab,
            },
            sort:
              parsed.tab === "hot"
                ? { field: "hot", order: "desc" }
                : { field: "createdAt", order: "desc" },
            offset: (parsed.page - 1) * ASK_PAGE_SIZE,
            limit: ASK_PAGE_SIZE,
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
      },
      pageSize: ASK_PAGE_SIZE,
      signUpOpen,
    };
  }
  if (page === "topicDetail") {
    const id = positive.safeParse(first(query.id));
    const question = id.success
      ? await findPublicQuestion(store, id.data)
      : undefined;
    if (!question) return { page: "notFound" };
    return {
      page: "topicDetail",
      question: { ...question, views: countView(store, question) },
      answers: await listAnswers(store, question.id, {
        offset: 0,
        limit: TOPIC_ANSWERS,
      }),
    };
  }
  if (page === "choicenessCommon") {
    return {
      page: "choicenessCommon",
      answers: await listRecommended(store, {
        offset: 0,
        limit: RECOMMENDED_PAGE,
      }),
    };
  }
  if (page === "tagList") {
    return { page: "tagList", tags: await publicAskTags(store) };
  }
  return { page: "notFound" };
}
