// Bundles the server, common/ and its packages into dist/server/main.js. One file starts
// in about half the time of resolving and loading hundreds of package modules
// (docs/performance.md). What the server imports with `await import()` (upload sniffing
// and media metadata, S3, the public pages' React renderer) goes to dist/server/chunks/
// and is read only when first used, so an idle server does not hold its source. Kept external: the native SQLite addon, pg (loaded only for
// PostgreSQL), swagger-ui (serves files from its own folder), pinyin-pro (a 1 MB
// dictionary loaded on the first write that needs a sort key), pino-pretty (for a
// terminal only, and absent from a production install) and the dev-only packages.
import fs from "node:fs";
import { build } from "esbuild";

// Chunks are named by hash: without this, every build would leave the last one's behind.
fs.rmSync("dist/server/chunks", { recursive: true, force: true });

await build({
  entryPoints: ["server/main.ts"],
  outdir: "dist/server",
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  external: [
    "better-sqlite3",
    "pg",
    "pinyin-pro",
    // The crawler's HTML parser, loaded on its first use (~14 MB RSS once loaded).
    "cheerio",
    "pino-pretty",
    "@fastify/swagger-ui",
    "@fastify/middie",
    "vite",
  ],
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  // V8 keeps the source of every loaded script in memory: whitespace alone was ~40% of it.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: true,
  logLevel: "warning",
});
console.log("built dist/server/main.js");
