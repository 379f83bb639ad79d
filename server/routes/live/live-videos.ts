import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely, Selectable } from "kysely";
import { z } from "zod";
import { Code, type Language } from "../../../common/codes.js";
import { LIVE_ERRORS } from "../../../common/live-messages.js";
import {
  LIVE_VIDEO_FIELD_LABELS,
  LIVE_VIDEO_SORT_FIELDS,
  LIVE_VIDEO_STATUSES,
  canMoveLiveVideo,
  liveVideoInputSchema,
  liveVideoSchema,
  liveVideoUpdateSchema,
  type LiveVideo,
  type LiveVideoStatus,
} from "../../../common/schemas/live.js";
import { sermonInputSchema } from "../../../common/schemas/sermon.js";
import { nowIso } from "../../db/dialect.js";
import type { Database, LiveVideosTable } from "../../db/schema.js";
import { ok } from "../../http/envelope.js";
import { ApiError, notFound } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import {
  defineResource,
  resourceWriter,
  type ResourceDefinition,
} from "../../resources/define-resource.js";
import { dateRange, equals } from "../../resources/filters.js";
import {
  envelope,
  idParams,
  MAX_INT32,
} from "../../resources/resource-definition.js";
import { pinyinKey } from "../../resources/sort-keys.js";
import { actorOf, recordAudit } from "../../services/audit.js";
import { fileColumnsAfterWrite } from "../../resources/content-files.js";
import { sermonResource } from "../sermons/index.js";
import { columnValues } from "../../resources/column-values.js";
import { choiceLabels } from "../../../common/choice-labels.js";

type LiveVideoRow = Selectable<LiveVideosTable>;

