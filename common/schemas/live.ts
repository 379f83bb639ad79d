import { z } from "zod";
import { LIVE_ERRORS } from "../live-messages.js";
import { nameText, optionalNameText } from "./text.js";
import { MAX_INT32 } from "./fields.js";

/**
 * Live streaming (issue 12 items 3–7): channels, live videos, notices and the live
 * settings. Shared by the server (the final word) and the admin forms.
 */

const optionalText = (max: number) =>
  optionalNameText(max)
    .nullish()
    .transform((value) =>
      value ? value : value === undefined ? undefined : null,
    );

const fileId = z.number().int().positive().max(MAX_INT32).nullish();

const id = z.number().int().positive().max(MAX_INT32);

/** An https (or, for a local test rig, http) address; empty means none. */
const webUrl = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(500)
    .regex(pattern, { message })
    .nullish()
    .or(z.literal("").transform(() => null));

/** An HLS playlist: http(s), path ending in .m3u8 (a query string may follow). */
export const HLS_URL = /^https?:\/\/[^\s?#]+\.m3u8(\?\S*)?$/i;
/** Where the encoder pushes: rtmp(s), srt or http(s) (WHIP). */
export const INGEST_URL = /^(rtmps?|srt|https?):\/\/\S+$/i;

/**
 * A point in time: any ISO 8601 time with a zone (the admin sends UTC), stored as UTC with
 * milliseconds so both stores compare the strings in time order.
 */
export const instant = z
  .string()
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/,
    {
      message: LIVE_ERRORS.time,
    },
  )
  .refine((text) => !Number.isNaN(Date.parse(text)), {
    message: LIVE_ERRORS.time,
  })
  .transform((text) => new Date(text).toISOString());

export const CHANNEL_STATUSES = ["idle", "live", "offline"] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

export const channelInputSchema = z.object({
  name: nameText(100),
  description: optionalText(1000),
  coverFileId: fileId,
  playbackUrl: webUrl(HLS_URL, LIVE_ERRORS.playbackUrl),
  ingestUrl: webUrl(INGEST_URL, LIVE_ERRORS.ingestUrl),
  status: z.enum(CHANNEL_STATUSES).optional(),
});
export type ChannelInput = z.input<typeof channelInputSchema>;

/** A channel as every reader sees it: the stream key itself is never part of it. */
export const channelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  coverFileId: z.number().int().nullable(),
  playbackUrl: z.string().nullable(),
  ingestUrl: z.string().nullable(),
  status: z.enum(CHANNEL_STATUSES),
  /** Whether a key was generated, and its last four characters to tell keys apart. */
  streamKeySet: z.boolean(),
  streamKeyHint: z.string().nullable(),
  streamKeyGeneratedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Channel = z.infer<typeof channelSchema>;

export const CHANNEL_SORT_FIELDS = [
  "id",
  "name",
  "status",
  "createdAt",
  "updatedAt",
] as const;

export const LIVE_VIDEO_STATUSES = [
  "scheduled",
  "live",
  "ended",
  "cancelled",
] as const;
export type LiveVideoStatus = (typeof LIVE_VIDEO_STATUSES)[number];

/**
 * The moves a live video may make. A cancelled one may be scheduled again; an ended one
 * stays ended (its replay and texts can still be edited).
 */
export const LIVE_VIDEO_MOVES: Record<LiveVideoStatus, LiveVideoStatus[]> = {
  scheduled: ["live", "cancelled"],
  live: ["ended"],
  ended: [],
  cancelled: ["scheduled"],
};

export function canMoveLiveVideo(
  from: LiveVideoStatus,
  to: LiveVideoStatus,
): boolean {
  return from === to || LIVE_VIDEO_MOVES[from].includes(to);
}

const liveVideoFields = {
  title: nameText(200),
  channelId: id,
  preacher: optionalText(64),
  scheduledStart: instant,
  scheduledEnd: instant,
  status: z.enum(LIVE_VIDEO_STATUSES).optional(),
  replayFileId: fileId,
  replayUrl: webUrl(/^https:\/\/\S+$/, LIVE_ERRORS.replayUrl),
};

/** A new live video: scheduled (the default) with its times, the end after the start. */
export const liveVideoInputSchema = z
  .object(liveVideoFields)
  .refine((v) => v.scheduledEnd > v.scheduledStart, {
    message: LIVE_ERRORS.endBeforeStart,
    path: ["scheduledEnd"],
  });
/**
 * An update may send only what changes (a status move sends `status` and `version`); the
 * server checks the merged record.
 */
export const liveVideoUpdateSchema = z.object(liveVideoFields).partial();
export type LiveVideoInput = z.input<typeof liveVideoInputSchema>;

export const liveVideoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  channelId: z.number().int(),
  preacher: z.string().nullable(),
  scheduledStart: z.string(),
  scheduledEnd: z.string(),
  status: z.enum(LIVE_VIDEO_STATUSES),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  replayFileId: z.number().int().nullable(),
  replayUrl: z.string().nullable(),
  sermonId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type LiveVideo = z.infer<typeof liveVideoSchema>;

export const LIVE_VIDEO_SORT_FIELDS = [
  "id",
  "title",
  "scheduledStart",
  "status",
  "createdAt",
  "updatedAt",
] as const;

const noticeFields = {
  textZh: nameText(500),
  textEn: nameText(500),
  startsAt: instant,
  endsAt: instant,
  channelId: id.nullish(),
  enabled: z.boolean().optional(),
};
export const liveNoticeInputSchema = z
  .object(noticeFields)
  .refine((v) => v.endsAt > v.startsAt, {
    message: LIVE_ERRORS.endBeforeStart,
    path: ["endsAt"],
  });
export const liveNoticeUpdateSchema = z.object(noticeFields).partial();
export type LiveNoticeInput = z.input<typeof liveNoticeInputSchema>;

export const liveNoticeSchema = z.object({
  id: z.number().int(),
  textZh: z.string(),
  textEn: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  channelId: z.number().int().nullable(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type LiveNotice = z.infer<typeof liveNoticeSchema>;

export const LIVE_NOTICE_SORT_FIELDS = [
  "id",
  "startsAt",
  "endsAt",
  "createdAt",
  "updatedAt",
] as const;

/** The live settings: one record, versioned. */
export const liveConfigInputSchema = z.object({
  defaultChannelId: id.nullish(),
  autoplay: z.boolean(),
  offlineImageFileId: fileId,
  offlineTextZh: optionalText(500),
  offlineTextEn: optionalText(500),
});
export type LiveConfigInput = z.input<typeof liveConfigInputSchema>;

export const liveConfigSchema = z.object({
  defaultChannelId: z.number().int().nullable(),
  autoplay: z.boolean(),
  offlineImageFileId: z.number().int().nullable(),
  offlineTextZh: z.string().nullable(),
  offlineTextEn: z.string().nullable(),
  updatedAt: z.string().nullable(),
  version: z.number().int(),
});
export type LiveConfig = z.infer<typeof liveConfigSchema>;

export {
  CHANNEL_FIELD_LABELS,
  LIVE_CONFIG_FIELD_LABELS,
  LIVE_NOTICE_FIELD_LABELS,
  LIVE_VIDEO_FIELD_LABELS,
} from "./live-labels.js";
