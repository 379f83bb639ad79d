import type { Language } from "../../common/codes.js";
import type { SermonPageData } from "../../public-site/pages/sermons/data.js";
import { sermonsUrl } from "../../public-site/pages/sermons/data.js";
import { translate } from "../../public-site/i18n.js";

/** What render.tsx writes in a sermon page's head. */
export interface SermonHead {
  title: string;
  description: string;
  path: string;
  type: "website" | "article";
  index: boolean;
  /** Path of the og:image (the sermon's cover). */
  image?: string;
  jsonLd?: unknown;
}

const DESCRIPTION_CHARS = 160;

/** Plain text of stored HTML, for a description. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

export function clip(text: string): string {
  return text.length > DESCRIPTION_CHARS
    ? `${text.slice(0, DESCRIPTION_CHARS - 1)}…`
    : text;
}

/**
 * The head of one published item's page (an article, a document, an audio or a video):
 * its title with the site's name, its description, cover and schema.org JSON-LD, whose
 * fields of its own are `fields` (after `name`, `description` and `url`).
 */
export function itemHead(
  site: string,
  item: {
    path: string;
    title: string;
    description: string;
    cover?: { url: string } | null;
    schemaType: string;
    fields: Record<string, unknown>;
  },
): SermonHead {
  return {
    title: `${item.title} · ${site}`,
    description: item.description,
    path: item.path,
    type: "article",
    index: true,
    image: item.cover?.url,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": item.schemaType,
      name: item.title,
      description: item.description,
      url: item.path,
      ...item.fields,
    },
  };
}

/** ISO 8601 duration (PT1H2M3S) for schema.org. */
export function isoDuration(seconds: number): string {
  const total = Math.round(seconds);
  return `PT${Math.floor(total / 3600)}H${Math.floor((total % 3600) / 60)}M${total % 60}S`;
}

/** The head of the library, a series' or preacher's page, or a sermon's page. */
export function sermonHead(
  data: SermonPageData,
  language: Language,
  site: string,
): SermonHead {
  const t = (key: string, args?: Record<string, string>) =>
    translate(language, key, args);
  if (data.page === "sermons") {
    const { query, scope } = data;
    const name = scope === "series" ? query.series : query.preacher;
    const narrowed = Boolean(
      query.q ||
      query.type ||
      query.year ||
      query.book ||
      (scope !== "series" && query.series) ||
      (scope !== "preacher" && query.preacher),
    );
    return {
      title: `${
        scope === "all"
          ? t("page.sermons.title")
          : t(`sermons.${scope}_title`, { name })
      } · ${site}`,
      description:
        scope === "all"
          ? t("page.sermons.intro")
          : t(`sermons.${scope}_intro`, { name }),
      // Filtered lists are not pages of their own; the library, a series and a
      // preacher (and their pages) are.
      path: narrowed
        ? sermonsUrl(
            scope === "series"
              ? { series: name }
              : scope === "preacher"
                ? { preacher: name }
                : {},
            scope,
          )
        : sermonsUrl({ ...query }, scope),
      type: "website",
      index: !narrowed,
    };
  }
  const { sermon } = data;
  const path = `/sermons/${sermon.id}`;
  const description = clip(
    sermon.summary || plainText(sermon.body) || sermon.title,
  );
  const media = (
    type: "AudioObject" | "VideoObject",
    file: { url: string; mime: string; durationSec: number | null },
  ) => ({
    "@type": type,
    name: sermon.title,
    contentUrl: file.url,
    encodingFormat: file.mime,
    ...(file.durationSec ? { duration: isoDuration(file.durationSec) } : {}),
    ...(type === "VideoObject"
      ? {
          description,
          uploadDate: sermon.publishedAt ?? sermon.preachedOn ?? undefined,
          ...(sermon.cover ? { thumbnailUrl: sermon.cover.url } : {}),
        }
      : {}),
  });
  return {
    title: `${sermon.title} · ${site}`,
    description,
    path,
    type: "article",
    index: true,
    image: sermon.cover?.url,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "CreativeWork",
      additionalType: "https://schema.org/Sermon",
      name: sermon.title,
      headline: sermon.title,
      description,
      url: path,
      inLanguage: language,
      ...(sermon.preacher
        ? { author: { "@type": "Person", name: sermon.preacher } }
        : {}),
      ...(sermon.preachedOn ? { dateCreated: sermon.preachedOn } : {}),
      ...(sermon.publishedAt ? { datePublished: sermon.publishedAt } : {}),
      ...(sermon.series
        ? {
            isPartOf: {
              "@type": "CreativeWorkSeries",
              name: sermon.series,
              url: sermonsUrl({ series: sermon.series }, "series"),
            },
          }
        : {}),
      ...(sermon.passage ? { about: sermon.passage } : {}),
      ...(sermon.cover ? { image: sermon.cover.url } : {}),
      ...(sermon.audio ? { audio: media("AudioObject", sermon.audio) } : {}),
      ...(sermon.video
        ? { video: media("VideoObject", sermon.video) }
        : sermon.videoUrl
          ? {
              video: {
                "@type": "VideoObject",
                name: sermon.title,
                description,
                embedUrl: sermon.videoUrl,
                uploadDate:
                  sermon.publishedAt ?? sermon.preachedOn ?? undefined,
                ...(sermon.cover ? { thumbnailUrl: sermon.cover.url } : {}),
              },
            }
          : {}),
    },
  };
}
