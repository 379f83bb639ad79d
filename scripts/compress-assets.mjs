// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every text asset,
// which @fastify/static sends to a browser that accepts them (preCompressed). A phone on a
// slow network then downloads about a quarter of the bytes, and the server spends no CPU
// compressing the same file for every visitor.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const assets = path.resolve(import.meta.dirname, "..", "dist", "web", "assets");
const TEXT = /\.(js|css|svg|json|txt|map)$/;
let files = 0;
for (const name of fs.readdirSync(assets)) {
  if (!TEXT.test(name) || name.endsWith(".map")) continue;
  const file = path.join(assets, name);
  const source = fs.readFileSync(file);
  if (source.length < 1024) continue;
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
  files++;
}
console.log(`compressed ${files} assets (.br, .gz)`);
