import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";

/**
 * A tiny HLS stream on loopback for the channel preview test: the committed 2 s AAC sample
 * (fixtures/media/sample.aac, ADTS) cut at frame boundaries into three packed-audio
 * segments (HLS allows raw ADTS segments), with a VOD playlist. Served with CORS, as a
 * CDN serves a real stream to the admin's origin.
 */
const SAMPLE = path.resolve(
  import.meta.dirname,
  "../../fixtures/media/sample.aac",
);
const SAMPLE_RATES = [
  96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025,
  8000, 7350,
];

export function adtsFrames(data: Buffer): { frames: Buffer[]; rate: number } {
  const frames: Buffer[] = [];
  let rate = 0;
  for (let at = 0; at + 7 <= data.length;) {
    if (data[at] !== 0xff || (data[at + 1]! & 0xf0) !== 0xf0)
      throw new Error(`not an ADTS frame at byte ${at}`);
    rate = SAMPLE_RATES[(data[at + 2]! >> 2) & 0xf]!;
    const length =
      ((data[at + 3]! & 3) << 11) | (data[at + 4]! << 3) | (data[at + 5]! >> 5);
    frames.push(data.subarray(at, at + length));
    at += length;
  }
  return { frames, rate };
}

export interface HlsFixture {
  url: string;
  /** How many times each file was asked for. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

export async function serveHlsFixture(segments = 3): Promise<HlsFixture> {
  const { frames, rate } = adtsFrames(fs.readFileSync(SAMPLE));
  const perSegment = Math.ceil(frames.length / segments);
  const files = new Map<string, { type: string; body: Buffer }>();
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    "#EXT-X-TARGETDURATION:1",
    "#EXT-X-MEDIA-SEQUENCE:0",
    "#EXT-X-PLAYLIST-TYPE:VOD",
  ];
  for (let i = 0; i < segments; i += 1) {
    const part = frames.slice(i * perSegment, (i + 1) * perSegment);
    if (part.length === 0) break;
    const name = `segment${i}.aac`;
    files.set(`/${name}`, { type: "audio/aac", body: Buffer.concat(part) });
    lines.push(`#EXTINF:${((part.length * 1024) / rate).toFixed(3)},`, name);
  }
  lines.push("#EXT-X-ENDLIST", "");
  files.set("/index.m3u8", {
    type: "application/vnd.apple.mpegurl",
    body: Buffer.from(lines.join("\n")),
  });
  const hits = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const file = files.get(url.pathname);
    response.setHeader("Access-Control-Allow-Origin", "*");
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    response.writeHead(200, {
      "Content-Type": file.type,
      "Content-Length": file.body.length,
    });
    response.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/index.m3u8`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
