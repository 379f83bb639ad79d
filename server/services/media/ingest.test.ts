import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { MEDIA_SIZE_LIMITS } from "../../../common/media-rules.js";
import { mediaSample } from "../../test/media-samples.js";
import { receiveUpload, UploadRefused } from "./ingest.js";

const directory = fs.mkdtempSync(path.join(os.tmpdir(), "lampstand-ingest-"));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

const MB = 1024 * 1024;

/** `head`, then zeros in 1 MB chunks up to `total` bytes; counts what was pulled. */
function source(head: Buffer, total: number) {
  const counter = { pulled: 0 };
  async function* chunks() {
    counter.pulled += head.length;
    yield head;
    const zeros = Buffer.alloc(MB);
    while (counter.pulled < total) {
      const chunk = zeros.subarray(0, Math.min(MB, total - counter.pulled));
      counter.pulled += chunk.length;
      yield chunk;
    }
  }
  return { stream: Readable.from(chunks()), counter };
}

describe("receiveUpload", () => {
  it("stops a document at its 100 MB limit, reading no further, and keeps nothing", async () => {
    const { stream, counter } = source(mediaSample("sample.pdf"), 400 * MB);
    const error = await receiveUpload(stream, directory).catch((e) => e);
    expect(error).toBeInstanceOf(UploadRefused);
    expect(error.reason).toBe("size");
    expect(counter.pulled).toBeLessThan(MEDIA_SIZE_LIMITS.document + 4 * MB);
    expect(fs.readdirSync(directory)).toEqual([]);
  });

  it("accepts a document of exactly its limit", async () => {
    const { stream } = source(
      mediaSample("sample.pdf"),
      MEDIA_SIZE_LIMITS.document,
    );
    const received = await receiveUpload(stream, directory);
    expect(received.size).toBe(MEDIA_SIZE_LIMITS.document);
    expect(received.format.kind).toBe("document");
    fs.rmSync(received.temporary);
  });

  it("refuses an unknown format from its first bytes, before reading the rest", async () => {
    const { stream, counter } = source(Buffer.alloc(8192, 7), 50 * MB);
    const error = await receiveUpload(stream, directory).catch((e) => e);
    expect(error).toMatchObject({ reason: "type" });
    expect(counter.pulled).toBeLessThan(4 * MB);
    expect(fs.readdirSync(directory)).toEqual([]);
  });

  it("tells an Office file from a plain zip by the whole file", async () => {
    const docx = await receiveUpload(
      Readable.from([mediaSample("sample.docx")]),
      directory,
    );
    expect(docx.format.extension).toBe("docx");
    fs.rmSync(docx.temporary);
    const zip = await receiveUpload(
      Readable.from([mediaSample("sample.zip")]),
      directory,
    ).catch((e) => e);
    expect(zip).toMatchObject({ reason: "type", detected: "application/zip" });
    expect(fs.readdirSync(directory)).toEqual([]);
  });

  it("hashes what it keeps", async () => {
    const bytes = mediaSample("sample.ogg");
    const received = await receiveUpload(Readable.from([bytes]), directory);
    const { createHash } = await import("node:crypto");
    expect(received.sha256).toBe(
      createHash("sha256").update(bytes).digest("hex"),
    );
    expect(fs.readFileSync(received.temporary).equals(bytes)).toBe(true);
    fs.rmSync(received.temporary);
  });
});
