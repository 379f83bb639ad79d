import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { ROOT } from "./processes.js";

/**
 * The gzip size of the JS the public site loads before it is interactive: its entry
 * script and modulepreloads in dist/web/public-site/index.html. Every public page (the
 * community's and the content's) is the one app, so this is each page's figure; lazy
 * chunks (the editor, hls.js) load only when used.
 */
export function publicJsGzipBytes(): number {
  const html = fs.readFileSync(
    path.join(ROOT, "dist/web/public-site/index.html"),
    "utf8",
  );
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  return files.reduce(
    (sum, file) =>
      sum +
      zlib.gzipSync(fs.readFileSync(path.join(ROOT, "dist/web", file)), {
        level: 9,
      }).length,
    0,
  );
}
