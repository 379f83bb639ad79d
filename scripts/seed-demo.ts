// `npm run seed:demo`: loads a bilingual sample set into the configured store (DATA_DIR,
// DATABASE_URL, DATABASE_SCHEMA): tags, sermon series with audio, audio, videos, gospel
// documents, and articles when the server has them, with the small media files of
// fixtures/. Every write goes through the API (in-process), so records, file usages,
// tags and the audit log are exactly what the back office would make. Idempotent: a record
// whose title already exists is left alone, and the library deduplicates the files.
// With SQLite, stop the server first (the data directory is locked while it runs).
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { loadConfig } from "../server/config.js";
import { buildServer } from "../server/server.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const media = (name: string) =>
  fs.readFileSync(path.join(ROOT, "fixtures/media", name));
const demo = (name: string) =>
  fs.readFileSync(path.join(ROOT, "fixtures/demo", name));

/** The sample mp3 with an ID3v1 tag naming it: a distinct, valid recording per title. */
function recording(title: string): Buffer {
  const tag = Buffer.alloc(128);
  tag.write("TAG", 0, "latin1");
  tag.write(title.replace(/[^\x20-\x7e]/g, "").slice(0, 30), 3, "latin1");
  tag.write("Lampstand demo", 33, "latin1");
  tag[127] = 101; // genre: Speech
  return Buffer.concat([media("sample.mp3"), tag]);
}
/** The sample PDF with a comment after %%EOF: a distinct, valid document per title. */
function document(title: string): Buffer {
  return Buffer.concat([
    media("sample.pdf"),
    Buffer.from(`\n% lampstand demo: ${encodeURIComponent(title)}\n`),
  ]);
}

const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const TAGS = [
  { name: "主日崇拜", nameEn: "Sunday service" },
  { name: "查经", nameEn: "Bible study" },
  { name: "福音", nameEn: "Gospel" },
  { name: "诗歌", nameEn: "Hymns" },
  { name: "青年", nameEn: "Youth" },
];

const SERMONS = [
  {
    title: "因信称义",
    preacher: "张约翰",
    series: "罗马书讲解",
    serviceType: "主日崇拜",
    passage: "罗马书 3:21-26",
    summary: "人称义不在乎遵行律法，乃是因着信。",
    tags: ["主日崇拜", "查经"],
    days: 21,
  },
  {
    title: "在基督里的新生命",
    preacher: "张约翰",
    series: "罗马书讲解",
    serviceType: "主日崇拜",
    passage: "罗马书 6:1-11",
    summary: "我们若与基督同死，就信必与他同活。",
    tags: ["主日崇拜"],
    days: 14,
  },
  {
    title: "圣灵的引导",
    preacher: "李以利亚",
    series: "罗马书讲解",
    serviceType: "安息日聚会",
    passage: "罗马书 8:12-17",
    summary: "凡被神的灵引导的，都是神的儿子。",
    tags: ["主日崇拜", "查经"],
    days: 7,
  },
  {
    title: "Walking by the Spirit",
    preacher: "Daniel Chen",
    series: "Life in the Spirit",
    serviceType: "Sabbath service",
    passage: "Galatians 5:16-26",
    summary:
      "Walk by the Spirit, and you will not gratify the desires of the flesh.",
    tags: ["Youth"],
    days: 10,
  },
  {
    title: "The Fruit of the Spirit",
    preacher: "Daniel Chen",
    series: "Life in the Spirit",
    serviceType: "Sabbath service",
    passage: "Galatians 5:22-23",
    summary: "Love, joy, peace, patience, kindness, goodness, faithfulness.",
    tags: ["Youth"],
    days: 3,
  },
  {
    title: "道成了肉身",
    preacher: "王撒母耳",
    series: "约翰福音",
    serviceType: "主日崇拜",
    passage: "约翰福音 1:1-14",
    summary: "道成了肉身，住在我们中间，充充满满地有恩典有真理。",
    tags: ["福音"],
    days: 28,
  },
];

