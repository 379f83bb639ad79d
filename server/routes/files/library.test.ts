import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { mediaSample, multipartFile } from "../../test/media-samples.js";
import { setFileUsages } from "../../services/file-usages.js";

/** A sample with its own trailing bytes: a file no other test uploaded (no dedupe). */
const unique = (name: string) =>
  Buffer.concat([mediaSample(name), randomBytes(16)]);

describe("/tjc/files (media library)", () => {
  let t: TestApp;
  let editor: string;
  let member: string;

  beforeAll(async () => {
    t = await buildTestApp();
    editor = await t.loginAs("editor");
    member = await t.loginAs("member");
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (
    name: string,
    bytes: Uint8Array,
    token: string | null = editor,
    language?: string,
  ) =>
    t.request({
      method: "POST",
      url: "/tjc/files",
      token: token ?? undefined,
      language,
      ...multipartFile(name, bytes),
    });
  const list = (filter: object, token = editor) =>
    t.request({
      method: "GET",
      url: `/tjc/files?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`,
      token,
    });

  describe("permissions", () => {
    it("rejects without a session", async () => {
      for (const [method, url] of [
        ["POST", "/tjc/files"],
        ["GET", "/tjc/files"],
        ["GET", "/tjc/files/1"],
        ["DELETE", "/tjc/files/1"],
      ] as const) {
        const response =
          method === "POST"
            ? await upload("a.mp3", mediaSample("sample.mp3"), null)
            : await t.request({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json().code).toBe(20107);
      }
    });

    it("rejects without permission", async () => {
      for (const [method, url] of [
        ["POST", "/tjc/files"],
        ["GET", "/tjc/files"],
        ["GET", "/tjc/files/1"],
        ["DELETE", "/tjc/files/1"],
      ] as const) {
        const response =
          method === "POST"
            ? await upload("a.mp3", mediaSample("sample.mp3"), member)
            : await t.request({ method, url, token: member });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().code).toBe(40300);
      }
    });
  });

  it.each([
    ["sample.webp", "image", "image/webp"],
    ["sample.mp3", "audio", "audio/mpeg"],
    ["sample.m4a", "audio", "audio/mp4"],
    ["sample.aac", "audio", "audio/aac"],
    ["sample.wav", "audio", "audio/wav"],
    ["sample.ogg", "audio", "audio/ogg"],
    ["sample.mp4", "video", "video/mp4"],
    ["sample.webm", "video", "video/webm"],
    ["sample.pdf", "document", "application/pdf"],
    ["sample.epub", "document", "application/epub+zip"],
    [
      "sample.docx",
      "document",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ],
    [
      "sample.pptx",
      "document",
      "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ],
  ])(
    "keeps %s as %s (%s), whatever its name says",
    async (name, kind, mime) => {
      const bytes = unique(name);
      const response = await upload("renamed.txt", bytes);
      expect(response.statusCode, response.body).toBe(200);
      const file = response.json().data;
      expect(file).toMatchObject({
        kind,
        mime,
        originalName: "renamed.txt",
        size: bytes.length,
        usageCount: 0,
      });
      expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(file.createdBy).toEqual(expect.any(Number));
      expect(file.url).toMatch(
        /^\/files\/library\/\d{4}\/\d{2}\/[0-9a-f]{32}\.\w+$/,
      );
      const served = await t.request({ method: "GET", url: file.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe(mime);
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(served.rawPayload.equals(bytes)).toBe(true);
      // Office files and EPUBs download; what a browser shows in place does not.
      if (kind === "document" && mime !== "application/pdf")
        expect(served.headers["content-disposition"]).toBe("attachment");
      else expect(served.headers["content-disposition"]).toBeUndefined();
    },
  );

  it("reads durations of audio and video, and the size of images", async () => {
    const mp3 = (await upload("a.mp3", mediaSample("sample.mp3"))).json().data;
    expect(mp3.durationSec).toBeGreaterThan(1.8);
    expect(mp3.durationSec).toBeLessThan(2.3);
    const mp4 = (await upload("a.mp4", mediaSample("sample.mp4"))).json().data;
    expect(mp4.durationSec).toBeGreaterThan(1.8);
    expect(mp4.durationSec).toBeLessThan(2.3);
    const wav = (await upload("a.wav", mediaSample("sample.wav"))).json().data;
    expect(wav.durationSec).toBeCloseTo(1, 1);
    const webp = (await upload("a.webp", mediaSample("sample.webp"))).json()
      .data;
    expect(webp).toMatchObject({ width: 40, height: 30, durationSec: null });
    expect(mp3).toMatchObject({ width: null, height: null });
  });

  it.each([
    ["a plain zip", mediaSample("sample.zip")],
    ["text", Buffer.from("just some words, not a file format at all")],
    ["svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ["an empty file", Buffer.alloc(0)],
  ])("refuses %s with 41500 in the caller's language", async (_case, bytes) => {
    const zh = await upload("a.pdf", bytes, editor, "zh-CN");
    expect(zh.statusCode).toBe(415);
    expect(zh.json().code).toBe(41500);
    expect(zh.json().message).toBe("不支持的内容类型");
    expect(zh.json().data.accepted).toContain("application/pdf");
    const en = await upload("a.pdf", bytes, editor, "en-US");
    expect(en.json().message).toBe("Unsupported media type");
  });

  it("refuses an image over 10 MB with 41300 and leaves nothing behind", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    mediaSample("sample.webp").copy(big);
    const before = await list({});
    const response = await upload("big.webp", big);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe(41300);
    const after = await list({});
    expect(after.json().data.total).toBe(before.json().data.total);
    const leftovers = fs
      .readdirSync(t.config.dataDir, { recursive: true })
      .map(String)
      .filter((name) => path.basename(name).startsWith(".upload-"));
    expect(leftovers).toEqual([]);
  });

  it("answers the same record for the same bytes", async () => {
    const bytes = unique("sample.pdf");
    const first = (await upload("one.pdf", bytes)).json().data;
    const second = (await upload("two.pdf", bytes)).json().data;
    expect(second.id).toBe(first.id);
    expect(second.url).toBe(first.url);
    expect(second.originalName).toBe("one.pdf");
  });

  it("filters by kind, keyword and uploader", async () => {
    const other = await t.loginAs("editor");
    const mine = (
      await upload("主日讲道录音.ogg", unique("sample.ogg"), other)
    ).json().data;
    const audios = (await list({ kind: "audio" })).json().data;
    expect(audios.list.every((f: { kind: string }) => f.kind === "audio")).toBe(
      true,
    );
    expect(audios.total).toBeGreaterThan(0);
    const byName = (await list({ q: "讲道录音" })).json().data;
    expect(byName.list.map((f: { id: number }) => f.id)).toEqual([mine.id]);
    const byUploader = (await list({ createdBy: mine.createdBy })).json().data;
    expect(byUploader.list.map((f: { id: number }) => f.id)).toEqual([mine.id]);
    const bad = await list({ kind: "spreadsheet" });
    expect(bad.json().code).toBe(40000);
  });

  it("counts the records using a file and refuses to delete a used one with 40900", async () => {
    const file = (await upload("cover.mp3", unique("sample.mp3"))).json().data;
    await setFileUsages(t.app.store.db, "sermons", 7, {
      audioFileId: [file.id],
    });
    await setFileUsages(t.app.store.db, "articles", 3, { body: [file.id] });
    const read = (
      await t.request({
        method: "GET",
        url: `/tjc/files/${file.id}`,
        token: editor,
      })
    ).json().data;
    expect(read.usageCount).toBe(2);
    const used = (await list({ used: true })).json().data;
    expect(used.list.map((f: { id: number }) => f.id)).toContain(file.id);

    for (const language of ["zh-CN", "en-US"]) {
      const refused = await t.request({
        method: "DELETE",
        url: `/tjc/files/${file.id}`,
        token: editor,
        language,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 40900,
        data: { usageCount: 2 },
      });
      expect(refused.json().data.errors.id).toBe(
        language === "zh-CN"
          ? "该文件正被其他内容引用，不能删除"
          : "This file is used by other content and cannot be deleted",
      );
    }
    expect((await t.request({ method: "GET", url: file.url })).statusCode).toBe(
      200,
    );

    // Once no record uses it, it goes, bytes and all.
    await setFileUsages(t.app.store.db, "sermons", 7, {});
    await setFileUsages(t.app.store.db, "articles", 3, {});
    const deleted = await t.request({
      method: "DELETE",
      url: `/tjc/files/${file.id}`,
      token: editor,
    });
    expect(deleted.json().code).toBe(0);
    expect((await t.request({ method: "GET", url: file.url })).statusCode).toBe(
      404,
    );
    const again = await t.request({
      method: "DELETE",
      url: `/tjc/files/${file.id}`,
      token: editor,
    });
    expect(again.json().code).toBe(40400);
  });

  it("serves byte ranges, and 416 for one it cannot satisfy", async () => {
    const bytes = unique("sample.m4a");
    const file = (await upload("a.m4a", bytes)).json().data;
    const part = await t.request({
      method: "GET",
      url: file.url,
      headers: { range: "bytes=10-19" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 10-19/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
    const beyond = await t.request({
      method: "GET",
      url: file.url,
      headers: { range: `bytes=${bytes.length + 10}-` },
    });
    expect(beyond.statusCode).toBe(416);
  });

  it("answers 40000 for a malformed id and 40400 for an unknown one", async () => {
    const bad = await t.request({
      method: "GET",
      url: "/tjc/files/abc",
      token: editor,
    });
    expect(bad.json().code).toBe(40000);
    const missing = await t.request({
      method: "GET",
      url: "/tjc/files/999999",
      token: editor,
    });
    expect(missing.json().code).toBe(40400);
  });
});
