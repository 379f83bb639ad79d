/**
 * The 100,000-sermon store the sermon benches share (bench/sermons.ts, the list against
 * raw SQL; bench/public-content.ts, the public sermon pages): tags, preachers, series,
 * passages and a keyword (撒种) in about 1% of the titles, written as the workflow writes
 * them, then the word index built as the first start would.
 */
import { sql, type Insertable, type RawBuilder } from "kysely";
import type { Store } from "../server/db/store.js";
import type { Database } from "../server/db/schema.js";
import { ensureIndexBuilt } from "../server/db/index-build.js";
import { pinyinSortKey } from "../server/resources/sort-keys.js";
import { sermonResource } from "../server/routes/sermons/index.js";
import { mulberry32 } from "./seed.js";

export const KEYWORD = "撒种";
export const FILTERED_TAG = "青年";

/** The tags: [name, English name, share of sermons carrying it]. */
const TAGS: [string, string, number][] = [
  ["主日信息", "Sabbath message", 0.6],
  [FILTERED_TAG, "Youth", 0.02],
  ["信心", "Faith", 0.08],
  ["祷告", "Prayer", 0.08],
  ["圣灵", "Holy Spirit", 0.06],
  ["家庭", "Family", 0.05],
  ["福音", "Gospel", 0.05],
  ["见证", "Testimony", 0.04],
  ["洗礼", "Baptism", 0.03],
  ["圣餐", "Holy Communion", 0.03],
  ["洗脚礼", "Footwashing", 0.01],
  ["安息日", "Sabbath", 0.04],
  ["末世", "End times", 0.03],
  ["先知书", "Prophets", 0.03],
  ["保罗书信", "Pauline epistles", 0.04],
  ["诗篇", "Psalms", 0.03],
  ["灵恩会", "Spiritual convocation", 0.02],
  ["布道会", "Evangelical service", 0.02],
];
const PREACHERS = [
  "陈以撒传道",
  "林约翰长老",
  "黄提摩太传道",
  "张路加执事",
  "王彼得传道",
  "李雅各长老",
  "刘腓力传道",
  "吴司提反执事",
  "Pastor David Lee",
  "Elder Samuel Chen",
  "Preacher Joshua Wu",
  "Deacon Timothy Lin",
];
const SERIES = [
  "罗马书查经",
  "约翰福音系列",
  "登山宝训",
  "以弗所书",
  "创世记讲座",
  "The Gospel of Mark",
  "Faith and Works",
  "真教会的基本信仰",
  null,
];
const SERVICES = ["安息日崇拜", "周三晚间聚会", "周五晚间聚会", "灵恩会"];
const TOPICS = [
  "因信称义",
  "活水的江河",
  "好撒玛利亚人",
  "浪子回头",
  "葡萄树和枝子",
  "真理使你们得以自由",
  "在基督里合而为一",
  "圣灵所结的果子",
  "The Lord Is My Shepherd",
  "Walking in the Spirit",
  "Living Water",
  "The Narrow Gate",
];
const PASSAGES = [
  "罗马书 3:21-26",
  "约翰福音 7:37-39",
  "路加福音 10:25-37",
  "路加福音 15:11-32",
  "约翰福音 15:1-8",
  "约翰福音 8:31-36",
  "以弗所书 4:1-6",
  "加拉太书 5:22-23",
  "Psalm 23:1-6",
  "Galatians 5:16-26",
  "John 4:7-14",
  "Matthew 7:13-14",
];
export const SENTENCES = [
  "我们要常常喜乐，不住地祷告，凡事谢恩。",
  "神爱世人，甚至将他的独生子赐给他们。",
  "你们要先求他的国和他的义，这些东西都要加给你们了。",
  "信就是所望之事的实底，是未见之事的确据。",
  "弟兄姊妹在安息日聚会，一同敬拜赞美，查考圣经。",
  "The Lord is my shepherd; I shall not want.",
  "Grace and peace to you from God our Father.",
];

export interface Seeded {
  ms: number;
  indexMs: number;
  tagId: number;
  /** Sermons carrying the filtered tag, and those of them with the keyword. */
  tagged: number;
  taggedWithKeyword: number;
  withKeyword: number;
}

