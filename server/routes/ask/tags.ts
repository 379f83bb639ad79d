import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Selectable } from "kysely";
import { z } from "zod";
import {
  ASK_TAG_SORT_FIELDS,
  askTagInputSchema,
  askTagSchema,
  type AskTag,
} from "../../../common/schemas/ask.js";
import { ASK_TAG_FIELD_LABELS } from "../../../common/schemas/ask-tag-labels.js";
import type { AskTagsTable } from "../../db/schema.js";
import { ok } from "../../http/envelope.js";
import {
  defineResource,
  type ResourceDefinition,
} from "../../resources/define-resource.js";
import { pinyinKey } from "../../resources/sort-keys.js";
import { mergeAskTag, publicAskTags } from "../../services/ask/tags.js";
import { refusal } from "../../services/ask/posts.js";
import { columnValues } from "../../resources/column-values.js";
import { Code } from "../../../common/codes.js";
import { ASK_VALIDATION_ERRORS } from "../../../common/ask-messages.js";
import { validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import {
  envelope,
  idParams,
  versionField,
} from "../../resources/resource-definition.js";
import { actorOf, recordAudit } from "../../services/audit.js";

type AskTagRow = Selectable<AskTagsTable>;

/** The Q&A tags resource for moderators and administrators (`askTag:*`). */
export const askTagResource = {
  path: "ask/admin/tags",
  table: "askTags",
  module: "askTag",
  recordSchema: askTagSchema,
  createSchema: askTagInputSchema,
  updateSchema: askTagInputSchema,
  sortable: ASK_TAG_SORT_FIELDS,
  sortKeys: { name: pinyinKey("namePinyin") },
  defaultSort: ["sortOrder", "ASC"],
  search: { table: "ask_tags", columns: ["name", "name_en"] },
  uniqueFields: ["name"],
  toRecord: (row: AskTagRow): AskTag => ({
    id: row.id,
    name: row.name,
    nameEn: row.nameEn,
    description: row.description,
    descriptionEn: row.descriptionEn,
    sortOrder: row.sortOrder,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  // A tag questions still carry is merged, not deleted (issue 15): 40900 names the count.
  beforeWrite: async (change, { trx, request }) => {
    if (change.action !== "delete") return;
    const used = await trx
      .selectFrom("askQuestionTags")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("tagId", "=", change.id)
      .executeTakeFirstOrThrow();
    if (Number(used.count) > 0) {
      const questions = Number(used.count);
      throw refusal(Code.CONFLICT, "tagInUse", request, {
        count: questions,
        data: { questions },
      });
    }
  },
  toValues: columnValues(askTagInputSchema),
  fieldLabels: ASK_TAG_FIELD_LABELS,
  csvColumns: [
    { key: "id" },
    { key: "name" },
    { key: "nameEn" },
    { key: "description" },
    { key: "descriptionEn" },
    { key: "sortOrder" },
    { key: "createdAt", time: true },
    { key: "updatedAt", time: true },
  ],
} satisfies ResourceDefinition<
  AskTagRow,
  AskTag,
  typeof askTagInputSchema,
  typeof askTagInputSchema
>;

export const publicAskTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string().nullable(),
  description: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  questionCount: z.number().int(),
});

export const askTagRoutes: FastifyPluginAsync = async (parent) => {
  defineResource(parent, askTagResource);
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/ask/admin/tags/:id/merge",
    {
      config: { permission: "askTag:delete" },
      schema: {
        tags: ["ask"],
        summary:
          "Merge a Q&A tag into another: its questions move to the target, then it is removed (one transaction)",
        params: idParams,
        body: z.object({
          targetId: idParams.shape.id,
          version: versionField.shape.version,
        }),
        response: {
          200: envelope(
            z.object({ moved: z.number().int(), targetId: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const sourceId = request.params.id;
      const { targetId, version } = request.body;
      if (sourceId === targetId) {
        throw validationError({
          targetId: localizeText(
            ASK_VALIDATION_ERRORS.mergeSelf,
            request.language,
          ),
        });
      }
      const moved = await app.store.transaction(async (trx) => {
        const { source, moved: count } = await mergeAskTag(
          trx,
          sourceId,
          targetId,
          version,
        );
        await recordAudit(trx, actorOf(request), {
          resource: "ask/admin/tags",
          recordId: sourceId,
          action: "delete",
          before: { ...askTagResource.toRecord(source), mergedInto: targetId },
        });
        return count;
      });
      return ok({ moved, targetId });
    },
  );

  app.get(
    "/ask/tags",
    {
      config: { permission: "public" },
      schema: {
        tags: ["ask"],
        summary: "The Q&A tags with the number of public questions of each",
        response: {
          200: envelope(
            z.object({
              list: z.array(publicAskTagSchema),
              total: z.number(),
            }),
          ),
        },
      },
    },
    async () => {
      const list = await publicAskTags(app.store);
      return ok({ list, total: list.length });
    },
  );
};
