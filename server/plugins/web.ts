import { createHash } from "node:crypto";
import fs from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import fp from "fastify-plugin";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  Code,
  SUPPORTED_LANGUAGES,
  type Language,
} from "../../common/codes.js";
import { sendEnvelope } from "./envelope.js";
import {
  registerObjectStorageFiles,
  storedFileHeaders,
} from "./stored-files.js";
import { isApiPath, pathOf } from "../http/api-paths.js";
import {
  ADMIN_SPA_ROUTES,
  PUBLIC_SITE_LINKS,
  PUBLIC_SITE_ROUTES,
  CONTENT_SITE_ROUTES,
} from "../../common/app-routes.js";
import { loadPageData, pageLanguage } from "../public-site/page-data.js";
import { signUpOpen } from "../services/ask-rules.js";
import { registerSeoRoutes, siteOrigin } from "../public-site/seo.js";
import { PageCache } from "../public-site/page-cache.js";
import { inlineStylesheets } from "../public-site/inline-css.js";
import { countView, visitOf } from "../services/ask/questions.js";
import { registerAccountForm } from "../public-site/account-form.js";
import { registerLanguageSwitch } from "../public-site/language-switch.js";
import type { PageData } from "../../public-site/data.js";
import { loadContentPage } from "../public-site/content-pages.js";
import { forgetSermonFacets } from "../public-site/sermons.js";

/** How long another instance's community write may take to show on this one's pages. */
const PUBLIC_PAGE_CACHE_MS = 2000;

/** Whether a write to this API path can change what a public page shows. */
export function changesPages(pathname: string): boolean {
  return (
    isApiPath(pathname) &&
    !pathname.startsWith("/tjc/public/") &&
    !pathname.startsWith("/tjc/auth/")
  );
}

function acceptsGzip(request: FastifyRequest): boolean {
  const accepted = request.headers["accept-encoding"];
  return (
    typeof accepted === "string" && /\bgzip\b(?!;q=0(\.0*)?\b)/.test(accepted)
  );
}

const HASHED_ASSET_CACHE = "public, max-age=31536000, immutable";

const NOT_BUILT_HTML = `<!doctype html><meta charset="utf-8"><title>Lampstand</title>
<p>管理端尚未构建，请运行 <code>npm run build</code>。</p>
<p>The apps are not built yet: run <code>npm run build</code>.</p>`;

