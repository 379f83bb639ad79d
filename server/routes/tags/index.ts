import type { FastifyPluginAsync } from "fastify";
import type { Selectable } from "kysely";
import {
  TAG_SORT_FIELDS,
  tagInputSchema,
  tagSchema,
  type Tag,
} from "../../../common/schemas/tag.js";
import { TAG_FIELD_LABELS } from "../../../common/schemas/tag-labels.js";
import type { TagsTable } from "../../db/schema.js";
import {
  defineResource,
  type ResourceDefinition,
} from "../../resources/define-resource.js";
import { pinyinKey } from "../../resources/sort-keys.js";
import { forgetTaggedTotals } from "../../resources/content-tags.js";
import { columnValues } from "../../resources/column-values.js";

type TagRow = Selectable<TagsTable>;

/** The tags resource; exported for the query-plan tests. */
export const tagResource = {
  path: "tags",
  table: "tags",
  module: "tag",
  recordSchema: tagSchema,
  createSchema: tagInputSchema,
  updateSchema: tagInputSchema,
  sortable: TAG_SORT_FIELDS,
  // A Chinese name sorts by its pinyin, as a Chinese reader expects.
  sortKeys: { name: pinyinKey("namePinyin") },
  defaultSort: ["sortOrder", "ASC"],
  search: { table: "tags", columns: ["name", "name_en"] },
  uniqueFields: ["name"],
  toRecord: (row: TagRow): Tag => ({
    id: row.id,
    name: row.name,
    nameEn: row.nameEn,
    sortOrder: row.sortOrder,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  toValues: columnValues(tagInputSchema),
  afterWrite: async (change, { trx }) => {
    if (change.action === "delete") await forgetTaggedTotals(trx);
  },
  fieldLabels: TAG_FIELD_LABELS,
  csvColumns: [
    { key: "id" },
    { key: "name" },
    { key: "nameEn" },
    { key: "sortOrder" },
    { key: "createdAt", time: true },
    { key: "updatedAt", time: true },
  ],
} satisfies ResourceDefinition<
  TagRow,
  Tag,
  typeof tagInputSchema,
  typeof tagInputSchema
>;

export const tagRoutes: FastifyPluginAsync = async (app) => {
  defineResource(app, tagResource);
};

export default tagRoutes;
