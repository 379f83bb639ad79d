import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import { CHANNEL_STATUSES } from "../../../common/schemas/live.js";
import type { Database } from "../../db/schema.js";
import { ok } from "../../http/envelope.js";
import { envelope } from "../../resources/resource-definition.js";
import { readLiveConfig } from "./live-config.js";

const publicChannel = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(CHANNEL_STATUSES),
  playbackUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
});
const publicVideo = z.object({
  id: z.number().int(),
  title: z.string(),
  preacher: z.string().nullable(),
  scheduledStart: z.string(),
  scheduledEnd: z.string(),
  startedAt: z.string().nullable(),
  channelId: z.number().int(),
});
const publicLive = z.object({
  /** The channel on air now (the default channel first), with its video if one is live. */
  live: z
    .object({ channel: publicChannel, video: publicVideo.nullable() })
    .nullable(),
  /** When nothing is on air: the next scheduled live video and its channel. */
  next: z.object({ channel: publicChannel, video: publicVideo }).nullable(),
  notices: z.array(
    z.object({
      id: z.number().int(),
      text: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      channelId: z.number().int().nullable(),
    }),
  ),
  autoplay: z.boolean(),
  offlineText: z.string().nullable(),
  offlineImageUrl: z.string().nullable(),
  /** The time the answer was made for (UTC). */
  now: z.string(),
});
export type PublicLive = z.infer<typeof publicLive>;

async function fileUrls(
  db: Kysely<Database>,
  ids: (number | null)[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom("files")
    .select(["id", "storageKey"])
    .where("id", "in", wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, `/files/${row.storageKey}`]));
}

/**
 * What the public player needs at `now`: the channel on air or the next scheduled video,
 * the notices whose window holds `now` (enabled ones) in `language`, and the settings.
 * Never the stream key nor the ingest address.
 */
export async function publicLiveStatus(
  db: Kysely<Database>,
  now: string,
  language: string,
): Promise<PublicLive> {
  const config = await readLiveConfig(db);
  const channelColumns = [
    "id",
    "name",
    "description",
    "status",
    "playbackUrl",
    "coverFileId",
  ] as const;
  const videoColumns = [
    "id",
    "title",
    "preacher",
    "scheduledStart",
    "scheduledEnd",
    "startedAt",
    "channelId",
  ] as const;
  const liveChannels = await db
    .selectFrom("channels")
    .select(channelColumns)
    .where("status", "=", "live")
    .orderBy("id")
    .execute();
  const onAir =
    liveChannels.find((c) => c.id === config.defaultChannelId) ??
    liveChannels[0];
  const liveVideo = onAir
    ? await db
        .selectFrom("liveVideos")
        .select(videoColumns)
        .where("channelId", "=", onAir.id)
        .where("status", "=", "live")
        .executeTakeFirst()
    : undefined;
  const nextVideo = onAir
    ? undefined
    : await db
        .selectFrom("liveVideos")
        .select(videoColumns)
        .where("status", "=", "scheduled")
        .where("scheduledEnd", ">", now)
        .orderBy("scheduledStart")
        .orderBy("id")
        .limit(1)
        .executeTakeFirst();
  const nextChannel = nextVideo
    ? await db
        .selectFrom("channels")
        .select(channelColumns)
        .where("id", "=", nextVideo.channelId)
        .executeTakeFirst()
    : undefined;
  const notices = await db
    .selectFrom("liveNotices")
    .select(["id", "textZh", "textEn", "startsAt", "endsAt", "channelId"])
    .where("enabled", "=", 1)
    .where("startsAt", "<=", now)
    .where("endsAt", ">", now)
    .orderBy("startsAt")
    .orderBy("id")
    .limit(20)
    .execute();
  const urls = await fileUrls(db, [
    onAir?.coverFileId ?? null,
    nextChannel?.coverFileId ?? null,
    config.offlineImageFileId,
  ]);
  const channel = (row: NonNullable<typeof onAir>) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status as (typeof CHANNEL_STATUSES)[number],
    playbackUrl: row.playbackUrl,
    coverUrl:
      row.coverFileId === null ? null : (urls.get(row.coverFileId) ?? null),
  });
  const english = language === "en-US";
  return {
    live: onAir ? { channel: channel(onAir), video: liveVideo ?? null } : null,
    next:
      nextVideo && nextChannel
        ? { channel: channel(nextChannel), video: nextVideo }
        : null,
    notices: notices.map((notice) => ({
      id: notice.id,
      text: english ? notice.textEn : notice.textZh,
      startsAt: notice.startsAt,
      endsAt: notice.endsAt,
      channelId: notice.channelId,
    })),
    autoplay: config.autoplay,
    offlineText: english
      ? (config.offlineTextEn ?? config.offlineTextZh)
      : (config.offlineTextZh ?? config.offlineTextEn),
    offlineImageUrl:
      config.offlineImageFileId === null
        ? null
        : (urls.get(config.offlineImageFileId) ?? null),
    now,
  };
}

/** `GET /tjc/public/live` (issue 12 item 7): no login. */
export const publicLiveRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/public/live",
    {
      config: { permission: "public" },
      schema: {
        tags: ["public"],
        summary:
          "The live channel now or the next scheduled live video, and the notices active now",
        response: { 200: envelope(publicLive) },
      },
    },
    async (request, reply) => {
      // Shared caches may keep it briefly; a status change shows within seconds.
      reply.header("Cache-Control", "public, max-age=5");
      reply.header("Vary", "Accept-Language");
      return ok(
        await publicLiveStatus(
          app.store.db,
          new Date().toISOString(),
          request.language,
        ),
      );
    },
  );
};
