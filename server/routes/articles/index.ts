import type { FastifyPluginAsync } from "fastify";
import type { Selectable } from "kysely";
import {
  ARTICLE_FIELD_LABELS,
  ARTICLE_SORT_FIELDS,
  articleInputSchema,
  articleSchema,
} from "../../../common/schemas/article.js";
import type { ArticlesTable } from "../../db/schema.js";
import { dateRange, textFilter } from "../../resources/filters.js";
import { sanitizeStoredHtml } from "../../services/html-sanitizer.js";
import { contentResource } from "../../resources/content-resource.js";

/** The articles resource (issue 11 item 4); exported for the public API. */
export const articleResource = contentResource({
  path: "articles",
  table: "articles",
  module: "article",
  recordSchema: articleSchema,
  inputSchema: articleInputSchema,
  sortable: ARTICLE_SORT_FIELDS,
  defaultSort: ["updatedAt", "DESC"],
  search: {
    columns: ["title", "author", "category", "summary"],
    // The body is indexed as its text, like a sermon's, and both carry references.
    html: ["body"],
    passages: { text: ["title", "summary", "body"] },
  },
  filters: {
    author: textFilter("articles.author", 64),
    category: textFilter("articles.category", 64),
    ...dateRange("updatedAt", "articles.updated_at"),
  },
  revisions: true,
  fields: (row: Selectable<ArticlesTable>) => ({
    title: row.title,
    author: row.author,
    category: row.category,
    coverFileId: row.coverFileId,
    summary: row.summary,
    body: row.body,
    sourceUrl: row.sourceUrl,
  }),
  stored: { body: (body) => sanitizeStoredHtml(body ?? "") },
  // The cover is counted as a use (a used file cannot be deleted), checked first.
  files: [{ field: "coverFileId", kind: "image" }],
  fieldLabels: ARTICLE_FIELD_LABELS,
  csv: [{ key: "author" }, { key: "category" }],
  csvAfter: [{ key: "sourceUrl" }],
  suggestions: { author: "author", category: "category" },
});

export const articleRoutes: FastifyPluginAsync = async (app) => {
  articleResource.register(app);
};

export default articleRoutes;
