import type { FastifyPluginAsync } from "fastify";
import { sql, type Selectable, type SqlBool } from "kysely";
import { z } from "zod";
import { Code } from "../../../common/codes.js";
import { LIVE_ERRORS } from "../../../common/live-messages.js";
import {
  LIVE_NOTICE_FIELD_LABELS,
  LIVE_NOTICE_SORT_FIELDS,
  instant,
  liveNoticeInputSchema,
  liveNoticeSchema,
  liveNoticeUpdateSchema,
  type LiveNotice,
} from "../../../common/schemas/live.js";
import type { LiveNoticesTable } from "../../db/schema.js";
import { ApiError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import {
  defineResource,
  type ResourceDefinition,
} from "../../resources/define-resource.js";
import { equals } from "../../resources/filters.js";
import { MAX_INT32 } from "../../resources/resource-definition.js";
import { requireChannel } from "./channels.js";
import { asFlag, columnValues } from "../../resources/column-values.js";
import { choiceLabels } from "../../../common/choice-labels.js";

type LiveNoticeRow = Selectable<LiveNoticesTable>;

export function liveNoticeRecord(row: LiveNoticeRow): LiveNotice {
  return {
    id: row.id,
    textZh: row.textZh,
    textEn: row.textEn,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    channelId: row.channelId,
    enabled: row.enabled === 1,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}

/** The live notices resource (issue 12 item 6): time-boxed, in both languages. */
export const liveNoticeResource = {
  path: "live-notices",
  table: "liveNotices",
  module: "liveNotice",
  recordSchema: liveNoticeSchema,
  createSchema: liveNoticeInputSchema,
  updateSchema: liveNoticeUpdateSchema,
  sortable: LIVE_NOTICE_SORT_FIELDS,
  defaultSort: ["startsAt", "DESC"],
  search: { table: "live_notices", columns: ["text_zh", "text_en"] },
  filters: {
    enabled: {
      schema: z.boolean(),
      where: (value: boolean) =>
        sql<SqlBool>`live_notices.enabled = ${value ? 1 : 0}`,
    },
    channelId: equals(
      "live_notices.channel_id",
      z.number().int().positive().max(MAX_INT32),
    ),
    // Notices whose window holds this time (start included, end excluded).
    activeAt: {
      schema: instant,
      where: (value: string) =>
        sql<SqlBool>`(live_notices.starts_at <= ${value} and live_notices.ends_at > ${value})`,
    },
  },
  toRecord: liveNoticeRecord,
  toValues: columnValues(liveNoticeInputSchema, {
    stored: { enabled: asFlag },
  }),
  // The merged window must still end after it starts (an update may send one end), and a
  // channel named must exist.
  beforeWrite: async (change, { trx, request }) => {
    if (change.action === "delete") return;
    const input = change.input ?? {};
    const startsAt =
      (input.startsAt as string | undefined) ?? change.before!.startsAt;
    const endsAt =
      (input.endsAt as string | undefined) ?? change.before!.endsAt;
    if (endsAt <= startsAt)
      throw new ApiError(Code.VALIDATION, {
        data: {
          errors: {
            endsAt: localizeText(LIVE_ERRORS.endBeforeStart, request.language),
          },
        },
      });
    const channelId = input.channelId as number | null | undefined;
    if (typeof channelId === "number")
      await requireChannel(trx, channelId, "channelId", request.language);
  },
  fieldLabels: LIVE_NOTICE_FIELD_LABELS,
  csvColumns: [
    { key: "id" },
    { key: "textZh" },
    { key: "textEn" },
    { key: "startsAt", time: true },
    { key: "endsAt", time: true },
    { key: "channelId" },
    { key: "enabled", values: choiceLabels("yesNo") },
    { key: "createdAt", time: true },
    { key: "updatedAt", time: true },
  ],
} satisfies ResourceDefinition<
  LiveNoticeRow,
  LiveNotice,
  typeof liveNoticeInputSchema,
  typeof liveNoticeUpdateSchema
>;

export const liveNoticeRoutes: FastifyPluginAsync = async (app) => {
  defineResource(app, liveNoticeResource);
};
