import fp from "fastify-plugin";
import cors from "@fastify/cors";
import rateLimit from "@fastify/rate-limit";
import { tooManyRequests } from "../http/errors.js";
import { isApiDocsPath, isApiPath, pathOf } from "../http/api-paths.js";
import { securityHeaders } from "./security-headers.js";

/** Video hosts the editor may embed. */
const FRAME_SOURCES = [
  "https://www.youtube.com",
  "https://www.youtube-nocookie.com",
  "https://player.bilibili.com",
];

/** A request for an API answer: under /tjc, but not the documentation page. */
function isApiAnswer(url: string): boolean {
  const path = pathOf(url);
  return isApiPath(path) && !isApiDocsPath(path);
}

/**
 * The headers of every /tjc answer, after OWASP's REST Security Cheat Sheet: an answer
 * is never a document, so its CSP allows nothing and no page may frame it, and no
 * browser or proxy stores it (answers carry members' data). A route whose answers may
 * be cached says so itself (the reference data). Fewer headers than a page's also cost
 * less on the busiest requests.
 */
function apiHeaders() {
  return {
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "Cross-Origin-Resource-Policy": "same-site",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
  };
}

/**
 * Security headers (a CSP the apps work under on pages, a closed one on API answers),
 * CORS for split deployments, and the rate-limit machinery that public writes opt into
 * with `config.rateLimit`.
 */
export const securityPlugin = fp<{ dev?: boolean }>(
  async (app, { dev = false }) => {
    // Dev mode only: Vite injects an inline module (React refresh) and talks over a socket.
    const devScript = dev ? ["'unsafe-inline'"] : [];
    const devConnect = dev ? ["ws:", "wss:"] : [];
    const { systemBase, mainBase, staticBase } = app.config.clientConfig;
    const origins = [systemBase, mainBase, staticBase]
      .filter((base): base is string => Boolean(base))
      .map((base) => {
        try {
          return new URL(base).origin;
        } catch {
          return undefined;
        }
      })
      .filter((origin): origin is string => Boolean(origin));

    const pageHeaders = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...devScript],
          // MUI (emotion) and the editor set inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:", "http:", "https:"],
          mediaSrc: ["'self'", "blob:", "http:", "https:"],
          fontSrc: ["'self'", "data:"],
          // Live streams' playlists and segments come from CDNs (hls.js fetches them).
          connectSrc: [
            "'self'",
            ...origins,
            "https:",
            ...app.config.streamConnectSources,
            ...devConnect,
          ],
          frameSrc: FRAME_SOURCES,
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
        },
      },
      // Other sites learn nothing of where a visitor came from, but the site's own form
      // posts carry their Origin (with "no-referrer" a browser sends "Origin: null"), which
      // the no-JavaScript login and sign-up check (public-site/account-form.ts).
      referrerPolicy: { policy: "same-origin" },
      // The apps load media from other hosts (sermon audio, embedded video).
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: "same-site" },
    });
    // HSTS over plain HTTP is meaningless at best, and pins a host that has no HTTPS yet:
    // it goes only on answers the client fetched over HTTPS, directly or (TRUST_PROXY)
    // through a proxy that says so in X-Forwarded-Proto.
    const hsts = pageHeaders["Strict-Transport-Security"];
    delete pageHeaders["Strict-Transport-Security"];
    const answerHeaders = apiHeaders();
    // For the answers given before any hook runs (http/edge-errors.ts).
    app.decorate("edgeHeaders", { api: answerHeaders, page: pageHeaders });
    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(isApiAnswer(request.url) ? answerHeaders : pageHeaders);
      if (hsts && request.protocol === "https")
        reply.header("Strict-Transport-Security", hsts);
      done();
    });

    await app.register(cors, {
      origin: origins.length > 0 ? origins : false,
      credentials: true,
      exposedHeaders: ["Authorization", "Retry-After", "Content-Disposition"],
    });

    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (request, context) =>
        tooManyRequests(context.ttl / 1000, request.language),
    });
  },
  { name: "security", dependencies: ["envelope"] },
);
