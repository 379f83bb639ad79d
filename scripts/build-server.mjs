// Bundles the server, common/ and its packages into dist/server/main.js. One file starts
// in about half the time of resolving and loading hundreds of package modules
// (docs/performance.md). What the server imports with `await import()` (upload sniffing
// and media metadata, S3, the public pages' React renderer) goes to dist/server/chunks/
// and is read only when first used, so an idle server does not hold its source. Kept
// external: the native SQLite addon, pg (loaded only for PostgreSQL), swagger-ui (serves
// files from its own folder), sanitize-html (required on the first rich-text write),
// pinyin-pro (a 1 MB dictionary loaded on the first write that needs a sort key),
// pino-pretty (for a terminal only, and absent from a production install) and the
// dev-only packages.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

/**
 * V8 holds a script's source as one byte a character only while every character is
 * Latin-1: one Chinese character anywhere and the whole 5 MB bundle is held at two bytes a
 * character (~5 MB more, for the life of the process). esbuild's `charset: "ascii"`
 * escapes strings, templates and names but leaves regular-expression literals as they are
 * (the Bible parser's book names, a date pattern's 年月): those characters are escaped
 * here as `\uXXXX`, which means the same character inside and outside a class, with or
 * without the `u` flag (a surrogate pair written as two escapes is one code point under
 * `u`). An identity escape (`\年`) becomes the escape alone. Only the columns on the
 * lines that held such characters move in the source map.
 */
function asciiOnly(dir) {
  for (const entry of fs.readdirSync(dir, { recursive: true })) {
    const file = path.join(dir, entry);
    if (!file.endsWith(".js")) continue;
    const text = fs.readFileSync(file, "utf8");
    if (!/[^\0-\x7f]/.test(text)) continue;
    const escaped = text.replace(/(\\*)([^\0-\x7f])/g, (_, slashes, char) => {
      const code = `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
      // An odd run of backslashes escapes the character itself: drop that one.
      return slashes.length % 2 === 1
        ? slashes.slice(1) + code
        : slashes + code;
    });
    fs.writeFileSync(file, escaped);
  }
}

/** The folders of server/routes holding `file`, in name order (server/routes/folders.ts). */
function routeFolders(file) {
  const dir = "server/routes";
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, file)),
    )
    .map((entry) => entry.name)
    .sort();
}

// Chunks are named by hash: without this, every build would leave the last one's behind.
fs.rmSync("dist/server/chunks", { recursive: true, force: true });

await build({
  // The index build's worker threads (server/db/term-pool.ts) load their own entry.
  entryPoints: {
    main: "server/main.ts",
    "term-worker": "server/db/term-worker.ts",
  },
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
    // Rich-text sanitising, required on the first write that needs it (html-sanitizer.ts).
    "sanitize-html",
    // GB18030 decoding of an imported CSV, required on the first such file (~0.5 MB).
    "iconv-lite",
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
  // Non-ASCII escaped (esbuild's default, said here because the step below relies on it).
  charset: "ascii",
  minifySyntax: true,
  // The built server is the production server: React (the public pages' renderer) and
  // the other packages that read NODE_ENV take their production builds, whatever the
  // environment says, and the development builds are left out of the bundle. Unset, the
  // pages rendered with React's development build, several times slower.
  define: {
    "process.env.NODE_ENV": '"production"',
    // The route folders and those with tables of their own, which server/routes/folders.ts
    // reads from the source otherwise.
    ROUTE_FOLDERS: JSON.stringify(routeFolders("index.ts")),
    ROUTE_MIGRATIONS: JSON.stringify(routeFolders("migration.ts")),
  },
  sourcemap: true,
  logLevel: "warning",
});
asciiOnly("dist/server");
console.log("built dist/server/main.js");