const AUDIOS = [
  {
    title: "诗歌：奇异恩典",
    speaker: "青年诗班",
    series: "诗歌",
    tags: ["诗歌"],
  },
  {
    title: "诗歌：我心灵得安宁",
    speaker: "青年诗班",
    series: "诗歌",
    tags: ["诗歌"],
  },
  {
    title: "见证：从黑暗到光明",
    speaker: "陈弟兄",
    series: "见证",
    tags: ["福音"],
  },
  {
    title: "Testimony: Grace in the Storm",
    speaker: "Sister Ruth",
    series: "Testimonies",
    tags: ["Gospel"],
  },
];

const VIDEOS = [
  { title: "2025 圣灵布道会精华", file: true, tags: ["福音"] },
  { title: "Youth Camp Highlights", file: true, tags: ["Youth"] },
  {
    title: "诗歌：耶稣爱我",
    videoUrl: "https://www.bilibili.com/video/BV1GJ411x7h7",
    tags: ["诗歌"],
  },
  {
    title: "What Must I Do to Be Saved?",
    videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    tags: ["Gospel"],
  },
];

const DOCS = [
  { title: "真耶稣教会基本信仰", language: "zh-CN", tags: ["福音"] },
  { title: "真耶穌教會基本信仰", language: "zh-TW", tags: ["福音"] },
  {
    title: "Basic Beliefs of the True Jesus Church",
    language: "en-US",
    tags: ["Gospel"],
  },
];

const ARTICLES = [
  {
    title: "安息日的意义",
    author: "编辑部",
    category: "真理",
    summary: "安息日是神所赐福、定为圣日的日子。",
  },
  {
    title: "Why We Pray in Tongues",
    author: "Editorial team",
    category: "Doctrine",
    summary: "Praying in the Holy Spirit builds up the believer.",
  },
];

const body = (summary: string) =>
  `<p>${summary}</p><p>This is sample content loaded by <code>npm run seed:demo</code>.</p>`;

class Seeder {
  private tags = new Map<string, number>();
  constructor(
    private app: FastifyInstance,
    private token: string,
  ) {}

