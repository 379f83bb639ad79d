import fs from "node:fs";
import path from "node:path";
import fp from "fastify-plugin";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Code } from "../../common/codes.js";
import { sendEnvelope } from "./envelope.js";
import {
  registerObjectStorageFiles,
  storedFileHeaders,
} from "./stored-files.js";
import { isApiPath, pathOf } from "../http/api-paths.js";
import {
  ADMIN_SPA_ROUTES,
  PUBLIC_SITE_ROUTES,
} from "../../common/app-routes.js";
import { loadPageData, pageLanguage } from "../public-site/page-data.js";
import { signUpOpen } from "../services/ask-rules.js";
import { renderPublicPage } from "../public-site/render.js";
import { registerSeoRoutes, siteOrigin } from "../public-site/seo.js";

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

/**
 * Serves the built admin SPA and public site, hashed assets with long cache headers,
 * uploaded media under /files with Range support, and the SPA's fallback page (HTTP 404)
 * for any other path. An unknown /tjc path gets the 40400 envelope instead.
 */
export const webPlugin = fp<{
  renderHtml?: (page: "admin" | "public", url: string) => Promise<string>;
}>(
  async (app, { renderHtml }) => {
    const { webDir, dataDir, clientConfig } = app.config;
    // Read once: the HTML only changes with a new build, which means a restart.
    const adminHtml =
      readHtml(path.join(webDir, "index.html")) ?? NOT_BUILT_HTML;
    const publicHtml =
      readHtml(path.join(webDir, "public-site", "index.html")) ??
      NOT_BUILT_HTML;
    app.decorate("fallbackHtml", adminHtml);
    const configScript = `window.__TJC_CONFIG__ = ${JSON.stringify(clientConfig).replace(/</g, "\\u003c")};\n`;

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
    // The public site is rendered on the server (React) and hydrated in the browser, so a
    // visitor without JavaScript and a search engine read every question and answer.
    for (const url of PUBLIC_SITE_ROUTES) {
      app.get(
        url,
        { config: { permission: "public" }, schema: { hide: true } },
        async (request, reply) => {
          const template = renderHtml
            ? await renderHtml("public", request.url)
            : publicHtml;
          const language = pageLanguage(request);
          const data = await loadPageData(
            app.store,
            url.slice(1),
            request.query as Record<string, unknown>,
            signUpOpen(app),
          );
          return reply
            .code(data.page === "notFound" ? 404 : 200)
            .type("text/html; charset=utf-8")
            .header("Cache-Control", "no-cache")
            .header("Vary", "Cookie, Accept-Language")
            .header("Content-Language", language)
            .send(
              renderPublicPage(template, data, language, siteOrigin(request)),
            );
        },
      );
    }
    registerSeoRoutes(app);
    app.get(
      "/tjc-config.js",
      { config: { permission: "public" }, schema: { hide: true } },
      (_req, reply) =>
        reply
          .type("text/javascript; charset=utf-8")
          .header("Cache-Control", "no-cache")
          .send(configScript),
    );

    if (!renderHtml && fs.existsSync(webDir)) {
      await app.register(fastifyStatic, {
        root: webDir,
        prefix: "/",
        index: false,
        wildcard: true,
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
          for (const [name, value] of Object.entries(
            storedFileHeaders(filePath),
          ))
            res.header(name, value);
        },
      });
    }

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      if (isApiPath(pathOf(request.url))) {
        return sendEnvelope(request, reply, Code.NOT_FOUND);
      }
      return sendPage(reply, "admin", 404);
    });
  },
  { name: "web", dependencies: ["envelope"] },
);
