import { createHash, randomBytes } from "node:crypto";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely, Selectable } from "kysely";
import { z } from "zod";
import { Code, type Language } from "../../../common/codes.js";
import { LIVE_ERRORS } from "../../../common/live-messages.js";
import {
  CHANNEL_FIELD_LABELS,
  CHANNEL_SORT_FIELDS,
  CHANNEL_STATUSES,
  channelInputSchema,
  channelSchema,
  type Channel,
} from "../../../common/schemas/live.js";
import { nowIso } from "../../db/dialect.js";
import type { ChannelsTable, Database } from "../../db/schema.js";
import { ok } from "../../http/envelope.js";
import { ApiError, notFound } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import {
  defineResource,
  type ResourceDefinition,
} from "../../resources/define-resource.js";
import { equals } from "../../resources/filters.js";
import {
  envelope,
  idParams,
  versionField,
} from "../../resources/resource-definition.js";
import { pinyinKey } from "../../resources/sort-keys.js";
import { withAudit } from "../../services/audit.js";
import { fileColumnsAfterWrite } from "../../resources/content-files.js";
import { columnValues } from "../../resources/column-values.js";
import { choiceLabels } from "../../../common/choice-labels.js";

type ChannelRow = Selectable<ChannelsTable>;

/** 32 random bytes, URL-safe: what the encoder (OBS) sends as its stream key. */
export function newStreamKey(): string {
  return `live_${randomBytes(32).toString("base64url")}`;
}

/** How the key is kept: its SHA-256, so a copy of the database does not give it away. */
export function hashStreamKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function channelRecord(row: ChannelRow): Channel {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    coverFileId: row.coverFileId,
    playbackUrl: row.playbackUrl,
    ingestUrl: row.ingestUrl,
    status: row.status as Channel["status"],
    streamKeySet: row.streamKeyHash !== null,
    streamKeyHint: row.streamKeyHint,
    streamKeyGeneratedAt: row.streamKeyGeneratedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}

/** 40000 on `field` unless the channel exists (a live video's, a notice's, the default). */
export async function requireChannel(
  db: Kysely<Database>,
  id: number,
  field: string,
  language: Language,
): Promise<void> {
  const channel = await db
    .selectFrom("channels")
    .select("id")
    .where("id", "=", id)
    .executeTakeFirst();
  if (!channel)
    throw new ApiError(Code.VALIDATION, {
      data: {
        errors: { [field]: localizeText(LIVE_ERRORS.unknownChannel, language) },
      },
    });
}

const inUse = (language: Parameters<typeof localizeText>[1]) =>
  new ApiError(Code.CONFLICT, {
    data: { errors: { id: localizeText(LIVE_ERRORS.channelInUse, language) } },
  });

/** The channels resource (issue 12 item 3); exported for the authorization matrix. */
export const channelResource = {
  path: "channels",
  table: "channels",
  module: "channel",
  recordSchema: channelSchema,
  createSchema: channelInputSchema,
  updateSchema: channelInputSchema,
  sortable: CHANNEL_SORT_FIELDS,
  sortKeys: { name: pinyinKey("namePinyin") },
  defaultSort: ["id", "DESC"],
  search: { table: "channels", columns: ["name", "description"] },
  filters: { status: equals("channels.status", z.enum(CHANNEL_STATUSES)) },
  toRecord: channelRecord,
  toValues: columnValues(channelInputSchema),
  // A channel with live videos, or the default one, stays: its history points at it.
  beforeWrite: async (change, { trx, request }) => {
    if (change.action !== "delete") return;
    const video = await trx
      .selectFrom("liveVideos")
      .select("id")
      .where("channelId", "=", change.id)
      .executeTakeFirst();
    const config = await trx
      .selectFrom("liveConfig")
      .select("id")
      .where("defaultChannelId", "=", change.id)
      .executeTakeFirst();
    if (video || config) throw inUse(request.language);
  },
  afterWrite: fileColumnsAfterWrite<Channel>("channels", "channels", [
    { field: "coverFileId", kind: "image" },
  ]),
  fieldLabels: CHANNEL_FIELD_LABELS,
  // The key is not a column of the record, so no export can carry it.
  csvColumns: [
    { key: "id" },
    { key: "name" },
    { key: "description" },
    { key: "status", values: choiceLabels("channelStatus") },
    { key: "playbackUrl" },
    { key: "ingestUrl" },
    { key: "streamKeySet", values: choiceLabels("yesNo") },
    { key: "streamKeyGeneratedAt", time: true },
    { key: "createdAt", time: true },
    { key: "updatedAt", time: true },
  ],
} satisfies ResourceDefinition<
  ChannelRow,
  Channel,
  typeof channelInputSchema,
  typeof channelInputSchema
>;

async function findChannel(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("channels")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
}

export const channelRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  defineResource(app, channelResource);

  // Generates (or replaces) the channel's stream key. The answer is the only place the
  // key ever appears: the store keeps its hash, records and the audit log its last four
  // characters. The version guards against two people regenerating at once.
  app.post(
    "/channels/:id/stream-key",
    {
      config: { permission: "channel:update" },
      schema: {
        tags: ["channels"],
        summary:
          "Generate a new stream key (answered once, in full; the old one stops working)",
        params: idParams,
        body: versionField,
        response: {
          200: envelope(
            z.object({ streamKey: z.string(), channel: channelSchema }),
          ),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const key = newStreamKey();
      const channel = await withAudit(app.store, request, async (trx) => {
        const before = await findChannel(trx, id);
        if (!before) throw notFound();
        const now = nowIso();
        const changed = await trx
          .updateTable("channels")
          .set((eb) => ({
            streamKeyHash: hashStreamKey(key),
            streamKeyHint: key.slice(-4),
            streamKeyGeneratedAt: now,
            updatedAt: now,
            version: eb("version", "+", 1),
          }))
          .where("id", "=", id)
          .where("version", "=", request.body.version)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0)
          throw new ApiError(Code.CONFLICT, {
            data: {
              errors: {
                version: localizeText("stale version", request.language),
              },
            },
          });
        const after = channelRecord((await findChannel(trx, id))!);
        return {
          result: after,
          audit: {
            resource: "channels",
            recordId: id,
            action: "update",
            before: channelRecord(before),
            after,
          },
        };
      });
      return ok({ streamKey: key, channel });
    },
  );
};
