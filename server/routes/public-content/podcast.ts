import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { XMLBuilder } from "fast-xml-parser";
import { z } from "zod";
import { publishedCondition } from "../../resources/workflow.js";
import { PUBLIC_READS_PER_MINUTE } from "../../resources/public-reads.js";

/**
 * Items in the feed: the newest this many. Podcast apps read the whole document on every
 * refresh; beyond a few hundred episodes a feed only grows slow (docs/content.md).
 */
export const PODCAST_MAX_ITEMS = 1000;

interface Episode {
  kind: "sermon" | "audio";
  id: number;
  title: string;
  author: string | null;
  summary: string | null;
  series: string | null;
  publishedAt: string;
  storageKey: string;
  mime: string;
  size: number | string;
  durationSec: number | string | null;
}

/** HH:MM:SS, as itunes:duration takes it. */
function duration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((n) => String(n).padStart(2, "0")).join(":");
}

/** One episode of the feed: its page, enclosure and duration. */
function feedItem(episode: Episode, origin: string) {
  // The episode's page on the public site: a sermon's, or an audio item's.
  const page =
    episode.kind === "sermon"
      ? `${origin}/sermons/${episode.id}`
      : `${origin}/audios/${episode.id}`;
  const seconds =
    episode.durationSec === null ? null : Number(episode.durationSec);
  return {
    title: episode.title,
    description: episode.summary ?? undefined,
    "itunes:summary": episode.summary ?? undefined,
    "itunes:author": episode.author ?? undefined,
    guid: {
      "@isPermaLink": "false",
      "#text": `${episode.kind}-${episode.id}`,
    },
    link: page,
    pubDate: new Date(episode.publishedAt).toUTCString(),
    enclosure: {
      "@url": `${origin}/files/${episode.storageKey}`,
      "@length": String(Number(episode.size)),
      "@type": episode.mime,
    },
    "itunes:duration": seconds === null ? undefined : duration(seconds),
  };
}

/**
 * `GET /tjc/public/podcast.xml` (optionally `?series=`): an RSS 2.0 feed with the iTunes
 * namespace of every published sermon or audio that has an audio file, newest first, each
 * with an enclosure (absolute URL, length, type) and its duration.
 */
export const podcastRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    format: true,
    suppressEmptyNode: true,
  });

  app.get(
    "/public/podcast.xml",
    {
      config: {
        permission: "public",
        rateLimit: { max: PUBLIC_READS_PER_MINUTE, timeWindow: "1 minute" },
      },
      schema: {
        tags: ["public"],
        summary:
          "Podcast feed (RSS 2.0, iTunes namespace) of published sermons and audio",
        querystring: z.object({
          series: z.string().trim().min(1).max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { series } = request.query;
      const kind = app.store.kind;
      const db = app.store.db;
      const publishedTime = (table: string) =>
        sql<string>`coalesce(${sql.ref(`${table}.published_at`)}, ${sql.ref(`${table}.publish_at`)})`;
      const sermons = db
        .selectFrom("sermons")
        .innerJoin("files", "files.id", "sermons.audioFileId")
        .select([
          sql<string>`'sermon'`.as("kind"),
          "sermons.id",
          "sermons.title",
          "sermons.preacher as author",
          "sermons.summary",
          "sermons.series",
          publishedTime("sermons").as("publishedAt"),
          "files.storageKey",
          "files.mime",
          "files.size",
          "files.durationSec",
        ])
        .where(publishedCondition("sermons", kind))
        .$if(series !== undefined, (q) =>
          q.where("sermons.series", "=", series!),
        );
      const audios = db
        .selectFrom("audios")
        .innerJoin("files", "files.id", "audios.audioFileId")
        .select([
          sql<string>`'audio'`.as("kind"),
          "audios.id",
          "audios.title",
          "audios.speaker as author",
          "audios.description as summary",
          "audios.series",
          publishedTime("audios").as("publishedAt"),
          "files.storageKey",
          "files.mime",
          "files.size",
          "files.durationSec",
        ])
        .where(publishedCondition("audios", kind))
        .$if(series !== undefined, (q) =>
          q.where("audios.series", "=", series!),
        );
      const episodes = (await db
        .selectFrom(sermons.unionAll(audios).as("episodes"))
        .selectAll()
        .orderBy("publishedAt", "desc")
        .orderBy("kind")
        .orderBy("id", "desc")
        .limit(PODCAST_MAX_ITEMS)
        .execute()) as Episode[];

      const origin = `${request.protocol}://${request.host}`;
      const english = request.language === "en-US";
      const siteName = english
        ? app.settings.string("site.nameEn", "Lampstand")
        : app.settings.string("site.name", "灯台");
      const title = series ? `${siteName} · ${series}` : siteName;
      const feedUrl = `${origin}/tjc/public/podcast.xml${series ? `?series=${encodeURIComponent(series)}` : ""}`;
      const description = english
        ? `Sermons and audio from ${siteName}`
        : `${siteName}的讲道与音频`;
      const document = {
        "?xml": { "@version": "1.0", "@encoding": "UTF-8" },
        rss: {
          "@version": "2.0",
          "@xmlns:itunes": "http://www.itunes.com/dtds/podcast-1.0.dtd",
          "@xmlns:atom": "http://www.w3.org/2005/Atom",
          channel: {
            title,
            link: origin,
            description,
            language: english ? "en-us" : "zh-cn",
            "atom:link": {
              "@href": feedUrl,
              "@rel": "self",
              "@type": "application/rss+xml",
            },
            "itunes:author": siteName,
            "itunes:summary": description,
            "itunes:explicit": "false",
            "itunes:category": { "@text": "Religion & Spirituality" },
            lastBuildDate: new Date(
              episodes[0]?.publishedAt ?? Date.now(),
            ).toUTCString(),
            item: episodes.map((episode) => feedItem(episode, origin)),
          },
        },
      };
      reply
        .type("application/rss+xml; charset=utf-8")
        .header("Cache-Control", "public, max-age=300");
      return builder.build(document) as string;
    },
  );
};
