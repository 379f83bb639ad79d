import { renderToString } from "react-dom/server";
import type { Language } from "../../common/codes.js";
import { Site } from "../../public-site/App.js";
import { askUrl, siteTitle, type PageData } from "../../public-site/data.js";
import { translate } from "../../public-site/i18n.js";
import { sermonHead } from "./sermon-head.js";
import { passageHead } from "./passage-page.js";
import { contentHead } from "./content-head.js";
import { mediaHead } from "./media-head.js";
import { liveHead } from "./live-page.js";
import { withoutStoredHtml } from "../../public-site/pages/ContentParts.js";

/** Text for an HTML attribute or element. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** JSON that is safe inside a <script> element (no "</script>", no "<!--"). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

interface Head {
  title: string;
  description: string;
  /** Path and query of the canonical URL. */
  path: string;
  type: "website" | "article";
  index: boolean;
  /** Path or URL of the og:image. */
  image?: string;
  jsonLd?: unknown;
}

function headOf(data: PageData, language: Language, site: string): Head {
  const t = (key: string) => translate(language, key);
  switch (data.page) {
    case "ask": {
      const { query } = data;
      return {
        title: `${t("page.ask.title")} · ${site}`,
        description: t("page.ask.intro"),
        // Search results are not pages of their own; tags, tabs and pages are.
        path: askUrl({ tagId: query.tagId, tab: query.tab, page: query.page }),
        type: "website",
        index: data.view === "list" && !query.q,
      };
    }
    case "topicDetail": {
      const { question } = data;
      return {
        title: `${question.title} · ${site}`,
        description: question.excerpt || question.title,
        path: `/topicDetail?id=${question.id}`,
        type: "article",
        index: true,
        // Google reports a QAPage without an answer as an error: none until one comes.
        jsonLd: data.answers.list.length > 0 ? qaPage(data) : undefined,
      };
    }
    case "choicenessCommon":
      return {
        title: `${t("page.choicenessCommon.title")} · ${site}`,
        description: t("page.choicenessCommon.intro"),
        path: "/choicenessCommon",
        type: "website",
        index: true,
      };
    case "tagList":
      return {
        title: `${t("page.tagList.title")} · ${site}`,
        description: t("page.tagList.intro"),
        path: "/tagList",
        type: "website",
        index: true,
      };
    case "sermons":
    case "sermon":
      return sermonHead(data, language, site);
    case "passage":
      return passageHead(data, language, site);
    case "articles":
    case "article":
    case "docs":
    case "doc":
      return contentHead(data, language, site);
    case "audios":
    case "audio":
    case "videos":
    case "video":
      return mediaHead(data, language, site);
    case "live":
      return liveHead(data, language, site);
    default:
      return {
        title: `${t("page.not_found.title")} · ${site}`,
        description: t("page.not_found.text"),
        path: "/ask",
        type: "website",
        index: false,
      };
  }
}

/** schema.org QAPage, as search engines read a question with its answers. */
function qaPage(data: Extract<PageData, { page: "topicDetail" }>) {
  const { question, answers } = data;
  const url = `/topicDetail?id=${question.id}`;
  const answerLd = (answer: (typeof answers.list)[number]) => ({
    "@type": "Answer",
    text: answer.body,
    upvoteCount: answer.score,
    dateCreated: answer.createdAt,
    url: `${url}#answer-${answer.id}`,
    author: { "@type": "Person", name: answer.author.userName },
  });
  const accepted = answers.list.find((a) => a.accepted);
  return {
    "@context": "https://schema.org",
    "@type": "QAPage",
    mainEntity: {
      "@type": "Question",
      name: question.title,
      text: question.body,
      answerCount: question.answerCount,
      upvoteCount: question.score,
      dateCreated: question.createdAt,
      author: { "@type": "Person", name: question.author.userName },
      ...(accepted ? { acceptedAnswer: answerLd(accepted) } : {}),
      suggestedAnswer: answers.list.filter((a) => !a.accepted).map(answerLd),
    },
  };
}

/** Absolute URLs in JSON-LD: the relative ones above get the site's origin. */
function absolutize(value: unknown, origin: string): unknown {
  if (typeof value === "string")
    return /^\/(topicDetail|sermons|articles|docs|audios|videos|files|tjc\/public)\b/.test(
      value,
    )
      ? `${origin}${value}`
      : value;
  if (Array.isArray(value)) return value.map((v) => absolutize(v, origin));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, absolutize(v, origin)]),
    );
  }
  return value;
}

/**
 * The whole HTML of a public page: the built template with the page's head and the
 * server-rendered tree, and the data the browser hydrates it from.
 */
export function renderPublicPage(
  template: string,
  data: PageData,
  language: Language,
  origin: string,
  /** The configured site name in the reader's language; the built-in one when absent. */
  siteName?: string,
): string {
  const site = siteTitle(language, siteName);
  const head = headOf(data, language, site);
  const canonical = `${origin}${head.path}`;
  const headHtml = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    head.index ? "" : `<meta name="robots" content="noindex" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(site)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:locale" content="${language.replace("-", "_")}" />`,
    head.image
      ? `<meta property="og:image" content="${escapeHtml(absolutize(head.image, origin) as string)}" />`
      : "",
    head.jsonLd
      ? `<script type="application/ld+json">${scriptJson(absolutize(head.jsonLd, origin))}</script>`
      : "",
  ]
    .filter(Boolean)
    .join("\n    ");
  const body = renderToString(
    <Site language={language} data={data} siteName={siteName} />,
  );
  // The stored HTML of a content page is in `body` once; the browser reads it back there.
  const pageData = `<script type="application/json" id="page-data">${scriptJson({ language, data: withoutStoredHtml(data), siteName })}</script>`;
  return (
    template
      .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
      .replace(/<title>[\s\S]*?<\/title>/, "")
      .replace(/<meta\s+name="description"[\s\S]*?\/>/, "")
      // Functions, so a "$&" in someone's question is text, not a replacement pattern.
      .replace("<!--page-head-->", () => headHtml)
      .replace("<!--page-body-->", () => body)
      .replace("</body>", () => `${pageData}\n  </body>`)
  );
}
