import type { FastifyInstance, FastifyRequest } from "fastify";
import { PUBLIC_STATUSES } from "../routes/ask/records.js";

/** A sitemap file holds at most 50,000 URLs (sitemaps.org). */
const SITEMAP_LIMIT = 50_000;

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

/** `/sitemap.xml` (every public question and the list pages) and `/robots.txt`. */
export function registerSeoRoutes(app: FastifyInstance): void {
  app.get(
    "/sitemap.xml",
    { config: { permission: "public" }, schema: { hide: true } },
    async (request, reply) => {
      const origin = siteOrigin(request);
      const questions = await app.store.db
        .selectFrom("askQuestions")
        .select(["id", "updatedAt"])
        .where("status", "in", PUBLIC_STATUSES)
        .orderBy("id", "desc")
        .limit(SITEMAP_LIMIT - 3)
        .execute();
      const urls = [
        `<url><loc>${escapeXml(`${origin}/ask`)}</loc></url>`,
        `<url><loc>${escapeXml(`${origin}/choicenessCommon`)}</loc></url>`,
        `<url><loc>${escapeXml(`${origin}/tagList`)}</loc></url>`,
        ...questions.map(
          (q) =>
            `<url><loc>${escapeXml(`${origin}/topicDetail?id=${q.id}`)}</loc><lastmod>${escapeXml(q.updatedAt)}</lastmod></url>`,
        ),
      ];
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
