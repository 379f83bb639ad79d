import { describe, expect, it } from "vitest";
import { sniffImage } from "./image-sniff";
import { IMAGE_SAMPLES, NON_IMAGE_SAMPLES } from "./image-samples";

describe("sniffImage", () => {
  it.each([
    ["png", "image/png", "png"],
    ["gif", "image/gif", "gif"],
    ["jpeg", "image/jpeg", "jpg"],
    ["bmp", "image/bmp", "bmp"],
    ["ico", "image/x-icon", "ico"],
  ] as const)("accepts %s from its bytes", async (sample, mime, extension) => {
    expect(await sniffImage(IMAGE_SAMPLES[sample])).toEqual({
      ok: true,
      mime,
      extension,
    });
  });

  it.each(
    Object.keys(NON_IMAGE_SAMPLES) as Array<keyof typeof NON_IMAGE_SAMPLES>,
  )("refuses %s", async (sample) => {
    const result = await sniffImage(NON_IMAGE_SAMPLES[sample]);
    expect(result.ok).toBe(false);
  });

  it("names what it found when it refuses", async () => {
    expect(await sniffImage(NON_IMAGE_SAMPLES.webp)).toEqual({
      ok: false,
      detected: "image/webp",
    });
    expect(await sniffImage(NON_IMAGE_SAMPLES.pdf)).toEqual({
      ok: false,
      detected: "application/pdf",
    });
  });

  it("ignores what a file claims to be: a PNG name on HTML bytes is refused", async () => {
    const html = new TextEncoder().encode(
      "<html><body>not a png</body></html>",
    );
    expect((await sniffImage(html)).ok).toBe(false);
  });
});
