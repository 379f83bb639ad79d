import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { PageData } from "../../public-site/data.js";
import type {
  AudioDetail,
  AudioQuery,
  AudioSummary,
  VideoDetail,
  VideoQuery,
  VideoSummary,
} from "../../public-site/pages/media/data.js";
import { publicReader, type PublicRecord } from "../resources/public-reads.js";
import { audioResource } from "../routes/media-content/audios.js";
import { videoResource } from "../routes/media-content/videos.js";
import {
  coverOf,
  fileOf,
  first,
  idParam,
  keywordParam,
  LIST_PAGE_SIZE,
  pageParam,
  publishedPage,
} from "./public-lists.js";

/**
 * The pages of the audio and video items (issue 23 item 4): the recordings that are not
 * part of a sermon (a sermon's own recording plays on the sermon's page). They read
 * through the public read API's reader, like the articles' pages (content-pages.ts).
 */

const audioQuery = z.object({
  q: keywordParam,
  speaker: z.string().trim().max(64).catch(""),
  series: z.string().trim().max(100).catch(""),
  page: pageParam,
});
const videoQuery = z.object({ q: keywordParam, page: pageParam });

const text = (value: unknown) => (value == null ? null : String(value));
const seconds = (value: unknown) =>
  value == null || !Number.isFinite(Number(value)) ? null : Number(value);

function audioSummary(record: PublicRecord): AudioSummary {
  return {
    id: record.id,
    title: String(record.title),
    speaker: text(record.speaker),
    series: text(record.series),
    description: text(record.description),
    publishedAt: text(record.publishedAt),
    durationSec: seconds(record.durationSec),
  };
}

function videoSummary(record: PublicRecord): VideoSummary {
  return {
    id: record.id,
    title: String(record.title),
    description: text(record.description),
    publishedAt: text(record.publishedAt),
    durationSec: seconds(record.durationSec),
  };
}

function audioDetail(record: PublicRecord): AudioDetail {
  return {
    ...audioSummary(record),
    audio: fileOf(record, "audioFileId"),
    cover: coverOf(record),
  };
}

function videoDetail(record: PublicRecord): VideoDetail {
  const url = text(record.videoUrl);
  return {
    ...videoSummary(record),
    video: fileOf(record, "videoFileId"),
    // Only a web link is offered to a visitor (the schema allows no other, stored rows
    // from before it included).
    videoUrl: url && /^https?:\/\//i.test(url) ? url : null,
    cover: coverOf(record),
  };
}

async function audiosPage(
  app: FastifyInstance,
  raw: Record<string, unknown>,
): Promise<PageData> {
  const query: AudioQuery = audioQuery.parse({
    q: first(raw.q) ?? "",
    speaker: first(raw.speaker) ?? "",
    series: first(raw.series) ?? "",
    page: first(raw.page) ?? 1,
  });
  const { q, speaker, series } = query;
  return {
    page: "audios",
    query,
    audios: await publishedPage(
      app,
      audioResource,
      { q, speaker, series },
      query.page,
      audioSummary,
    ),
    pageSize: LIST_PAGE_SIZE,
  };
}

async function videosPage(
  app: FastifyInstance,
  raw: Record<string, unknown>,
): Promise<PageData> {
  const query: VideoQuery = videoQuery.parse({
    q: first(raw.q) ?? "",
    page: first(raw.page) ?? 1,
  });
  return {
    page: "videos",
    query,
    videos: await publishedPage(
      app,
      videoResource,
      { q: query.q },
      query.page,
      videoSummary,
    ),
    pageSize: LIST_PAGE_SIZE,
  };
}

/** An audio or video item's page; the not-found page for anything unpublished. */
async function mediaDetail(
  app: FastifyInstance,
  about: "audio" | "video",
  params: Record<string, unknown>,
): Promise<PageData> {
  const id = idParam(params);
  if (id === null) return { page: "notFound", about };
  if (about === "audio") {
    const record = await publicReader(app, audioResource).get(id);
    return record
      ? { page: "audio", audio: audioDetail(record) }
      : { page: "notFound", about };
  }
  const record = await publicReader(app, videoResource).get(id);
  return record
    ? { page: "video", video: videoDetail(record) }
    : { page: "notFound", about };
}

/** The media pages content-pages.ts routes here; null for any other route. */
export function loadMediaPage(
  app: FastifyInstance,
  route: string,
  params: Record<string, unknown>,
  query: Record<string, unknown>,
): Promise<PageData> | null {
  switch (route) {
    case "/audios":
      return audiosPage(app, query);
    case "/audios/:id":
      return mediaDetail(app, "audio", params);
    case "/videos":
      return videosPage(app, query);
    case "/videos/:id":
      return mediaDetail(app, "video", params);
    default:
      return null;
  }
}
