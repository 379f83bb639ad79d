import type { FastifyInstance } from "fastify";
import type { Language } from "../../common/codes.js";
import { translate } from "../../public-site/i18n.js";
import type { LivePageData } from "../../public-site/pages/live/data.js";
import { publishedCondition } from "../resources/workflow.js";
import { publicLiveStatus } from "../routes/live/public-live.js";

/** Ended services listed under "recent replays". */
const RECENT_REPLAYS = 10;

/**
 * `/live`: the same status `GET /tjc/public/live` answers (on air now, else the next
 * scheduled service; the notices in the visitor's language), and the recent replays,
 * each linked to its sermon when that sermon is published.
 */
export async function livePage(
  app: FastifyInstance,
  language: Language,
): Promise<LivePageData> {
  const db = app.store.db;
  const [status, replays] = await Promise.all([
    publicLiveStatus(db, new Date().toISOString(), language),
    db
      .selectFrom("liveVideos")
      .leftJoin("sermons", (join) =>
        join
          .onRef("sermons.id", "=", "liveVideos.sermonId")
          .on(publishedCondition("sermons", app.store.kind)),
      )
      .leftJoin("files", "files.id", "liveVideos.replayFileId")
      .select([
        "liveVideos.id",
        "liveVideos.title",
        "liveVideos.endedAt",
        "liveVideos.replayUrl",
        "sermons.id as sermonId",
        "files.storageKey",
      ])
      .where("liveVideos.status", "=", "ended")
      .where((eb) =>
        eb.or([
          eb("sermons.id", "is not", null),
          eb("liveVideos.replayUrl", "is not", null),
          eb("files.id", "is not", null),
        ]),
      )
      .orderBy("liveVideos.endedAt", "desc")
      .orderBy("liveVideos.id", "desc")
      .limit(RECENT_REPLAYS)
      .execute(),
  ]);
  return {
    page: "live",
    status,
    replays: replays.map((row) => ({
      id: Number(row.id),
      title: row.title,
      endedAt: row.endedAt,
      sermonId: row.sermonId === null ? null : Number(row.sermonId),
      replayUrl: row.storageKey
        ? `/files/${row.storageKey}`
        : (row.replayUrl ?? null),
    })),
  };
}

/** The head of `/live`: the video on air, else the page's own title. */
export function liveHead(data: LivePageData, language: Language, site: string) {
  const t = (key: string, args?: Record<string, string>) =>
    translate(language, key, args);
  const onAir = data.status.live?.video?.title;
  return {
    title: `${onAir ? t("live.on_air_title", { title: onAir }) : t("page.live.title")} · ${site}`,
    description: t("page.live.intro"),
    path: "/live",
    type: "website" as const,
    index: true,
  };
}
