import type { FastifyInstance, FastifyRequest } from "fastify";
import { PUBLIC_STATUSES } from "../services/ask/records.js";
import { publishedCondition } from "../resources/workflow.js";

/** The list pages the sitemap names before its records. */
const LIST_PAGES = [
  "/sermons",
  "/articles",
  "/docs",
  "/audios",
  "/videos",
  "/live",
  "/ask",
  "/choicenessCommon",
  "/tagList",
];
/** The content tables the sitemap lists (published now only), with each record's page. */
const CONTENT_PAGES = [
  { table: "sermons", path: "/sermons/" },
  { table: "articles", path: "/articles/" },
  { table: "gospel_docs", path: "/docs/" },
  { table: "audios", path: "/audios/" },
  { table: "videos", path: "/videos/" },
] as const;

/** A sitemap file holds at most 50,000 URLs (sitemaps.org). */
const SITEMAP_LIMIT = 50_000;
/**
 * Sitemaps one address may fetch a minute: each reads up to 50,000 rows from four tables,
 * and a search engine fetches it a few times a day.
 */
export const SITEMAPS_PER_MINUTE = 30;

/** The site's origin as the visitor reached it (behind a proxy: set TRUST_PROXY). */
export function siteOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/**
 * `/sitemap.xml` (the list pages, every published sermon, article, gospel document,
 * audio and video item, and every public question) and `/robots.txt`. Drafts, archived records and those
 * scheduled for later are left out: the same condition as their pages.
 */
export function registerSeoRoutes(app: FastifyInstance): void {
  app.get(
    "/sitemap.xml",
    {
      config: {
        permission: "public",
        rateLimit: { max: SITEMAPS_PER_MINUTE, timeWindow: "1 minute" },
      },
      schema: { hide: true },
    },
    async (request, reply) => {
      const origin = siteOrigin(request);
      const url = (path: string, lastmod?: string) =>
        `<url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ""}</url>`;
      const urls = LIST_PAGES.map((path) => url(path));
      for (const { table, path } of CONTENT_PAGES) {
        if (urls.length >= SITEMAP_LIMIT) break;
        const rows = await app.store.db
          // The content tables share the columns read here.
          .selectFrom(table as "sermons")
          .select(["id", "updatedAt"])
          .where(publishedCondition(table, app.store.kind))
          .orderBy("id", "desc")
          .limit(SITEMAP_LIMIT - urls.length)
          .execute();
        urls.push(...rows.map((r) => url(`${path}${r.id}`, r.updatedAt)));
      }
      const questions = await app.store.db
        .selectFrom("askQuestions")
        .select(["id", "updatedAt"])
        .where("status", "in", PUBLIC_STATUSES)
        .orderBy("id", "desc")
        .limit(Math.max(0, SITEMAP_LIMIT - urls.length))
        .execute();
      urls.push(
        ...questions.map((q) => url(`/topicDetail?id=${q.id}`, q.updatedAt)),
      );
      return reply
        .type("application/xml; charset=utf-8")
        .header("Cache-Control", "public, max-age=300")
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
        );
    },
  );

  app.get(
    "/robots.txt",
    { config: { permission: "public" }, schema: { hide: true } },
    async (request, reply) =>
      reply
        .type("text/plain; charset=utf-8")
        .header("Cache-Control", "public, max-age=3600")
        .send(
          [
            "User-agent: *",
            // The back office and the API are not for search engines.
            "Disallow: /admin",
            "Disallow: /tjc/",
            "Disallow: /login",
            `Sitemap: ${siteOrigin(request)}/sitemap.xml`,
            "",
          ].join("\n"),
        ),
  );
}