export function liveVideoRecord(row: LiveVideoRow): LiveVideo {
  return {
    id: row.id,
    title: row.title,
    channelId: row.channelId,
    preacher: row.preacher,
    scheduledStart: row.scheduledStart,
    scheduledEnd: row.scheduledEnd,
    status: row.status as LiveVideoStatus,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    replayFileId: row.replayFileId,
    replayUrl: row.replayUrl,
    sermonId: row.sermonId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}

const refuse = (
  code: typeof Code.VALIDATION | typeof Code.CONFLICT,
  field: string,
  key: string,
  language: Language,
) =>
  new ApiError(code, {
    data: { errors: { [field]: localizeText(key, language) } },
  });

/** The record a write would leave: what was stored, with the input over it. */
interface Planned {
  channelId: number;
  scheduledStart: string;
  scheduledEnd: string;
  from: LiveVideoStatus;
  to: LiveVideoStatus;
}

function plan(
  input: Record<string, unknown>,
  before: LiveVideo | undefined,
): Planned {
  const from: LiveVideoStatus = before?.status ?? "scheduled";
  return {
    channelId: (input.channelId as number | undefined) ?? before!.channelId,
    scheduledStart:
      (input.scheduledStart as string | undefined) ?? before!.scheduledStart,
    scheduledEnd:
      (input.scheduledEnd as string | undefined) ?? before!.scheduledEnd,
    from,
    to: (input.status as LiveVideoStatus | undefined) ?? from,
  };
}

/**
 * The rules of a live video's write, checked in its transaction before anything is
 * written: sensible status moves only, times and channel fixed once it went on air, the
 * end after the start, a channel that exists, no two videos of one channel overlapping in
 * time (cancelled ones aside) and one video on air per channel. On PostgreSQL the channel's
 * row is locked first, so two writes on one channel check one after the other (SQLite
 * writes one at a time anyway).
 */
async function checkWrite(
  trx: Kysely<Database>,
  request: FastifyRequest,
  id: number,
  input: Record<string, unknown>,
  before: LiveVideo | undefined,
): Promise<void> {
  const language = request.language;
  const next = plan(input, before);
  if (!before && next.to !== "scheduled")
    throw refuse(Code.VALIDATION, "status", LIVE_ERRORS.transition, language);
  if (!canMoveLiveVideo(next.from, next.to))
    throw refuse(Code.VALIDATION, "status", LIVE_ERRORS.transition, language);
  if (
    before &&
    (before.status === "live" || before.status === "ended") &&
    (next.channelId !== before.channelId ||
      next.scheduledStart !== before.scheduledStart ||
      next.scheduledEnd !== before.scheduledEnd)
  )
    throw refuse(
      Code.VALIDATION,
      "scheduledStart",
      LIVE_ERRORS.timesLocked,
      language,
    );
  if (next.scheduledEnd <= next.scheduledStart)
    throw refuse(
      Code.VALIDATION,
      "scheduledEnd",
      LIVE_ERRORS.endBeforeStart,
      language,
    );
  let channel = trx
    .selectFrom("channels")
    .select("id")
    .where("id", "=", next.channelId);
  if (request.server.store.kind === "postgres") channel = channel.forUpdate();
  if (!(await channel.executeTakeFirst()))
    throw refuse(
      Code.VALIDATION,
      "channelId",
      LIVE_ERRORS.unknownChannel,
      language,
    );
  if (next.to !== "cancelled") {
    const overlapping = await trx
      .selectFrom("liveVideos")
      .select("id")
      .where("channelId", "=", next.channelId)
      .where("id", "<>", id)
      .where("status", "<>", "cancelled")
      .where("scheduledStart", "<", next.scheduledEnd)
      .where("scheduledEnd", ">", next.scheduledStart)
      .executeTakeFirst();
    if (overlapping)
      throw refuse(
        Code.CONFLICT,
        "scheduledStart",
        LIVE_ERRORS.overlap,
        language,
      );
  }
  if (next.to === "live" && next.from !== "live") {
    const onAir = await trx
      .selectFrom("liveVideos")
      .select("id")
      .where("channelId", "=", next.channelId)
      .where("id", "<>", id)
      .where("status", "=", "live")
      .executeTakeFirst();
    if (onAir)
      throw refuse(Code.CONFLICT, "status", LIVE_ERRORS.alreadyLive, language);
  }
}

/** The replay is counted as a use of its file (a used file cannot be deleted). */
const replayFile = fileColumnsAfterWrite<LiveVideo>(
  "live-videos",
  "liveVideos",
  [{ field: "replayFileId", kind: "video" }],
);

/** The live videos resource (issue 12 item 4). */
export const liveVideoResource = {
  path: "live-videos",
  table: "liveVideos",
  module: "liveVideo",
  recordSchema: liveVideoSchema,
  createSchema: liveVideoInputSchema,
  updateSchema: liveVideoUpdateSchema,
  sortable: LIVE_VIDEO_SORT_FIELDS,
  sortKeys: { title: pinyinKey("titlePinyin") },
  defaultSort: ["scheduledStart", "DESC"],
  search: { table: "live_videos", columns: ["title", "preacher"] },
  filters: {
    status: equals("live_videos.status", z.enum(LIVE_VIDEO_STATUSES)),
    channelId: equals(
      "live_videos.channel_id",
      z.number().int().positive().max(MAX_INT32),
    ),
    ...dateRange("scheduled", "live_videos.scheduled_start"),
  },
  toRecord: liveVideoRecord,
  toValues: columnValues(liveVideoInputSchema),
  beforeWrite: async (change, { trx, request }) => {
    if (change.action === "delete") {
      // A video on air ends first: its channel shows it as live.
      if (change.before?.status === "live")
        throw refuse(
          Code.CONFLICT,
          "status",
          LIVE_ERRORS.transition,
          request.language,
        );
      return;
    }
    await checkWrite(
      trx,
      request,
      change.id,
      change.input ?? {},
      change.before,
    );
  },
  // Going on air and ending stamp the times and move the channel's status with them.
  afterWrite: async (change, context) => {
    const { trx } = context;
    if (change.action === "delete") {
      await replayFile(change, context);
      return;
    }
    const row = await trx
      .selectFrom("liveVideos")
      .selectAll()
      .where("id", "=", change.id)
      .executeTakeFirstOrThrow();
    const from = change.before?.status ?? "scheduled";
    const now = nowIso();
    if (row.status === "live" && from !== "live") {
      await trx
        .updateTable("liveVideos")
        .set({ startedAt: now })
        .where("id", "=", row.id)
        .execute();
      await trx
        .updateTable("channels")
        .set({ status: "live", updatedAt: now })
        .where("id", "=", row.channelId)
        .execute();
    }
    if (row.status === "ended" && from === "live") {
      await trx
        .updateTable("liveVideos")
        .set({ endedAt: now })
        .where("id", "=", row.id)
        .execute();
      await trx
        .updateTable("channels")
        .set({ status: "idle", updatedAt: now })
        .where("id", "=", row.channelId)
        .where("status", "=", "live")
        .execute();
    }
    await replayFile(change, context);
  },
  fieldLabels: LIVE_VIDEO_FIELD_LABELS,
  csvColumns: [
    { key: "id" },
    { key: "title" },
    { key: "channelId" },
    { key: "preacher" },
    { key: "status", values: choiceLabels("liveVideoStatus") },
    { key: "scheduledStart", time: true },
    { key: "scheduledEnd", time: true },
    { key: "startedAt", time: true },
    { key: "endedAt", time: true },
    { key: "replayUrl" },
    { key: "sermonId" },
    { key: "createdAt", time: true },
    { key: "updatedAt", time: true },
  ],
} satisfies ResourceDefinition<
  LiveVideoRow,
  LiveVideo,
  typeof liveVideoInputSchema,
  typeof liveVideoUpdateSchema
>;

/** The day a live video was preached, in the church's zone (China, UTC+8, no DST). */
export function preachedOn(video: LiveVideo): string {
  const at = Date.parse(video.startedAt ?? video.scheduledStart);
  return new Date(at + 8 * 3_600_000).toISOString().slice(0, 10);
}

export const liveVideoRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  defineResource(app, liveVideoResource);
  const sermons = resourceWriter(app, sermonResource);

  // "Create draft sermon": an ended live video with a replay becomes a draft sermon
  // (title, preacher, day, the replay as its video, a link back in its summary). The
  // video keeps the sermon's id, so asking again answers the same sermon; the video's row
  // is claimed first in the transaction, so two clicks at once make one sermon.
  app.post(
    "/live-videos/:id/sermon",
    {
      config: { permission: "sermon:create" },
      schema: {
        tags: ["live-videos"],
        summary:
          "Create the draft sermon of an ended live video with a replay (or answer the one it has)",
        params: idParams,
        response: {
          200: envelope(
            z.object({
              sermonId: z.number().int(),
              created: z.boolean(),
              liveVideo: liveVideoSchema,
            }),
          ),
        },
      },
    },
    async (request) => {
      if (!request.session?.permissions.includes("liveVideo:update"))
        throw new ApiError(Code.FORBIDDEN);
      const { id } = request.params;
      const language = request.language;
      return ok(
        await app.store.transaction(async (trx) => {
          const row = await trx
            .selectFrom("liveVideos")
            .selectAll()
            .where("id", "=", id)
            .executeTakeFirst();
          if (!row) throw notFound();
          const video = liveVideoRecord(row);
          if (video.sermonId !== null) {
            const sermon = await trx
              .selectFrom("sermons")
              .select("id")
              .where("id", "=", video.sermonId)
              .executeTakeFirst();
            // A deleted sermon is made again; an existing one is answered.
            if (sermon)
              return { sermonId: sermon.id, created: false, liveVideo: video };
          }
          if (video.status !== "ended")
            throw refuse(
              Code.CONFLICT,
              "status",
              LIVE_ERRORS.notEnded,
              language,
            );
          if (video.replayFileId === null && video.replayUrl === null)
            throw refuse(
              Code.CONFLICT,
              "replayFileId",
              LIVE_ERRORS.replayFirst,
              language,
            );
          // Claim the row: a second request waits here (PostgreSQL) and then finds the
          // link already made, so it answers that sermon instead.
          const claim = await trx
            .updateTable("liveVideos")
            .set({ updatedAt: row.updatedAt })
            .where("id", "=", id)
            .where((eb) =>
              video.sermonId === null
                ? eb("sermonId", "is", null)
                : eb("sermonId", "=", video.sermonId),
            )
            .executeTakeFirst();
          if (Number(claim.numUpdatedRows) === 0) {
            const linked = await trx
              .selectFrom("liveVideos")
              .selectAll()
              .where("id", "=", id)
              .executeTakeFirstOrThrow();
            return {
              sermonId: linked.sermonId!,
              created: false,
              liveVideo: liveVideoRecord(linked),
            };
          }
          const link = localizeText(LIVE_ERRORS.fromLive, language).replaceAll(
            "%{id}",
            String(id),
          );
          const input = sermonInputSchema.parse({
            title: video.title,
            preacher: video.preacher,
            preachedOn: preachedOn(video),
            videoFileId: video.replayFileId,
            videoUrl: video.replayFileId === null ? video.replayUrl : null,
            summary: link,
            status: "draft",
          });
          const sermon = (await sermons.create(request, input, trx)) as {
            id: number;
          };
          const before = video;
          await trx
            .updateTable("liveVideos")
            .set((eb) => ({
              sermonId: sermon.id,
              updatedAt: nowIso(),
              version: eb("version", "+", 1),
            }))
            .where("id", "=", id)
            .execute();
          const after = liveVideoRecord(
            await trx
              .selectFrom("liveVideos")
              .selectAll()
              .where("id", "=", id)
              .executeTakeFirstOrThrow(),
          );
          await recordAudit(trx, actorOf(request), {
            resource: "live-videos",
            recordId: id,
            action: "update",
            before,
            after,
          });
          return { sermonId: sermon.id, created: true, liveVideo: after };
        }),
      );
    },
  );
};