  private async call(method: "GET" | "POST", url: string, payload?: object) {
    const response = await this.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${this.token}` },
    });
    const answer = response.json() as {
      code: number;
      data: never;
      message: string;
    };
    if (answer.code !== 0)
      throw new Error(`${method} ${url}: ${answer.code} ${response.body}`);
    return answer.data as Record<string, unknown> & { id: number };
  }

  async upload(name: string, bytes: Buffer): Promise<number> {
    const boundary = `----seed${Date.now().toString(16)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await this.app.inject({
      method: "POST",
      url: "/tjc/files",
      payload,
      headers: {
        authorization: `Bearer ${this.token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
    });
    const answer = response.json();
    if (answer.code !== 0) throw new Error(`upload ${name}: ${response.body}`);
    return answer.data.id as number;
  }

  async tag(name: string): Promise<number> {
    return (
      this.tags.get(name) ??
      this.tags.get(TAGS.find((t) => t.nameEn === name)?.name ?? "")!
    );
  }

  async seedTags(): Promise<void> {
    for (const tag of TAGS) {
      const existing = await this.call(
        "GET",
        `/tjc/tags?filter=${encodeURIComponent(JSON.stringify({ q: tag.name }))}&range=[0,99]`,
      );
      const { list } = existing as unknown as {
        list: { id: number; name: string }[];
      };
      const found = list.find((t) => t.name === tag.name);
      this.tags.set(
        tag.name,
        found ? found.id : (await this.call("POST", "/tjc/tags", tag)).id,
      );
    }
  }

  /** Creates the record unless one with its title exists; answers whether it created. */
  async record(
    path: string,
    table: string,
    values: Record<string, unknown>,
    tags: string[],
  ) {
    const db = this.app.store.db as unknown as {
      selectFrom(t: string): {
        select(c: string): {
          where(
            a: string,
            b: string,
            c: unknown,
          ): { executeTakeFirst(): Promise<unknown> };
        };
      };
    };
    const exists = await db
      .selectFrom(table)
      .select("id")
      .where("title", "=", values.title)
      .executeTakeFirst();
    if (exists) return false;
    const tagIds = await Promise.all(tags.map((t) => this.tag(t)));
    await this.call("POST", `/tjc/${path}`, {
      ...values,
      tagIds,
      status: "published",
    });
    return true;
  }
}

async function main() {
  const config = loadConfig({ ...process.env, JOB_SCHEDULER: "off" });
  const app = await buildServer({ config, logger: false, announce: () => {} });
  await app.ready();
  try {
    const admin = await app.store.db
      .selectFrom("users")
      .innerJoin("userRoles", "userRoles.userId", "users.id")
      .innerJoin("roles", "roles.id", "userRoles.roleId")
      .select("users.id")
      .where("roles.code", "=", "admin")
      .orderBy("users.id")
      .executeTakeFirst();
    if (!admin)
      throw new Error("no administrator: start the server once first");
    const session = await app.sessions.create(admin.id, {
      userAgent: "seed:demo",
    });
    const seeder = new Seeder(app, session.token);
    const created: Record<string, number> = {};
    const count = (key: string, made: boolean) => {
      created[key] = (created[key] ?? 0) + (made ? 1 : 0);
    };
    try {
      await seeder.seedTags();
      const cover = await seeder.upload("cover.png", demo("cover.png"));
      for (const s of SERMONS) {
        const { tags, days, ...fields } = s;
        const audioFileId = await seeder.upload(
          `${s.title}.mp3`,
          recording(s.title),
        );
        count(
          "sermons",
          await seeder.record(
            "sermons",
            "sermons",
            {
              ...fields,
              preachedOn: daysAgo(days),
              audioFileId,
              coverFileId: cover,
              body: body(s.summary),
            },
            tags,
          ),
        );
      }
      for (const a of AUDIOS) {
        const { tags, ...fields } = a;
        const audioFileId = await seeder.upload(
          `${a.title}.mp3`,
          recording(a.title),
        );
        count(
          "audios",
          await seeder.record(
            "audios",
            "audios",
            { ...fields, audioFileId, coverFileId: cover },
            tags,
          ),
        );
      }
      const videoFile = await seeder.upload("demo.mp4", media("sample.mp4"));
      for (const v of VIDEOS) {
        const { tags, file, ...fields } = v;
        count(
          "videos",
          await seeder.record(
            "videos",
            "videos",
            {
              ...fields,
              ...(file ? { videoFileId: videoFile } : {}),
              coverFileId: cover,
            },
            tags,
          ),
        );
      }
      for (const d of DOCS) {
        const { tags, ...fields } = d;
        const fileId = await seeder.upload(`${d.title}.pdf`, document(d.title));
        count(
          "gospelDocs",
          await seeder.record(
            "gospel-docs",
            "gospel_docs",
            { ...fields, fileId, coverFileId: cover },
            tags,
          ),
        );
      }
      // Articles come with their own table; seeded once the server has them.
      if (app.hasRoute({ method: "POST", url: "/tjc/articles" })) {
        for (const a of ARTICLES) {
          count(
            "articles",
            await seeder.record(
              "articles",
              "articles",
              { ...a, body: body(a.summary), coverFileId: cover },
              [],
            ),
          );
        }
      }
    } finally {
      await app.sessions.revoke(session.sessionId);
    }
    process.stdout.write(
      `seed:demo: created ${Object.entries(created)
        .map(([k, v]) => `${v} ${k}`)
        .join(", ")} (records already there were left alone)\n`,
    );
  } finally {
    await app.close();
  }
}

main().catch((error: Error) => {
  process.stderr.write(`seed:demo failed: ${error.message}\n`);
  process.exit(1);
});
