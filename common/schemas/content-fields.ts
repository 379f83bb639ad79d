import { z } from "zod";
import { CONTENT_ERRORS } from "../content-messages.js";
import { MAX_INT32 } from "./fields.js";
import { optionalText } from "./text.js";
import { workflowRecordShape } from "./workflow.js";

/**
 * Field schemas the content resources share (audio, video, gospel documents; issue 11
 * item 5). Pure: both sides.
 */

/** Optional text: blank becomes null, left out stays undefined (an update keeps it). */
export { optionalText };

/** The fields every content list sorts by, with its own (`extra`) after the title. */
export function contentSortFields<const E extends readonly string[]>(
  ...extra: E
) {
  return [
    "id",
    "title",
    ...extra,
    "createdAt",
    "updatedAt",
    "publishedAt",
  ] as const;
}

/**
 * A content record (sermon, article, audio, video, gospel document): id and title, its
 * own fields, the publishing workflow's, then its times and version.
 */
export function contentRecordSchema<S extends z.ZodRawShape>(own: S) {
  return z.object({
    id: z.number().int(),
    title: z.string(),
    ...own,
    ...workflowRecordShape,
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  });
}

export const fileIdField = z.number().int().positive().max(MAX_INT32);

/** Hosts whose pages play a video: YouTube and Bilibili. */
const VIDEO_PAGE_HOSTS = [
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "youtu.be",
  "bilibili.com",
  "www.bilibili.com",
  "m.bilibili.com",
  "player.bilibili.com",
  "b23.tv",
];

/**
 * Whether `text` is an external video a player can show: an https link to an mp4 file or
 * an HLS playlist (.m3u8), or a YouTube or Bilibili page.
 */
export function isPlayableVideoUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (VIDEO_PAGE_HOSTS.includes(host)) return url.pathname.length > 1;
  return /\.(mp4|m3u8)$/i.test(url.pathname);
}

/** An external video link; blank is null. */
export const videoUrlField = z
  .string()
  .trim()
  .max(500)
  .refine(
    (text) => text === "" || isPlayableVideoUrl(text),
    CONTENT_ERRORS.videoUrl,
  )
  .nullish()
  .transform((value) =>
    value ? value : value === undefined ? undefined : null,
  );
