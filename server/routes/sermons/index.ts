import type { FastifyPluginAsync } from "fastify";
import { sql, type Selectable } from "kysely";
import { z } from "zod";
import {
  SERMON_FIELD_LABELS,
  SERMON_SORT_FIELDS,
  sermonInputSchema,
  sermonSchema,
} from "../../../common/schemas/sermon.js";
import type { SermonsTable } from "../../db/schema.js";
import { contentResource } from "../../resources/content-resource.js";
import { asJsonSet } from "../../resources/column-values.js";
import { sanitizeStoredHtml } from "../../services/html-sanitizer.js";
import { textFilter } from "../../resources/filters.js";
import { namesMissingVerse } from "../../services/passage-parser.js";

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
export const sermonResource = contentResource({
  path: "sermons",
  table: "sermons",
  module: "sermon",
  recordSchema: sermonSchema,
  inputSchema: sermonServerInput,
  sortable: SERMON_SORT_FIELDS,
  defaultSort: ["preachedOn", "DESC"],
  // A sermon row carries its body, which the sort carries too: at 100,000 sermons, looking
  // up and sorting the 1,951 of one tag took 47 ms, walking 51,000 entries of preached_on
  // 7 ms (docs/performance.md, "Sermons with tags").
  lookupCost: 64,
  search: {
    columns: ["title", "preacher", "series", "passage", "summary"],
    html: ["body"],
    passages: { reference: ["passage"], text: ["summary", "body"] },
  },
  filters: {
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
  revisions: true,
  fields: (row: Selectable<SermonsTable>) => ({
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
  }),
  stored: {
    body: (body) => sanitizeStoredHtml(body ?? ""),
    attachmentIds: asJsonSet,
  },
  // The files it uses are counted (a used file cannot be deleted), checked first.
  files: [
    { field: "audioFileId", kind: "audio" },
    { field: "videoFileId", kind: "video" },
    { field: "coverFileId", kind: "image" },
    { field: "attachmentIds", kind: null, list: true },
  ],
  fieldLabels: SERMON_FIELD_LABELS,
  csv: [
    { key: "preacher" },
    { key: "series" },
    { key: "serviceType" },
    { key: "preachedOn" },
    { key: "passage" },
  ],
  csvAfter: [{ key: "views" }],
  suggestions: {
    preacher: "preacher",
    series: "series",
    serviceType: "service_type",
  },
});

export const sermonRoutes: FastifyPluginAsync = async (app) => {
  sermonResource.register(app);
};

export default sermonRoutes;
