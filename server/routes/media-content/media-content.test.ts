import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { mediaSample, multipartFile } from "../../test/media-samples.js";

const ROUTES = (path: string) =>
  [
    ["GET", `/tjc/${path}`],
    ["GET", `/tjc/${path}/export`],
    ["GET", `/tjc/${path}/1`],
    ["POST", `/tjc/${path}`],
    ["PUT", `/tjc/${path}/1`],
    ["DELETE", `/tjc/${path}/1`],
    ["POST", `/tjc/${path}/batch`],
    ["POST", `/tjc/${path}/publishing`],
  ] as const;
const PATHS = ["audios", "videos", "gospel-docs"];

describe("/tjc/audios, /tjc/videos, /tjc/gospel-docs", () => {
  let t: TestApp;
  let editor: string;
  const files: Record<string, { id: number; durationSec: number | null }> = {};

  const upload = async (name: string) =>
    (
      await t.request({
        method: "POST",
        url: "/tjc/files",
        token: editor,
        ...multipartFile(name, mediaSample(name)),
      })
    ).json().data;

  beforeAll(async () => {
    t = await buildTestApp();
    editor = await t.loginAs("editor");
    for (const name of [
      "sample.mp3",
      "sample.m4a",
      "sample.mp4",
      "sample.pdf",
      "sample.webp",
    ])
      files[name] = await upload(name);
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (
    method: "POST" | "PUT",
    path: string,
    payload: object,
    language?: string,
  ) =>
    t.request({
      method,
      url: `/tjc/${path}`,
      token: editor,
      payload,
      language,
    });
  const list = (path: string, filter: object) =>
    t.request({
      method: "GET",
      url: `/tjc/${path}?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`,
      token: editor,
    });
  const ids = (response: { json(): { data: { list: { id: number }[] } } }) =>
    response.json().data.list.map((r) => r.id);

  it("rejects without a session", async () => {
    for (const path of PATHS)
      for (const [method, url] of ROUTES(path)) {
        const response = await t.request({ method, url, payload: {} });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
  });

  it("rejects without permission", async () => {
    const member = await t.loginAs("member");
    for (const path of PATHS)
      for (const [method, url] of ROUTES(path)) {
        const response = await t.request({
          method,
          url,
          token: member,
          payload: {},
        });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().code).toBe(40300);
      }
  });

  describe("audio", () => {
    it("takes its duration from the library's record of the file", async () => {
      const mp3 = files["sample.mp3"]!;
      expect(mp3.durationSec).toBeGreaterThan(0);
      const response = await send("POST", "audios", {
        title: "  约翰福音查经  ",
        speaker: "王弟兄",
        series: "约翰福音",
        audioFileId: mp3.id,
        coverFileId: files["sample.webp"]!.id,
      });
      expect(response.statusCode, response.body).toBe(200);
      const audio = response.json().data;
      expect(audio).toMatchObject({
        title: "约翰福音查经",
        status: "draft",
        durationSec: mp3.durationSec,
        speaker: "王弟兄",
      });

      // Another file: the duration follows it.
      const m4a = files["sample.m4a"]!;
      const changed = (
        await send("PUT", `audios/${audio.id}`, {
          title: audio.title,
          audioFileId: m4a.id,
          version: audio.version,
        })
      ).json().data;
      expect(changed.durationSec).toBe(m4a.durationSec);
      expect(changed.speaker).toBe("王弟兄");
      expect(ids(await list("audios", { speaker: "王弟兄" }))).toEqual([
        audio.id,
      ]);
      expect(ids(await list("audios", { q: "约翰福音" }))).toEqual([audio.id]);
    });

    it("refuses a missing file, a file of another kind and an empty title", async () => {
      const none = await send("POST", "audios", { title: "无文件" });
      expect(none.json().code).toBe(40000);
      expect(none.json().data.errors.audioFileId).toBeDefined();
      const video = await send("POST", "audios", {
        title: "错类型",
        audioFileId: files["sample.mp4"]!.id,
      });
      expect(video.json().data.errors.audioFileId).toBe("请选择音频文件");
      const cover = await send(
        "POST",
        "audios",
        {
          title: "封面错",
          audioFileId: files["sample.mp3"]!.id,
          coverFileId: files["sample.pdf"]!.id,
        },
        "en-US",
      );
      expect(cover.json().data.errors.coverFileId).toBe(
        "Must be an image file",
      );
      const blank = await send("POST", "audios", {
        title: "   ",
        audioFileId: files["sample.mp3"]!.id,
      });
      expect(blank.json().data.errors.title).toBeDefined();
      const long = await send("POST", "audios", {
        title: "长".repeat(201),
        audioFileId: files["sample.mp3"]!.id,
      });
      expect(long.json().code).toBe(40000);
      // Nothing half-written.
      expect(ids(await list("audios", { q: "错类型" }))).toEqual([]);
      expect(ids(await list("audios", { q: "封面错" }))).toEqual([]);
    });

    it("counts its file as used: the library refuses to delete it until the audio goes", async () => {
      const file = await upload("sample.ogg");
      const audio = (
        await send("POST", "audios", { title: "用过的", audioFileId: file.id })
      ).json().data;
      const remove = () =>
        t.request({
          method: "DELETE",
          url: `/tjc/files/${file.id}`,
          token: editor,
        });
      expect((await remove()).json().code).toBe(40900);
      await t.request({
        method: "DELETE",
        url: `/tjc/audios/${audio.id}`,
        token: editor,
      });
      expect((await remove()).json().code).toBe(0);
    });
  });

  describe("video", () => {
    it("takes a file, with its duration, or an external link", async () => {
      const mp4 = files["sample.mp4"]!;
      const fromFile = (
        await send("POST", "videos", { title: "文件", videoFileId: mp4.id })
      ).json().data;
      expect(fromFile).toMatchObject({
        videoFileId: mp4.id,
        videoUrl: null,
        durationSec: mp4.durationSec,
      });
      for (const videoUrl of [
        "https://cdn.example.org/media/sunday.mp4",
        "https://cdn.example.org/live/stream.m3u8?token=1",
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        "https://youtu.be/dQw4w9WgXcQ",
        "https://www.bilibili.com/video/BV1xx411c7mD",
      ]) {
        const response = await send("POST", "videos", {
          title: "链接",
          videoUrl,
        });
        expect(response.statusCode, `${videoUrl}: ${response.body}`).toBe(200);
        expect(response.json().data).toMatchObject({
          videoUrl,
          videoFileId: null,
          durationSec: null,
        });
      }
      expect(ids(await list("videos", { source: "file" }))).toEqual([
        fromFile.id,
      ]);
      expect(ids(await list("videos", { source: "link" }))).toHaveLength(5);
    });

    it("refuses a link that is not https mp4, HLS, YouTube or Bilibili", async () => {
      for (const videoUrl of [
        "http://cdn.example.org/sunday.mp4",
        "https://cdn.example.org/sunday.avi",
        "https://example.org/watch?v=1",
        "https://www.youtube.com/",
        "javascript:alert(1)",
        "https://user:pw@cdn.example.org/a.mp4",
      ]) {
        const response = await send(
          "POST",
          "videos",
          { title: "坏链接", videoUrl },
          "en-US",
        );
        expect(response.json().code, videoUrl).toBe(40000);
        expect(response.json().data.errors.videoUrl).toMatch(/https link/);
      }
    });

    it("needs a file or a link, not both and not neither", async () => {
      const neither = await send("POST", "videos", { title: "空" });
      expect(neither.json().data.errors.videoFileId).toBe(
        "请上传视频文件或填写视频链接",
      );
      const both = await send("POST", "videos", {
        title: "两者",
        videoFileId: files["sample.mp4"]!.id,
        videoUrl: "https://youtu.be/dQw4w9WgXcQ",
      });
      expect(both.json().data.errors.videoUrl).toBe(
        "视频文件和视频链接只能二选一",
      );
      const audio = await send("POST", "videos", {
        title: "音频",
        videoFileId: files["sample.mp3"]!.id,
      });
      expect(audio.json().data.errors.videoFileId).toBe("请选择视频文件");
      expect(ids(await list("videos", { q: "两者" }))).toEqual([]);
    });
  });

  describe("gospel documents", () => {
    it("keeps a document file and its language, and filters by it", async () => {
      const pdf = files["sample.pdf"]!;
      const doc = (
        await send("POST", "gospel-docs", {
          title: "福音单张",
          fileId: pdf.id,
          language: "zh-TW",
          description: "给慕道朋友",
        })
      ).json().data;
      expect(doc).toMatchObject({ fileId: pdf.id, language: "zh-TW" });
      expect(ids(await list("gospel-docs", { language: "zh-TW" }))).toEqual([
        doc.id,
      ]);
      expect((await list("gospel-docs", { language: "fr" })).json().code).toBe(
        40000,
      );
      const audio = await send("POST", "gospel-docs", {
        title: "不是文档",
        fileId: files["sample.mp3"]!.id,
        language: "zh-CN",
      });
      expect(audio.json().data.errors.fileId).toBe("请选择文档文件");
      const noLanguage = await send("POST", "gospel-docs", {
        title: "无语言",
        fileId: pdf.id,
      });
      expect(noLanguage.json().data.errors.language).toBeDefined();
    });

    it("keeps /tjc/docs the API reference", async () => {
      const response = await t.request({ method: "GET", url: "/tjc/docs/" });
      expect(response.statusCode).toBeLessThan(400);
      expect(response.body).not.toContain("福音单张");
    });
  });

  it("moves through the workflow in bulk on every resource, all or none", async () => {
    const audio = (
      await send("POST", "audios", {
        title: "批量",
        audioFileId: files["sample.mp3"]!.id,
      })
    ).json().data;
    const video = (
      await send("POST", "videos", {
        title: "批量",
        videoUrl: "https://youtu.be/abc",
      })
    ).json().data;
    const doc = (
      await send("POST", "gospel-docs", {
        title: "批量",
        fileId: files["sample.pdf"]!.id,
        language: "en-US",
      })
    ).json().data;
    for (const [path, id] of [
      ["audios", audio.id],
      ["videos", video.id],
      ["gospel-docs", doc.id],
    ] as const) {
      const bulk = (action: string) =>
        t.request({
          method: "POST",
          url: `/tjc/${path}/publishing`,
          token: editor,
          payload: { action, ids: [id] },
        });
      expect((await bulk("publish")).json().data.ids, path).toEqual([id]);
      expect(ids(await list(path, { status: "published" }))).toContain(id);
      expect((await bulk("archive")).json().data.ids).toEqual([id]);
      expect((await bulk("publish")).json().code).toBe(40000);
      expect((await bulk("unpublish")).json().data.ids).toEqual([id]);
      expect(ids(await list(path, { status: "draft" }))).toContain(id);
    }
  });

  it("answers a stale version with 40900 and exports CSV", async () => {
    const audio = (
      await send("POST", "audios", {
        title: "版本",
        audioFileId: files["sample.mp3"]!.id,
      })
    ).json().data;
    const put = (title: string) =>
      send("PUT", `audios/${audio.id}`, {
        title,
        audioFileId: files["sample.mp3"]!.id,
        version: 1,
      });
    expect((await put("版本二")).json().code).toBe(0);
    expect((await put("版本三")).json().code).toBe(40900);
    const csv = await t.request({
      method: "GET",
      url: "/tjc/audios/export",
      token: editor,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("版本二");
    expect(csv.body.split("\n")[0]).toContain("时长");
  });
});