function readHtml(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** The admin page's no-JavaScript text links to the public pages (PUBLIC_SITE_LINKS). */
function withPublicLinks(html: string): string {
  const links = PUBLIC_SITE_LINKS.map(
    ({ path: href, label }) =>
      `<a href="${href}">${label["zh-CN"]} · ${label["en-US"]}</a>`,
  ).join(" ");
  return html.replace("<!--public-links-->", () => links);
}

/**
 * Serves the built admin SPA and public site, hashed assets with long cache headers,
 * uploaded media under /files with Range support, and the SPA's fallback page (HTTP 404)
 * for any other path. An unknown /tjc path gets the 40400 envelope instead.
 */
export const webPlugin = fp<{
  renderHtml?: RenderHtml;
}>(
  async (app, { renderHtml }) => {
    const { webDir } = app.config;
    // Read once: the HTML only changes with a new build, which means a restart.
    const adminHtml = withPublicLinks(
      readHtml(path.join(webDir, "index.html")) ?? NOT_BUILT_HTML,
    );
    const publicHtml = inlineStylesheets(
      readHtml(path.join(webDir, "public-site", "index.html")) ??
        NOT_BUILT_HTML,
      webDir,
    );
    app.decorate("fallbackHtml", adminHtml);
    const pageCache = new PageCache({
      ttlMs: PUBLIC_PAGE_CACHE_MS,
      maxBytes: 8 * 1024 * 1024,
    });
    const sendPage = async (
      reply: FastifyReply,
      page: "admin" | "public",
      status = 200,
    ) => {
      const built = page === "admin" ? adminHtml : publicHtml;
      const body = renderHtml
        ? await renderHtml(page, reply.request.url)
        : built;
      return reply
        .code(status)
        .type("text/html; charset=utf-8")
        .header("Cache-Control", "no-cache")
        .send(body);
    };

    for (const url of ADMIN_SPA_ROUTES) {
      app.get(
        url,
        { config: { permission: "public" }, schema: { hide: true } },
        (_req, reply) => sendPage(reply, "admin"),
      );
    }
    const { visitorLanguage, siteNameIn, renderPublic, sendPublic } =
      publicRenderer(app, publicHtml, renderHtml);

    registerLanguageSwitch(app);
    registerAccountForm(
      app,
      visitorLanguage,
      async (request, reply, view, state, status) => {
        const data = await loadPageData(
          app.store,
          "ask",
          { view },
          signUpOpen(app),
          visitOf(request),
          visitorLanguage(request),
        );
        return sendPublic(
          request,
          reply,
          data.page === "ask" ? { ...data, account: state } : data,
          status,
        );
      },
    );

    // The public site is rendered on the server (React) and hydrated in the browser, so a
    // visitor without JavaScript and a search engine read every question and answer.
    for (const url of [...PUBLIC_SITE_ROUTES, ...CONTENT_SITE_ROUTES]) {
      app.get(
        url,
        { config: { permission: "public" }, schema: { hide: true } },
        async (request, reply) => {
          const language = visitorLanguage(request);
          // A new site name makes a new key, so a renamed site never shows the old name
          // from the cache.
          const key = PageCache.key(
            language,
            siteOrigin(request),
            request.url,
            siteNameIn(language),
          );
          // A password-reset link's page is never cached: its URL holds the token.
          const secret = "token" in (request.query as Record<string, unknown>);
          let page = renderHtml || secret ? undefined : pageCache.get(key);
          if (page) {
            page.onHit?.(visitOf(request));
          } else {
            const data = await loadPublicPage(app, url, request, language);
            const questionId =
              data.page === "topicDetail" ? data.question.id : undefined;
            page = {
              status:
                data.page === "notFound"
                  ? 404
                  : data.page === "passage" && data.problem
                    ? 400
                    : 200,
              html: await renderPublic(request, data),
              onHit:
                questionId === undefined
                  ? undefined
                  : (visit) =>
                      countView(app.store, { id: questionId, views: 0 }, visit),
            };
            if (!secret) pageCache.set(key, page);
          }
          reply
            .code(page.status)
            .type("text/html; charset=utf-8")
            .header("Cache-Control", "no-cache")
            .header("Vary", "Cookie, Accept-Language, Accept-Encoding")
            .header("Content-Language", language);
          if (!acceptsGzip(request)) return reply.send(page.html);
          // Compressed once per rendering, and kept with it in the cache.
          page.gzip ??= gzipSync(page.html);
          return reply.header("Content-Encoding", "gzip").send(page.gzip);
        },
      );
    }
    clearPagesOnWrites(app, pageCache);
    registerSeoRoutes(app);
    registerConfigScript(app);

    await registerFiles(app, Boolean(renderHtml));

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const pathname = pathOf(request.url);
      if (isApiPath(pathname)) {
        return sendEnvelope(request, reply, Code.NOT_FOUND);
      }
      // The admin's own paths keep its SPA (it shows its own not-found screen); any other
      // unknown path is the public site's not-found page, readable without JavaScript.
      if (pathname === "/admin" || pathname.startsWith("/admin/"))
        return sendPage(reply, "admin", 404);
      return sendPublic(request, reply, { page: "notFound" }, 404);
    });
  },
  { name: "web", dependencies: ["envelope"] },
);

type RenderHtml = (page: "admin" | "public", url: string) => Promise<string>;

/**
 * A write that went through (a member's post or vote, a moderator's decision, an office
 * publishing a sermon) makes this instance render afresh, so whoever wrote it sees it on
 * the next page; see public-site/page-cache.ts. The public API's writes (behaviour
 * events, many a second) and logins change no page.
 */
function clearPagesOnWrites(app: FastifyInstance, pageCache: PageCache): void {
  app.addHook("onResponse", async (request, reply) => {
    if (
      request.method !== "GET" &&
      request.method !== "HEAD" &&
      reply.statusCode < 400 &&
      changesPages(pathOf(request.url))
    ) {
      pageCache.clear();
      if (pathOf(request.url).startsWith("/tjc/sermons"))
        forgetSermonFacets(app);
    }
  });
}

/** What the public page at route `url` shows for this request. */
function loadPublicPage(
  app: FastifyInstance,
  url: string,
  request: FastifyRequest,
  language: Language,
): Promise<PageData> {
  const query = request.query as Record<string, unknown>;
  if ((CONTENT_SITE_ROUTES as readonly string[]).includes(url))
    return loadContentPage(
      app,
      url,
      request.params as Record<string, unknown>,
      query,
      language,
    );
  return loadPageData(
    app.store,
    url.slice(1),
    query,
    signUpOpen(app),
    visitOf(request),
    language,
  );
}

