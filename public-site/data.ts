import type { Language } from "../common/codes";
import type { MemberAccount } from "../common/schemas/member-account";
import type { Answer, AskTab, Question } from "../common/schemas/ask";
import { translate } from "./i18n";
import type { VerseRange } from "../common/passages";
import type { SermonPageData } from "./pages/sermons/data";
import type { PassagePageData } from "./pages/passage/data";
import type { ContentPageData } from "./pages/content/data";
import type { MediaPageData } from "./pages/media/data";
import type { LivePageData } from "./pages/live/data";

/** Something on the same passage as the page (GET /tjc/passages' hit). */
export interface PassageHit {
  type: string;
  id: number;
  title: string;
  link: string;
  overlaps: number;
}

/** A tag as the public pages show it. */
export interface TagCount {
  id: number;
  name: string;
  nameEn: string | null;
  description: string | null;
  descriptionEn: string | null;
  questionCount: number;
}

export type RecommendedAnswer = Answer & {
  questionTitle: string;
  recommendNote: string | null;
};

/**
 * What the server rendered a page from. It is sent along as JSON so the browser hydrates
 * the same tree without asking again.
 */
export type PageData =
  | {
      page: "ask";
      view:
        | "list"
        | "ask"
        | "login"
        | "signup"
        | "mine"
        | "forgot"
        | "reset"
        | "verify"
        | "mail"
        | "account";
      questions: {
        list: Question[];
        total: number;
        highlights?: Record<
          string,
          { title?: Highlight[]; body?: Highlight[] }
        >;
      };
      tags: TagCount[];
      query: {
        q: string;
        tagId: number | null;
        tab: AskTab;
        page: number;
        passage: string;
      };
      /** The ranges `query.passage` names (empty without one). */
      passageRanges: VerseRange[];
      pageSize: number;
      signUpOpen: boolean;
      /**
       * A login, sign-up or password-reset form the server refused (posted without
       * JavaScript), or a reset form it accepted (`done`).
       */
      account?: {
        error: string;
        values: Record<string, string>;
        done?: boolean;
        /** The member's account settings, after a settings form posted without JavaScript. */
        member?: MemberAccount;
      };
    }
  | {
      page: "topicDetail";
      question: Question;
      /** The passages the question names, and what else is on them. */
      passages: VerseRange[];
      related: PassageHit[];
      answers: { list: Answer[]; total: number };
    }
  | {
      page: "choicenessCommon";
      answers: { list: RecommendedAnswer[]; total: number };
    }
  | { page: "tagList"; tags: TagCount[] }
  | SermonPageData
  | PassagePageData
  | ContentPageData
  | MediaPageData
  | LivePageData
  /** `about`: what was not found, when not a question (the text and the way back). */
  | { page: "notFound"; about?: NotFoundAbout };

/** What a content page's not-found names, with its way back. */
export type NotFoundAbout =
  "sermon" | "article" | "document" | "audio" | "video";

/** A stretch of a highlighted text; `hit` marks a matched word. */
export interface Highlight {
  text: string;
  hit?: true;
}

export interface SiteProps {
  language: Language;
  data: PageData;
  /** The site's name from the system configuration, in the reader's language. */
  siteName?: string;
}

/** The site's title ("灯台问答社区"): the configured name, else the built-in one. */
export function siteTitle(language: Language, siteName?: string): string {
  const name = siteName?.trim() || translate(language, "site.default_name");
  return translate(language, "site.title", { name });
}

/** A tag's name in the reader's language. */
export function tagName(
  tag: { name: string; nameEn: string | null },
  language: Language,
): string {
  return language === "en-US" && tag.nameEn ? tag.nameEn : tag.name;
}

/** A tag's description in the reader's language (the Chinese one when none in English). */
export function tagDescription(
  tag: { description: string | null; descriptionEn: string | null },
  language: Language,
): string | null {
  return language === "en-US" && tag.descriptionEn
    ? tag.descriptionEn
    : tag.description;
}

/** The /ask URL for a query, keeping only what differs from the defaults. */
export function askUrl(query: {
  q?: string;
  tagId?: number | null;
  tab?: AskTab;
  page?: number;
  passage?: string;
}): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.passage) params.set("passage", query.passage);
  if (query.tagId) params.set("tag", String(query.tagId));
  if (query.tab && query.tab !== "newest") params.set("tab", query.tab);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `/ask?${search}` : "/ask";
}
