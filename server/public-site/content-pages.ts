import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { PageData } from "../../public-site/data.js";
import {
  DOC_LANGUAGE_VALUES,
  type ArticleDetail,
  type ArticleQuery,
  type ArticleSummary,
  type DocDetail,
  type DocQuery,
  type DocSummary,
} from "../../public-site/pages/content/data.js";
import { publicReader, type PublicRecord } from "../resources/public-reads.js";
import { articleResource } from "../routes/articles/index.js";
import { gospelDocResource } from "../routes/media-content/gospel-docs.js";
import {
  coverOf,
  fileOf,
  first,
  idParam,
  indexedRanges,
  keywordParam,
  LIST_PAGE_SIZE,
  pageParam,
  publishedPage,
} from "./public-lists.js";
import { loadSermonPage } from "./sermons.js";
import { livePage } from "./live-page.js";
import { loadMediaPage } from "./media-pages.js";
import type { Language } from "../../common/codes.js";

const articleQuery = z.object({
  q: keywordParam,
  author: z.string().trim().max(64).catch(""),
  page: pageParam,
});
const docQuery = z.object({
  q: keywordParam,
  language: z.enum(DOC_LANGUAGE_VALUES).or(z.literal("")).catch(""),
  page: pageParam,
});

const text = (value: unknown) => (value == null ? null : String(value));

function articleSummary(record: PublicRecord): ArticleSummary {
  return {
    id: record.id,
    title: String(record.title),
    author: text(record.author),
    category: text(record.category),
    summary: text(record.summary),
    publishedAt: text(record.publishedAt),
  };
}

function articleDetail(record: PublicRecord): ArticleDetail {
  return {
    ...articleSummary(record),
    body: String(record.body ?? ""),
    sourceUrl: text(record.sourceUrl),
    cover: coverOf(record),
  };
}

function docSummary(record: PublicRecord): DocSummary {
  return {
    id: record.id,
    title: String(record.title),
    description: text(record.description),
    language: record.language as DocSummary["language"],
    publishedAt: text(record.publishedAt),
    file: fileOf(record, "fileId"),
  };
}

function docDetail(record: PublicRecord): DocDetail {
  return { ...docSummary(record), cover: coverOf(record) };
}

async function articlesPage(
  app: FastifyInstance,
  raw: Record<string, unknown>,
): Promise<PageData> {
  const query: ArticleQuery = articleQuery.parse({
    q: first(raw.q) ?? "",
    author: first(raw.author) ?? "",
    page: first(raw.page) ?? 1,
  });
  const { q, author } = query;
  return {
    page: "articles",
    query,
    articles: await publishedPage(
      app,
      articleResource,
      { q, author },
      query.page,
      articleSummary,
    ),
    pageSize: LIST_PAGE_SIZE,
  };
}

async function docsPage(
  app: FastifyInstance,
  raw: Record<string, unknown>,
): Promise<PageData> {
  const query: DocQuery = docQuery.parse({
    q: first(raw.q) ?? "",
    language: first(raw.language) ?? "",
    page: first(raw.page) ?? 1,
  });
  const { q, language } = query;
  return {
    page: "docs",
    query,
    docs: await publishedPage(
      app,
      gospelDocResource,
      { q, language },
      query.page,
      docSummary,
    ),
    pageSize: LIST_PAGE_SIZE,
  };
}

/** An article's or a document's page; the not-found page for anything unpublished. */
async function detailPage(
  app: FastifyInstance,
  about: "article" | "document",
  params: Record<string, unknown>,
): Promise<PageData> {
  const id = idParam(params);
  if (id === null) return { page: "notFound", about };
  const record = await (
    about === "article"
      ? publicReader(app, articleResource)
      : publicReader(app, gospelDocResource)
  ).get(id);
  if (!record) return { page: "notFound", about };
  const passageRanges = await indexedRanges(
    app.store.db,
    about === "article" ? articleResource.table : gospelDocResource.table,
    id,
  );
  return about === "article"
    ? { page: "article", article: articleDetail(record), passageRanges }
    : { page: "doc", doc: docDetail(record), passageRanges };
}

/**
 * What a content page of the public site shows (`route` is the path pattern it
 * answered): sermons and the passage page (sermons.ts), articles and gospel documents,
 * audio and video items (media-pages.ts).
 * Every page reads through the public read API's reader, so the pages and
 * `/tjc/public/*` answer the same published records.
 */
export function loadContentPage(
  app: FastifyInstance,
  route: string,
  params: Record<string, unknown>,
  query: Record<string, unknown>,
  language: Language,
): Promise<PageData> {
  switch (route) {
    case "/live":
      return livePage(app, language);
    case "/articles":
      return articlesPage(app, query);
    case "/articles/:id":
      return detailPage(app, "article", params);
    case "/docs":
      return docsPage(app, query);
    case "/docs/:id":
      return detailPage(app, "document", params);
    default:
      return (
        loadMediaPage(app, route, params, query) ??
        loadSermonPage(app, route, params, query)
      );
  }
}