/**
 * How a public page is rendered for a request: its language (the visitor's cookie, else
 * the browser's, else the ministry's default), the site's name in it, the whole HTML, and
 * an answer rendered for this request alone (never from the page cache).
 */
function publicRenderer(
  app: FastifyInstance,
  publicHtml: string,
  renderHtml: RenderHtml | undefined,
) {
  const visitorLanguage = (request: FastifyRequest) =>
    pageLanguage(request, app.ministryLanguage.get());
  // The site's name is a setting (cached, reread within seconds).
  const siteNameIn = (language: Language) =>
    language === "en-US"
      ? app.settings.string("site.nameEn", "")
      : app.settings.string("site.name", "");
  /** The whole HTML of a public page for this request, rendered from `data`. */
  const renderPublic = async (request: FastifyRequest, data: PageData) => {
    const language = visitorLanguage(request);
    const template = renderHtml
      ? await renderHtml("public", request.url)
      : publicHtml;
    // React's server renderer loads with the first public page, not at start.
    const { renderPublicPage } = await import("../public-site/render.js");
    return renderPublicPage(
      template,
      data,
      language,
      siteOrigin(request),
      siteNameIn(language),
    );
  };
  /** A public page rendered for this request alone, never from the page cache. */
  const sendPublic = async (
    request: FastifyRequest,
    reply: FastifyReply,
    data: PageData,
    status: number,
  ) =>
    reply
      .code(status)
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-cache")
      .header("Content-Language", visitorLanguage(request))
      .send(await renderPublic(request, data));

  return { visitorLanguage, siteNameIn, renderPublic, sendPublic };
}

/**
 * /tjc-config.js: the apps' service bases and the ministry's default language. One script
 * per default language, built once; the cached default picks which one is served.
 */
function registerConfigScript(app: FastifyInstance): void {
  const { clientConfig } = app.config;
  // One script per default language, built once; the ministry's default language
  // (cached, see services/ministry-language.ts) picks which one is served.
  const configScripts = new Map(
    SUPPORTED_LANGUAGES.map((defaultLanguage) => {
      const body = `window.__TJC_CONFIG__ = ${JSON.stringify({ ...clientConfig, defaultLanguage }).replace(/</g, "\\u003c")};\n`;
      const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 16)}"`;
      return [defaultLanguage, { body, etag }] as const;
    }),
  );

  app.get(
    "/tjc-config.js",
    { config: { permission: "public" }, schema: { hide: true } },
    (request, reply) => {
      // Revalidated on every load (no-cache) so a new default shows on the next visit;
      // the ETag makes that revalidation a bodyless 304.
      const script = configScripts.get(app.ministryLanguage.get())!;
      reply
        .type("text/javascript; charset=utf-8")
        .header("Cache-Control", "no-cache")
        .header("ETag", script.etag);
      if (request.headers["if-none-match"] === script.etag)
        return reply.code(304).send();
      return reply.send(script.body);
    },
  );
}

/** The built apps' files (hashed assets cached for a year) and the uploaded media. */
async function registerFiles(
  app: FastifyInstance,
  rendering: boolean,
): Promise<void> {
  const { webDir, dataDir } = app.config;
  if (!rendering && fs.existsSync(webDir)) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: "/",
      index: false,
      wildcard: true,
      // .br and .gz copies written at build time (scripts/compress-assets.mjs).
      preCompressed: true,
      dotfiles: "ignore",
      setHeaders: (res, filePath) => {
        const relative = path.relative(webDir, filePath);
        res.header(
          "Cache-Control",
          relative.startsWith(`assets${path.sep}`)
            ? HASHED_ASSET_CACHE
            : "no-cache",
        );
      },
    });
  }

  if (app.fileStorage.kind === "s3") {
    registerObjectStorageFiles(app);
  } else {
    const filesDir = path.join(dataDir, "files");
    fs.mkdirSync(filesDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: filesDir,
      prefix: "/files/",
      decorateReply: false,
      index: false,
      // Upload temporaries (.upload-*) are dot-files: never served, even half written.
      dotfiles: "ignore",
      acceptRanges: true,
      // Uploads are named by random ids and never rewritten.
      maxAge: "30d",
      immutable: true,
      setHeaders: (res, filePath) => {
        for (const [name, value] of Object.entries(storedFileHeaders(filePath)))
          res.header(name, value);
      },
    });
  }
}
