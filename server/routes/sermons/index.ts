import type { FastifyPluginAsync } from "fastify";
import { sql, type Selectable } from "kysely";
import { z } from "zod";
import {
  SERMON_FIELD_LABELS,
  SERMON_SORT_FIELDS,
  sermonInputSchema,
  sermonSchema,
  type Sermon,
} from "../../../common/schemas/sermon.js";
import type { SermonsTable } from "../../db/schema.js";
import {
  defineResource,
  type ResourceDefinition,
} from "../../resources/define-resource.js";
import { registerSuggestions } from "../../resources/suggestions.js";
import { pinyinKey } from "../../resources/sort-keys.js";
import {
  publishingWorkflow,
  WORKFLOW_FIELDS,
} from "../../resources/workflow.js";
import { asJsonSet, columnValues } from "../../resources/column-values.js";
import { sanitizeStoredHtml } from "../../services/html-sanitizer.js";
import { fileColumnsAfterWrite } from "../../resources/content-files.js";
import { textFilter } from "../../resources/filters.js";
import { namesMissingVerse } from "../../services/passage-parser.js";
import { choiceLabels } from "../../../common/choice-labels.js";

type SermonRow = Selectable<SermonsTable>;

const workflow = publishingWorkflow("sermons", "sermons");

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The server's sermon input: a passage past its book's end (`约翰福音 99:99`) is refused at
 * its field (issue 25); the admin's form cannot hold the parser's tables.
 */
const sermonServerInput = sermonInputSchema.extend({
  passage: sermonInputSchema.shape.passage.refine(
    (passage) => !passage || !namesMissingVerse(passage),
    { message: "no such passage" },
  ),
});

/** The sermons resource (issue 11 item 3); exported for the bench and the public API. */
export const sermonResource = {
  path: "sermons",
  table: "sermons",
  module: "sermon",
  recordSchema: sermonSchema,
  createSchema: sermonServerInput,
  updateSchema: sermonServerInput,
  sortable: SERMON_SORT_FIELDS,
  sortKeys: { title: pinyinKey("titlePinyin") },
  defaultSort: ["preachedOn", "DESC"],
  // A sermon row carries its body, which the sort carries too: at 100,000 sermons, looking
  // up and sorting the 1,951 of one tag took 47 ms, walking 51,000 entries of preached_on
  // 7 ms (docs/performance.md, "Sermons with tags").
  lookupCost: 64,
  search: {
    table: "sermons",
    columns: ["title", "preacher", "series", "passage", "summary"],
    html: ["body"],
    passages: { reference: ["passage"], text: ["summary", "body"] },
  },
  filters: {
    ...workflow.filters,
    preacher: textFilter("sermons.preacher"),
    series: textFilter("sermons.series"),
    serviceType: textFilter("sermons.service_type"),
    preachedFrom: {
      schema: day,
      where: (value: string) => sql<boolean>`sermons.preached_on >= ${value}`,
    },
    preachedTo: {
      schema: day,
      where: (value: string) => sql<boolean>`sermons.preached_on <= ${value}`,
    },
  },
  workflow,
  revisions: true,
  toRecord: (row: SermonRow): Sermon => ({
    id: row.id,
    title: row.title,
    preacher: row.preacher,
    series: row.series,
    serviceType: row.serviceType,
    preachedOn: row.preachedOn,
    passage: row.passage,
    summary: row.summary,
    body: row.body,
    audioFileId: row.audioFileId,
    videoFileId: row.videoFileId,
    videoUrl: row.videoUrl,
    attachmentIds: JSON.parse(row.attachmentIds) as number[],
    coverFileId: row.coverFileId,
    regionCode: row.regionCode,
    views: Number(row.views),
    ...workflow.record(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  // status, publishAt and tagIds are the workflow's: written by its afterWrite.
  toValues: columnValues(sermonInputSchema, {
    skip: WORKFLOW_FIELDS,
    stored: {
      body: (body) => sanitizeStoredHtml(body ?? ""),
      attachmentIds: asJsonSet,
    },
  }),
  // The files it uses are counted (a used file cannot be deleted), checked first.
  afterWrite: fileColumnsAfterWrite<Sermon>("sermons", "sermons", [
    { field: "audioFileId", kind: "audio" },
    { field: "videoFileId", kind: "video" },
    { field: "coverFileId", kind: "image" },
    { field: "attachmentIds", kind: null, list: true },
  ]),
  fieldLabels: SERMON_FIELD_LABELS,
  csvColumns: [
    { key: "id" },
    { key: "title" },
    { key: "preacher" },
    { key: "series" },
    { key: "serviceType" },
    { key: "preachedOn" },
    { key: "passage" },
    { key: "status", values: choiceLabels("contentStatus") },
    { key: "publishedAt", time: true },
    { key: "views" },
    { key: "createdAt", time: true },
    { key: "updatedAt", time: true },
  ],
} satisfies ResourceDefinition<
  SermonRow,
  Sermon,
  typeof sermonServerInput,
  typeof sermonServerInput
>;

export const sermonRoutes: FastifyPluginAsync = async (app) => {
  registerSuggestions(app, {
    path: "sermons",
    table: "sermons",
    module: "sermon",
    fields: {
      preacher: "preacher",
      series: "series",
      serviceType: "service_type",
    },
  });
  defineResource(app, sermonResource);
};
