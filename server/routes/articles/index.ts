import type { FastifyPluginAsync } from "fastify";
import type { Selectable } from "kysely";
import {
  ARTICLE_FIELD_LABELS,
  ARTICLE_SORT_FIELDS,
  articleInputSchema,
  articleSchema,
  type Article,
} from "../../../common/schemas/article.js";
import type { ArticlesTable } from "../../db/schema.js";
import {
  defineResource,
  type ResourceDefinition,
} from "../../resources/define-resource.js";
import { dateRange, textFilter } from "../../resources/filters.js";
import { pinyinKey } from "../../resources/sort-keys.js";
import { registerSuggestions } from "../../resources/suggestions.js";
import {
  publishingWorkflow,
  WORKFLOW_FIELDS,
} from "../../resources/workflow.js";
import { columnValues } from "../../resources/column-values.js";
import { sanitizeStoredHtml } from "../../services/html-sanitizer.js";
import { fileColumnsAfterWrite } from "../../resources/content-files.js";
import { choiceLabels } from "../../../common/choice-labels.js";

type ArticleRow = Selectable<ArticlesTable>;

const workflow = publishingWorkflow("articles", "articles");

/** The articles resource (issue 11 item 4); exported for the public API. */
export const articleResource = {
  path: "articles",
  table: "articles",
  module: "article",
  recordSchema: articleSchema,
  createSchema: articleInputSchema,
  updateSchema: articleInputSchema,
  sortable: ARTICLE_SORT_FIELDS,
  sortKeys: { title: pinyinKey("titlePinyin") },
  defaultSort: ["updatedAt", "DESC"],
  search: {
    table: "articles",
    columns: ["title", "author", "category", "summary"],
    // The body is indexed as its text, like a sermon's, and both carry references.
    html: ["body"],
    passages: { text: ["title", "summary", "body"] },
  },
  filters: {
    ...workflow.filters,
    author: textFilter("articles.author", 64),
    category: textFilter("articles.category", 64),
    ...dateRange("updatedAt", "articles.updated_at"),
  },
  workflow,
  revisions: true,
  toRecord: (row: ArticleRow): Article => ({
    id: row.id,
    title: row.title,
    author: row.author,
    category: row.category,
    coverFileId: row.coverFileId,
    summary: row.summary,
    body: row.body,
    sourceUrl: row.sourceUrl,
    ...workflow.record(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  // status, publishAt and tagIds are the workflow's: written by its afterWrite.
  toValues: columnValues(articleInputSchema, {
    skip: WORKFLOW_FIELDS,
    stored: { body: (body) => sanitizeStoredHtml(body ?? "") },
  }),
  // The cover is counted as a use (a used file cannot be deleted), checked first.
  afterWrite: fileColumnsAfterWrite<Article>("articles", "articles", [
    { field: "coverFileId", kind: "image" },
  ]),
  fieldLabels: ARTICLE_FIELD_LABELS,
  csvColumns: [
    { key: "id" },
    { key: "title" },
    { key: "author" },
    { key: "category" },
    { key: "status", values: choiceLabels("contentStatus") },
    { key: "publishedAt", time: true },
    { key: "sourceUrl" },
    { key: "createdAt", time: true },
    { key: "updatedAt", time: true },
  ],
} satisfies ResourceDefinition<
  ArticleRow,
  Article,
  typeof articleInputSchema,
  typeof articleInputSchema
>;

export const articleRoutes: FastifyPluginAsync = async (app) => {
  registerSuggestions(app, {
    path: "articles",
    table: "articles",
    module: "article",
    fields: { author: "author", category: "category" },
  });
  defineResource(app, articleResource);
};
