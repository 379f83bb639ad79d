import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// s3rver: an S3-compatible server in Node, started on loopback for this test only.
import S3rver from "s3rver";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { mediaSample, multipartFile } from "../../test/media-samples.js";

/** The media library on S3-compatible storage (STORAGE=s3), end to end through the API. */
describe("media library on S3-compatible storage", () => {
  let server: S3rver;
  let directory: string;
  let t: TestApp;
  let editor: string;

  beforeAll(async () => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), "lampstand-s3-"));
    server = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: "media", configs: [] }],
    });
    const { port } = (await server.run()) as { port: number };
    t = await buildTestApp({
      STORAGE: "s3",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: "media",
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_PREFIX: "lampstand",
    });
    editor = await t.loginAs("editor");
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it("keeps uploads in the bucket, serves them with Range, and deletes them", async () => {
    const bytes = mediaSample("sample.mp3");
    const uploaded = await t.request({
      method: "POST",
      url: "/tjc/files",
      token: editor,
      ...multipartFile("讲道.mp3", bytes),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const file = uploaded.json().data;
    expect(file).toMatchObject({ kind: "audio", size: bytes.length });
    expect(file.durationSec).toBeGreaterThan(1.8);

    // In the bucket under the prefix, and not on the local disk.
    const key = file.url.replace(/^\/files\//, "");
    const stored = fs
      .readdirSync(directory, { recursive: true })
      .map(String)
      .filter((name) => name.includes(path.basename(key)));
    expect(stored.length).toBeGreaterThan(0);
    expect(
      stored.some((name) => name.includes(`lampstand${path.sep}library`)),
    ).toBe(true);
    expect(fs.existsSync(path.join(t.config.dataDir, "files", key))).toBe(
      false,
    );

    const whole = await t.request({ method: "GET", url: file.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("audio/mpeg");
    expect(whole.headers["x-content-type-options"]).toBe("nosniff");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const part = await t.request({
      method: "GET",
      url: file.url,
      headers: { range: "bytes=100-199" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

    const unsatisfiable = await t.request({
      method: "GET",
      url: file.url,
      headers: { range: `bytes=${bytes.length + 1}-` },
    });
    expect(unsatisfiable.statusCode).toBe(416);

    const again = await t.request({
      method: "POST",
      url: "/tjc/files",
      token: editor,
      ...multipartFile("copy.mp3", bytes),
    });
    expect(again.json().data.id).toBe(file.id);

    const deleted = await t.request({
      method: "DELETE",
      url: `/tjc/files/${file.id}`,
      token: editor,
    });
    expect(deleted.json().code).toBe(0);
    expect((await t.request({ method: "GET", url: file.url })).statusCode).toBe(
      404,
    );
  });

  it("serves documents as attachments and never a dot-file or unknown key", async () => {
    const docx = await t.request({
      method: "POST",
      url: "/tjc/files",
      token: editor,
      ...multipartFile("bulletin.docx", mediaSample("sample.docx")),
    });
    const file = docx.json().data;
    const served = await t.request({ method: "GET", url: file.url });
    expect(served.headers["content-disposition"]).toBe("attachment");
    for (const url of [
      "/files/.upload-abc",
      "/files/library/2026/01/missing.mp3",
      "/files/library/../x.mp3",
    ]) {
      expect((await t.request({ method: "GET", url })).statusCode, url).toBe(
        404,
      );
    }
  });
});
