/** Tiny, valid samples of each image format, for tests of uploads and sniffing. */
function padded(bytes: number[], length = 64): Uint8Array {
  const out = new Uint8Array(Math.max(length, bytes.length));
  out.set(bytes);
  return out;
}

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

export const IMAGE_SAMPLES = {
  png: Uint8Array.from(
    atob(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    ),
    (char) => char.charCodeAt(0),
  ),
  gif: padded([...ascii("GIF89a"), 1, 0, 1, 0, 0, 0, 0]),
  jpeg: padded([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...ascii("JFIF"), 0]),
  bmp: padded([
    0x42, 0x4d, 0x3e, 0, 0, 0, 0, 0, 0, 0, 0x3e, 0, 0, 0, 40, 0, 0, 0,
  ]),
  ico: padded([
    0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0x68, 4, 0, 0, 22, 0, 0, 0,
  ]),
} as const;

/** Formats that must be refused. */
export const NON_IMAGE_SAMPLES = {
  webp: padded([...ascii("RIFF"), 0, 0, 0, 0, ...ascii("WEBPVP8 ")]),
  svg: new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  ),
  pdf: padded(ascii("%PDF-1.7\n%âãÏÓ\n")),
  html: new TextEncoder().encode("<!doctype html><script>alert(1)</script>"),
  zip: padded([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0]),
  empty: new Uint8Array(0),
} as const;
