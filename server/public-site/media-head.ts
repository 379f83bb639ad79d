import type { Language } from "../../common/codes.js";
import { translate } from "../../public-site/i18n.js";
import {
  audiosUrl,
  videosUrl,
  type MediaPageData,
} from "../../public-site/pages/media/data.js";
import { clip, isoDuration, itemHead, type SermonHead } from "./sermon-head.js";

/** The head of the audio and video pages, in the shape of a sermon page's. */
export function mediaHead(
  data: MediaPageData,
  language: Language,
  site: string,
): SermonHead {
  const t = (key: string, args?: Record<string, string>) =>
    translate(language, key, args);
  switch (data.page) {
    case "audios": {
      const { query } = data;
      const title = query.speaker
        ? t("audios.by_speaker", { name: query.speaker })
        : query.series
          ? t("audios.in_series", { name: query.series })
          : t("page.audios.title");
      return {
        title: `${title} · ${site}`,
        description: t("page.audios.intro"),
        path: audiosUrl({ ...query, q: "" }),
        type: "website",
        // A keyword's results are not a page of their own for search engines.
        index: !query.q,
      };
    }
    case "videos": {
      const { query } = data;
      return {
        title: `${t("page.videos.title")} · ${site}`,
        description: t("page.videos.intro"),
        path: videosUrl({ page: query.page }),
        type: "website",
        index: !query.q,
      };
    }
    case "audio": {
      const { audio } = data;
      const path = `/audios/${audio.id}`;
      const description = clip(audio.description || audio.title);
      return itemHead(site, {
        path,
        title: audio.title,
        description,
        cover: audio.cover,
        schemaType: "AudioObject",
        fields: {
          ...(audio.audio
            ? {
                contentUrl: audio.audio.url,
                encodingFormat: audio.audio.mime,
              }
            : {}),
          ...(audio.durationSec
            ? { duration: isoDuration(audio.durationSec) }
            : {}),
          ...(audio.speaker
            ? { author: { "@type": "Person", name: audio.speaker } }
            : {}),
          ...(audio.publishedAt ? { datePublished: audio.publishedAt } : {}),
          ...(audio.cover ? { image: audio.cover.url } : {}),
        },
      });
    }
    case "video": {
      const { video } = data;
      const path = `/videos/${video.id}`;
      const description = clip(video.description || video.title);
      return itemHead(site, {
        path,
        title: video.title,
        description,
        cover: video.cover,
        schemaType: "VideoObject",
        fields: {
          ...(video.video
            ? {
                contentUrl: video.video.url,
                encodingFormat: video.video.mime,
              }
            : video.videoUrl
              ? { embedUrl: video.videoUrl }
              : {}),
          ...(video.durationSec
            ? { duration: isoDuration(video.durationSec) }
            : {}),
          ...(video.publishedAt ? { uploadDate: video.publishedAt } : {}),
          ...(video.cover ? { thumbnailUrl: video.cover.url } : {}),
        },
      });
    }
  }
}
