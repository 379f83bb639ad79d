// `npm run dev`: the API and Vite (hot reload) in one process. tsx watch restarts it
// when server code changes; Vite reloads the apps in the browser.
import fs from "node:fs";
import path from "node:path";
import { createServer as createViteServer } from "vite";
import { loadConfig } from "./config.js";
import { buildServer } from "./server.js";

const root = path.resolve(import.meta.dirname, "..");
const config = loadConfig();
const vite = await createViteServer({
  root,
  // The hot-reload socket listens on the next port (Vite 8 names it `ws`, not `hmr`).
  server: { middlewareMode: true, ws: { port: config.port + 1 } },
  appType: "custom",
});

const server = await buildServer({
  config,
  dev: {
    middlewares: vite.middlewares,
    async renderHtml(page, url) {
      const file =
        page === "admin"
          ? "index.html"
          : path.join("public-site", "index.html");
      const html = fs.readFileSync(path.join(root, file), "utf8");
      return vite.transformIndexHtml(url, html);
    },
  },
});
const shutdown = () => {
  void Promise.all([server.close(), vite.close()]).finally(() =>
    process.exit(0),
  );
};
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
await server.listen({ port: config.port, host: config.host });
