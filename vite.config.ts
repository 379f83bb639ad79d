import { defineConfig, type Connect, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { resolve } from "node:path";
// With its extension: the native config loader, Vite's coming default, needs it.
import { isAdminSpaRoute, isPublicSiteRoute } from "./common/app-routes.ts";

/**
 * Two single-page apps in one build: the admin (index.html) and the public Q&A site
 * (public-site/index.html). Output goes to dist/web/, hashed assets to dist/web/assets/.
 */

/** SPA deep links for Vite's dev and preview servers: each route gets its app's HTML. */
function spaDeepLinks(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const url = new URL(req.url ?? "/", "http://localhost");
    const accept = String(req.headers.accept ?? "");
    if (!accept.includes("text/html")) return next();
    if (isPublicSiteRoute(url.pathname))
      req.url = `/public-site/index.html${url.search}`;
    else if (isAdminSpaRoute(url.pathname))
      req.url = `/index.html${url.search}`;
    next();
  };
  // Only a standalone dev server answers /tjc-config.js itself; inside the Fastify
  // process (middleware mode) the server's own route must win.
  const defaultConfig: Connect.NextHandleFunction = (req, res, next) => {
    if (req.url !== "/tjc-config.js") return next();
    res.setHeader("Content-Type", "text/javascript; charset=utf-8");
    res.end("window.__TJC_CONFIG__ = window.__TJC_CONFIG__ || {};\n");
  };
  return {
    name: "lampstand-spa-deep-links",
    configureServer(server) {
      if (!server.config.server.middlewareMode)
        server.middlewares.use(defaultConfig);
      server.middlewares.use(rewrite);
    },
    configurePreviewServer(server) {
      server.middlewares.use(defaultConfig);
      server.middlewares.use(rewrite);
    },
  };
}

export default defineConfig({
  plugins: [react(), spaDeepLinks()],
  appType: "mpa",
  build: {
    outDir: "dist/web",
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      input: {
        admin: resolve(import.meta.dirname, "index.html"),
        publicSite: resolve(import.meta.dirname, "public-site/index.html"),
      },
    },
  },
  server: {
    proxy: process.env.VITE_API_PROXY
      ? { "/tjc": { target: process.env.VITE_API_PROXY, changeOrigin: true } }
      : undefined,
  },
});
