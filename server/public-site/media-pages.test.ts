import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { mediaSample, multipartFile } from "../test/media-samples.js";
import { messages } from "../../public-site/i18n.js";
import { MEDIA_MESSAGES } from "../../public-site/pages/media/messages.js";

/** The audio and video items' public pages (issue 23 item 4; docs/content.md). */
let t: TestApp;
let editor: string;
const ids: Record<string, number> = {};
let mp3: { id: number; url: string };
let mp4: { id: number; url: string };
let image: { id: number; url: string };
const stamp = Date.now();

const get = (url: string, language?: string) =>
  t.request({ method: "GET", url, language });

async function create(path: string, name: string, payload: object) {
  const response = await t.request({
    method: "POST",
    url: `/tjc/${path}`,
    token: editor,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  ids[name] = response.json().data.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.loginAs("editor");
  const upload = async (file: string) =>
    (
      await t.request({
        method: "POST",
        url: "/tjc/files",
        token: editor,
        ...multipartFile(file, mediaSample(file)),
      })
    ).json().data;
  mp3 = await upload("sample.mp3");
  mp4 = await upload("sample.mp4");
  image = await upload("sample.webp");
  const later = new Date(Date.now() + 3_600_000).toISOString();
  await create("audios", "hymn", {
    title: `奇异恩典 ${stamp}`,
    description: "诗班献唱。",
    speaker: `诗班${stamp}`,
    series: `诗歌${stamp}`,
    audioFileId: mp3.id,
    coverFileId: image.id,
    status: "published",
  });
  await create("audios", "testimony", {
    title: `见证 ${stamp}`,
    speaker: `王弟兄${stamp}`,
    audioFileId: mp3.id,
    status: "published",
  });
  await create("audios", "audioDraft", {
    title: `草稿音频 ${stamp}`,
    audioFileId: mp3.id,
  });
  await create("audios", "audioFuture", {
    title: `将来音频 ${stamp}`,
    audioFileId: mp3.id,
    status: "scheduled",
    publishAt: later,
  });
  await create("videos", "file", {
    title: `圣餐礼拜 ${stamp}`,
    description: "录像。",
    videoFileId: mp4.id,
    coverFileId: image.id,
    status: "published",
  });
  await create("videos", "hls", {
    title: `直播回放 ${stamp}`,
    videoUrl: "https://video.example.org/replay/index.m3u8",
    status: "published",
  });
  await create("videos", "link", {
    title: `外部视频 ${stamp}`,
    videoUrl: "https://youtu.be/abc",
    status: "published",
  });
  await create("videos", "videoDraft", {
    title: `草稿视频 ${stamp}`,
    videoUrl: "https://youtu.be/draft",
  });
  await create("videos", "videoArchived", {
    title: `归档视频 ${stamp}`,
    videoUrl: "https://youtu.be/old",
    status: "archived",
  });
});
afterAll(async () => {
  await t.close();
});

const listed = (html: string, path: string, names: string[]) =>
  names.filter((name) => html.includes(`href="${path}${ids[name]}"`));

describe("audio items, /audios and /audios/:id", () => {
  test("lists published items newest first, never a draft or a future one", async () => {
    const response = await get("/audios");
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const at = (name: string) => html.indexOf(`href="/audios/${ids[name]}"`);
    expect(at("testimony")).toBeGreaterThan(0);
    expect(at("testimony")).toBeLessThan(at("hymn"));
    expect(listed(html, "/audios/", ["audioDraft", "audioFuture"])).toEqual([]);
    const form = /<form[^>]*>/.exec(html.slice(html.indexOf("<main")))![0];
    expect(form).toContain('action="/audios"');
    expect(form).toContain('method="get"');
  });

  test("finds by keyword, speaker and series, with the count in both languages", async () => {
    const keyword = (await get(`/audios?q=${encodeURIComponent("献唱")}`)).body;
    expect(listed(keyword, "/audios/", ["hymn", "testimony"])).toEqual([
      "hymn",
    ]);
    expect(keyword).toContain("共 1 个音频");
    expect(keyword).toContain('<meta name="robots" content="noindex" />');
    const english = (
      await get(`/audios?q=${encodeURIComponent("献唱")}`, "en-US")
    ).body;
    expect(english).toContain("1 recording");
    expect(english).not.toContain("1 recordings");
    const speaker = (
      await get(`/audios?speaker=${encodeURIComponent(`王弟兄${stamp}`)}`)
    ).body;
    expect(listed(speaker, "/audios/", ["hymn", "testimony"])).toEqual([
      "testimony",
    ]);
    expect(speaker).toContain(`王弟兄${stamp} 的音频`);
    const series = (
      await get(`/audios?series=${encodeURIComponent(`诗歌${stamp}`)}`, "en-US")
    ).body;
    expect(listed(series, "/audios/", ["hymn", "testimony"])).toEqual(["hymn"]);
    expect(series).toContain(`Series: 诗歌${stamp}`);
  });

  test("an item's page plays in place with speed, links its speaker and series, and describes itself", async () => {
    const response = await get(`/audios/${ids.hymn}`, "en-US");
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(`<h1>奇异恩典 ${stamp}</h1>`);
    expect(html).toMatch(
      new RegExp(`<audio[^>]*preload="none"[^>]*src="${mp3.url}"`),
    );
    expect(html).toContain(
      `href="/audios?speaker=${encodeURIComponent(`诗班${stamp}`)}"`,
    );
    expect(html).toContain(
      `href="/audios?series=${encodeURIComponent(`诗歌${stamp}`)}"`,
    );
    expect(html).toMatch(
      new RegExp(
        `<link rel="canonical" href="http://[^"]+/audios/${ids.hymn}" />`,
      ),
    );
    expect(html).toContain(`<meta property="og:image" content="http://`);
    const ld = JSON.parse(
      /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(
        html,
      )![1]!,
    );
    expect(ld["@type"]).toBe("AudioObject");
    expect(ld.name).toBe(`奇异恩典 ${stamp}`);
    expect(ld.contentUrl).toMatch(/^http:\/\/.+\/files\//);
    expect(ld.author).toEqual({ "@type": "Person", name: `诗班${stamp}` });
  });

  test("a draft, a future item, a bad id and an unknown one are the not-found page, in the reader's language", async () => {
    for (const url of [
      `/audios/${ids.audioDraft}`,
      `/audios/${ids.audioFuture}`,
      "/audios/999999",
      "/audios/abc",
      "/audios/1e3",
    ]) {
      const response = await get(url, "en-US");
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain(
        "This recording does not exist or is not published.",
      );
      expect(response.body, url).toContain('href="/audios"');
    }
    const chinese = await get(`/audios/${ids.audioDraft}`);
    expect(chinese.body).toContain("这个音频不存在，或尚未发布。");
  });

  test("bad list parameters read as none, never an error", async () => {
    for (const query of [
      "page=-1",
      "page=abc",
      `q=${"长".repeat(500)}`,
      "speaker=a&speaker=b",
      "page=99999999999",
    ]) {
      const response = await get(`/audios?${query}`);
      expect(response.statusCode, query).toBe(200);
    }
  });
});

describe("video items, /videos and /videos/:id", () => {
  test("lists published items, never a draft or an archived one", async () => {
    const html = (await get("/videos")).body;
    expect(listed(html, "/videos/", ["file", "hls", "link"])).toEqual([
      "file",
      "hls",
      "link",
    ]);
    expect(listed(html, "/videos/", ["videoDraft", "videoArchived"])).toEqual(
      [],
    );
    const keyword = (await get(`/videos?q=${encodeURIComponent("圣餐")}`)).body;
    expect(listed(keyword, "/videos/", ["file", "hls", "link"])).toEqual([
      "file",
    ]);
    expect(keyword).toContain("共 1 个视频");
  });

  test("a file plays in <video>, an HLS replay behind a button with its link, any other link as a link", async () => {
    const file = (await get(`/videos/${ids.file}`)).body;
    expect(file).toMatch(
      new RegExp(`<video[^>]*preload="none"[^>]*src="${mp4.url}"`),
    );
    const fileLd = JSON.parse(
      /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(
        file,
      )![1]!,
    );
    expect(fileLd["@type"]).toBe("VideoObject");
    expect(fileLd.contentUrl).toMatch(/\/files\//);
    expect(fileLd.thumbnailUrl).toMatch(/^http:\/\//);
    const hls = (await get(`/videos/${ids.hls}`)).body;
    expect(hls).toContain('href="https://video.example.org/replay/index.m3u8"');
    const link = (await get(`/videos/${ids.link}`, "en-US")).body;
    expect(link).toContain('href="https://youtu.be/abc"');
    expect(link).not.toContain("<video");
    expect(link).toContain("Watch the video in a new window");
  });

  test("an item published a moment after the list was shown is on the next showing (no stale cached page)", async () => {
    const before = (await get("/videos")).body;
    await create("videos", "fresh", {
      title: `刚发布 ${stamp}`,
      videoUrl: "https://youtu.be/fresh",
      status: "published",
    });
    expect(listed(before, "/videos/", ["fresh"])).toEqual([]);
    expect(listed((await get("/videos")).body, "/videos/", ["fresh"])).toEqual([
      "fresh",
    ]);
    // A refused write and a public one leave the cache alone; only what went through
    // and can change a page clears it.
    const { changesPages } = await import("../plugins/web.js");
    expect(changesPages("/tjc/videos")).toBe(true);
    expect(changesPages("/tjc/public/behavior")).toBe(false);
    expect(changesPages("/tjc/auth/login")).toBe(false);
    expect(changesPages("/ask")).toBe(false);
  });

  test("a draft or archived item is the not-found page", async () => {
    for (const name of ["videoDraft", "videoArchived"]) {
      const response = await get(`/videos/${ids[name]}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.body).toContain("这个视频不存在，或尚未发布。");
    }
  });
});

describe("one site", () => {
  test("the header links audio and video in both languages", async () => {
    for (const [language, audio, video] of [
      ["zh-CN", "音频", "视频"],
      ["en-US", "Audio", "Videos"],
    ] as const) {
      const html = (await get("/ask", language)).body;
      const nav = /<nav[^>]*class="site-nav"[^>]*>([\s\S]*?)<\/nav>/.exec(
        html,
      )![1]!;
      expect(nav).toMatch(new RegExp(`href="/audios"[^>]*>${audio}</a>`));
      expect(nav).toMatch(new RegExp(`href="/videos"[^>]*>${video}</a>`));
      const page = (await get(`/audios/${ids.hymn}`, language)).body;
      expect(page).toMatch(/href="\/audios" class="active"/);
    }
  });

  test("the sitemap lists the published items only, and the podcast links an audio item to its page", async () => {
    const xml = (await get("/sitemap.xml")).body;
    const has = (path: string) => xml.includes(`${path}</loc>`);
    for (const name of ["hymn", "testimony"])
      expect(has(`/audios/${ids[name]}`), name).toBe(true);
    for (const name of ["audioDraft", "audioFuture"])
      expect(has(`/audios/${ids[name]}`), name).toBe(false);
    for (const name of ["file", "hls", "link"])
      expect(has(`/videos/${ids[name]}`), name).toBe(true);
    for (const name of ["videoDraft", "videoArchived"])
      expect(has(`/videos/${ids[name]}`), name).toBe(false);
    for (const path of ["/audios", "/videos"])
      expect(has(path), path).toBe(true);
    const feed = (await get("/tjc/public/podcast.xml")).body;
    expect(feed).toMatch(new RegExp(`/audios/${ids.hymn}</link>`));
    expect(feed).not.toContain(`/tjc/public/audios/${ids.hymn}<`);
  });

  test("no audio or video page holds /admin/", async () => {
    for (const language of ["zh-CN", "en-US"])
      for (const url of [
        "/audios",
        `/audios/${ids.hymn}`,
        `/audios/${ids.audioDraft}`,
        "/videos",
        `/videos/${ids.file}`,
        `/videos/${ids.link}`,
      ]) {
        const response = await get(url, language);
        expect(response.statusCode, url).toBeLessThan(500);
        expect(response.body, url).not.toContain("/admin/");
      }
  });
});

test("the media messages exist in both languages with the same placeholders", () => {
  const zh: Record<string, string> = MEDIA_MESSAGES["zh-CN"];
  const en: Record<string, string> = MEDIA_MESSAGES["en-US"];
  expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  const placeholders = (text: string) =>
    [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]))].sort();
  for (const key of Object.keys(zh)) {
    expect(placeholders(en[key]!), key).toEqual(placeholders(zh[key]!));
    expect(messages["zh-CN"][key], key).toBe(zh[key]);
    expect(messages["en-US"][key], key).toBe(en[key]);
  }
});
