import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_UPLOAD_BYTES } from "../../../common/editor-rules.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import {
  IMAGE_SAMPLES,
  NON_IMAGE_SAMPLES,
} from "../../services/image-samples.js";

function multipart(fileName: string, contentType: string, bytes: Uint8Array) {
  const boundary = `----lampstand${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

describe("POST /tjc/files/images", () => {
  let t: TestApp;
  let editorToken: string;

  beforeAll(async () => {
    t = await buildTestApp();
    editorToken = await t.loginAs("editor");
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (
    token: string | undefined,
    fileName: string,
    contentType: string,
    bytes: Uint8Array,
    language?: string,
  ) =>
    t.request({
      method: "POST",
      url: "/tjc/files/images",
      token,
      language,
      ...multipart(fileName, contentType, bytes),
    });

  it("rejects without a session", async () => {
    const response = await upload(
      undefined,
      "a.png",
      "image/png",
      IMAGE_SAMPLES.png,
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(20107);
  });

  it("rejects without permission", async () => {
    const memberToken = await t.loginAs("member");
    const response = await upload(
      memberToken,
      "a.png",
      "image/png",
      IMAGE_SAMPLES.png,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(40300);
  });

  it.each(
    Object.keys(NON_IMAGE_SAMPLES).filter((name) => name !== "empty") as Array<
      keyof typeof NON_IMAGE_SAMPLES
    >,
  )(
    "refuses %s bytes with 41500, whatever the name and Content-Type say",
    async (sample) => {
      const response = await upload(
        editorToken,
        "photo.png",
        "image/png",
        NON_IMAGE_SAMPLES[sample],
      );
      expect(response.statusCode).toBe(415);
      const body = response.json();
      expect(body.code).toBe(41500);
      expect(body.data.accepted).toEqual([
        "image/png",
        "image/gif",
        "image/jpeg",
        "image/bmp",
        "image/x-icon",
      ]);
    },
  );

  it("refuses an empty file with 41500", async () => {
    const response = await upload(
      editorToken,
      "empty.png",
      "image/png",
      NON_IMAGE_SAMPLES.empty,
    );
    expect(response.json().code).toBe(41500);
  });

  it("localises the refusal", async () => {
    const zh = await upload(
      editorToken,
      "a.png",
      "image/png",
      NON_IMAGE_SAMPLES.svg,
      "zh-CN",
    );
    const en = await upload(
      editorToken,
      "a.png",
      "image/png",
      NON_IMAGE_SAMPLES.svg,
      "en-US",
    );
    expect(zh.json().message).not.toBe(en.json().message);
    expect(zh.json().message).toMatch(/[\u4e00-\u9fff]/);
  });

  it("refuses a file over 10 MB with 41300 and keeps nothing", async () => {
    const big = new Uint8Array(MAX_IMAGE_UPLOAD_BYTES + 1024);
    big.set(IMAGE_SAMPLES.png);
    const response = await upload(editorToken, "big.png", "image/png", big);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe(41300);
    const imagesDir = t.config.dataDir;
    const leftovers = fs.existsSync(imagesDir)
      ? fs
          .readdirSync(imagesDir, { recursive: true })
          .map(String)
          .filter((name) => name.includes(".upload-"))
      : [];
    expect(leftovers).toEqual([]);
  });

  it("refuses a request that is not multipart with 41500", async () => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/files/images",
      token: editorToken,
      payload: { file: "x" },
    });
    expect(response.json().code).toBe(41500);
  });

  it("answers 40000 when no file is sent", async () => {
    const boundary = "----nofile";
    const response = await t.request({
      method: "POST",
      url: "/tjc/files/images",
      token: editorToken,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.json().code).toBe(40000);
    expect(response.json().data.errors.file).toBe("此项为必填项");
  });

  const rawUpload = (contentType: string, payload: string, language?: string) =>
    t.request({
      method: "POST",
      url: "/tjc/files/images",
      token: editorToken,
      language,
      payload,
      headers: { "content-type": contentType },
    });
  const filePart = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;

  it.each([
    ["no boundary", "multipart/form-data", filePart("x")],
    [
      "a boundary over the parser's limit",
      `multipart/form-data; boundary=${"b".repeat(300)}`,
      filePart("b".repeat(300)),
    ],
    [
      "a body that ends before the closing boundary",
      "multipart/form-data; boundary=cut",
      `${filePart("cut")}\x89PNG half a file`,
    ],
  ])("answers 40000, not 500, for %s", async (_case, contentType, body) => {
    const zh = await rawUpload(contentType, body, "zh-CN");
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({
      code: 40000,
      data: { errors: { file: "上传的表单数据格式有误" } },
    });
    const en = await rawUpload(contentType, body, "en-US");
    expect(en.json().data.errors.file).toBe(
      "The uploaded form data is malformed",
    );
  });

  it("accepts the file only under the documented field name", async () => {
    const boundary = "----otherfield";
    const response = await rawUpload(
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${Buffer.from(IMAGE_SAMPLES.png).toString("latin1")}\r\n--${boundary}--\r\n`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors.file).toBe("此项为必填项");
  });

  // Through the media library: kept under /files/library/<yyyy>/<mm>/ with a random name.
  it.each([
    ["png", "image/png", "png"],
    ["gif", "image/gif", "gif"],
    ["jpeg", "image/jpeg", "jpg"],
    ["bmp", "image/bmp", "bmp"],
    ["ico", "image/x-icon", "ico"],
  ] as const)(
    "stores a %s in the media library and serves it",
    async (sample, mime, extension) => {
      // A misleading name and type: the bytes decide.
      const response = await upload(
        editorToken,
        `upload.txt`,
        "application/octet-stream",
        IMAGE_SAMPLES[sample],
      );
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.code).toBe(0);
      const now = new Date();
      const prefix = `/files/library/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/`;
      expect(body.data.url.startsWith(prefix)).toBe(true);
      expect(body.data.url).toMatch(
        new RegExp(`/[0-9a-f]{32}\\.${extension}$`),
      );

      const stored = path.join(
        t.config.dataDir,
        body.data.url.replace(/^\//, ""),
      );
      expect(new Uint8Array(fs.readFileSync(stored))).toEqual(
        new Uint8Array(IMAGE_SAMPLES[sample]),
      );

      const served = await t.request({ method: "GET", url: body.data.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe(mime);
      expect(body.data.file).toMatchObject({ kind: "image", mime });
      expect(served.rawPayload.equals(Buffer.from(IMAGE_SAMPLES[sample]))).toBe(
        true,
      );
    },
  );

  it("answers the same library file for the same bytes", async () => {
    const first = (
      await upload(editorToken, "a.png", "image/png", IMAGE_SAMPLES.png)
    ).json().data;
    const second = (
      await upload(editorToken, "b.png", "image/png", IMAGE_SAMPLES.png)
    ).json().data;
    expect(second.url).toBe(first.url);
    expect(second.file.id).toBe(first.file.id);
  });
});
