// Bundles the server, common/ and its packages into dist/server/main.js. One file starts
// in about half the time of resolving and loading hundreds of package modules
// (docs/performance.md). Kept external: the native SQLite addon, pg (loaded only for
// PostgreSQL), swagger-ui (serves files from its own folder), pinyin-pro (a 1 MB
// dictionary loaded on the first write that needs a sort key), pino-pretty (for a
// terminal only, and absent from a production install) and the dev-only packages.
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "dist/server/main.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  external: [
    "better-sqlite3",
    "pg",
    "pinyin-pro",
    "@node-rs/jieba",
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