export async function seed(store: Store, ROWS: number): Promise<Seeded> {
  const started = performance.now();
  const stamp = "2026-01-01T00:00:00.000Z";
  const tagIds: number[] = [];
  for (const [i, [name, nameEn]] of TAGS.entries()) {
    const row = await store.db
      .insertInto("tags")
      .values({
        name,
        namePinyin: await pinyinSortKey(name),
        nameEn,
        sortOrder: i,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    tagIds.push(Number(row.id));
  }
  const random = mulberry32(11);
  const pick = <T>(list: readonly T[]) =>
    list[Math.floor(random() * list.length)]!;
  const keys = new Map<string, string>();
  const counts = { tagged: 0, taggedWithKeyword: 0, withKeyword: 0 };
  // Four sermons a day (several churches), the newest today-ish: many share a day.
  const firstDay = Date.parse("1960-01-02T00:00:00.000Z");
  let sermons: Insertable<Database["sermons"]>[] = [];
  let links: { resource: string; recordId: number; tagId: number }[] = [];
  const flush = async () => {
    const [rows, tagRows] = [sermons, links];
    sermons = [];
    links = [];
    await store.transaction(async (trx) => {
      await trx.insertInto("sermons").values(rows).execute();
      await trx.insertInto("contentTags").values(tagRows).execute();
    });
  };
  for (let i = 0; i < ROWS; i++) {
    const id = i + 1;
    const keyword = i % 100 === 7;
    const number = Math.floor(i / 12) + 1;
    const title = keyword
      ? `${KEYWORD}的比喻（${number}）`
      : `${pick(TOPICS)}（${number}）`;
    const base = title.replace(/（\d+）$/, "");
    if (!keys.has(base)) keys.set(base, await pinyinSortKey(base));
    const tags = TAGS.flatMap(([, , share], t) =>
      random() < share ? [tagIds[t]!] : [],
    );
    const hasTag = tags.includes(tagIds[1]!);
    if (hasTag) counts.tagged++;
    if (keyword) counts.withKeyword++;
    if (keyword && hasTag) counts.taggedWithKeyword++;
    const roll = random();
    const status =
      roll < 0.9
        ? "published"
        : roll < 0.95
          ? "draft"
          : roll < 0.98
            ? "scheduled"
            : "archived";
    const day = new Date(firstDay + Math.floor(i / 4) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const created = `${day}T10:00:00.000Z`;
    sermons.push({
      id,
      title,
      // The key the machinery writes, with the number's digits as they are.
      titlePinyin: `${keys.get(base)} ${number}`,
      preacher: pick(PREACHERS),
      series: pick(SERIES),
      serviceType: pick(SERVICES),
      preachedOn: day,
      passage: pick(PASSAGES),
      summary: pick(SENTENCES),
      body: `<p>${pick(SENTENCES)}</p><p>${pick(SENTENCES)}</p>`,
      status,
      // A scheduled sermon here has come due: it reads as published.
      publishAt: status === "scheduled" ? created : null,
      publishedAt: status === "published" ? created : null,
      tagIds: JSON.stringify(tags),
      views: Math.floor(random() * 500),
      createdAt: created,
      updatedAt: created,
    });
    for (const tagId of tags)
      links.push({ resource: "sermons", recordId: id, tagId });
    if (sermons.length === 500) await flush();
  }
  if (sermons.length > 0) await flush();
  if (store.kind === "postgres")
    await sql`select setval(pg_get_serial_sequence('sermons', 'id'), ${ROWS})`.execute(
      store.db,
    );
  const indexStart = performance.now();
  await ensureIndexBuilt(store.db, store.kind, sermonResource.search);
  const indexMs = performance.now() - indexStart;
  // What autovacuum soon does on PostgreSQL; the server never runs ANALYZE on SQLite.
  if (store.kind === "postgres") await sql`VACUUM ANALYZE`.execute(store.db);
  return {
    ms: performance.now() - started,
    indexMs,
    tagId: tagIds[1]!,
    ...counts,
  };
}

/** What a store kept by SERMON_KEEP holds (SERMON_STORE runs on it again). */
export async function countSeeded(store: Store): Promise<Seeded> {
  const count = async (query: RawBuilder<{ n: number }>) =>
    Number((await query.execute(store.db)).rows[0]!.n);
  const tagId = await count(
    sql`select id as n from tags where name = ${FILTERED_TAG}`,
  );
  const tagged = sql`id in (select record_id from content_tags where resource = 'sermons' and tag_id = ${tagId})`;
  const like = `%${KEYWORD}%`;
  return {
    ms: 0,
    indexMs: 0,
    tagId,
    tagged: await count(sql`select count(*) as n from sermons where ${tagged}`),
    taggedWithKeyword: await count(
      sql`select count(*) as n from sermons where ${tagged} and title like ${like}`,
    ),
    withKeyword: await count(
      sql`select count(*) as n from sermons where title like ${like}`,
    ),
  };
}
