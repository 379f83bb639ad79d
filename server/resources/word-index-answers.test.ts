import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "kysely";
import { buildTestApp, okData, type TestApp } from "../test/helper.js";
import { ensureIndexBuilt } from "../db/index-build.js";
import { isIndexReady } from "../db/index-ready.js";
import { sermonResource } from "../routes/sermons/index.js";
import { tagResource } from "../routes/tags/index.js";
// A fixed seed, so every run (and both stores) writes the same corpus.
import { mulberry32 } from "../../bench/seed.js";

/**
 * The word index's answers on a seeded corpus, pinned (docs/search.md). The index's
 * storage is being rewritten; whatever it becomes, a keyword must find the same rows, in
 * the same order, with the same total. The answers were recorded once with the old
 * storage into word-index-answers.json; this test compares every answer with them, first
 * as the write path left the index (inserts, updates, deletes, and deletes that bypass the
 * machinery, which a trigger unindexes), then after a full rebuild of the same rows.
 *
 * `RECORD_WORD_INDEX_ANSWERS=1` writes the fixture instead of reading it: only ever from
 * a storage whose answers are trusted. Runs on PostgreSQL too with TEST_DATABASE_URL, and
 * both stores must give the recorded answers.
 */
const FIXTURE = fileURLToPath(
  new URL("./word-index-answers.json", import.meta.url),
);
const RECORD = process.env.RECORD_WORD_INDEX_ANSWERS === "1";
const SEED = 16;

// Chinese sentences: simplified and traditional (the fold), words holding words (祷告会,
// 福音书), numbers and verse references in text (3:16, 21, 约翰福音3章16节, 罗8:28), and a
// few that repeat a word, since term frequency drives the relevance order.
const CHINESE = [
  "我们要常常喜乐，不住地祷告，凡事谢恩。",
  "應當一無掛慮，只要凡事藉著禱告、祈求和感謝。",
  "周三晚上的祷告会，弟兄姊妹同心祷告，祷告必蒙垂听。",
  "神爱世人，甚至将他的独生子赐给他们，见约翰福音3章16节。",
  "我们晓得万事都互相效力，叫爱神的人得益处（罗8:28）。",
  "撒种的出去撒种，有落在路旁的，有落在土浅石头地上的。",
  "四福音书记载了耶稣的生平，福音书是新约的开始。",
  "你们得救是本乎恩，也因着信，这并不是出于自己。",
  "恩典与平安归与你们，恩典，恩典，再恩典。",
  "约翰福音3:16是全本圣经的中心。",
  "第21章记载复活的主在海边向门徒显现。",
  "安息日是圣日，我们在安息日聚会敬拜。",
  "耶穌說：我就是道路、真理、生命。",
  "聖靈的果子就是仁愛、喜樂、和平、忍耐。",
  "信心是所望之事的实底，是未见之事的确据。",
  "诗篇23篇说耶和华是我的牧者，我必不至缺乏。",
  "浸礼要在活水中施行，面向下全身浸入水中。",
  "洗脚礼表明彼此相爱、谦卑服事。",
  "圣餐礼纪念主的死，直等到他来。",
  "那日约有3000人受浸，十二个门徒同心祷告。",
  "种子就是神的道，好土结实有三十倍、六十倍、一百倍的。",
  "我们为病人祷告，也为教会的复兴祷告。",
  "福音传遍天下，万民都要听见福音。",
  "罗马书8章28节说万事互相效力。",
  "在主里要常常喜乐，我再说，你们要喜乐。",
  "主日下午有圣经课和青年团契，共21人参加。",
  "禱告會在週三晚上，請弟兄姊妹準時參加。",
];

// English sentences: stemming makes grace/graces and prayer/praying/prayers meet.
const ENGLISH = [
  "Grace and peace to you from God our Father.",
  "By grace you have been saved through faith; His graces abound.",
  "Prayer changes things; keep praying without ceasing.",
  "The prayers of the saints rise like incense.",
  "Praying together, we prayed for grace and for graces.",
  "John 3:16 says God so loved the world.",
  "Romans 8:28: all things work together for good.",
  "The sower went out to sow his seed.",
];

const TITLES = [
  "因信称义",
  "祷告的力量",
  "禱告的能力",
  "恩典够用",
  "Grace upon grace",
  "撒种的比喻",
  "福音书导读",
  "祷告会分享",
  "安息日的祝福",
  "第21课",
  "约翰福音3:16",
  "Prayer and praying",
  "喜乐的心",
  "聖靈的果子",
];
const PREACHERS = ["张弟兄", "李姊妹", "王传道", "陈长老", null];
const SERIES = ["罗马书查经", "福音书系列", "祷告生活", null];
const PASSAGES = [
  "约翰福音 3:16",
  "罗马书 8:28",
  "诗篇 23",
  "约翰福音 3:1-21",
  "John 3:16",
  "马太福音 13:3-9",
  null,
  null,
];

// Tag names are unique: one or two of these, drawn until unused.
const TAG_WORDS = [
  "祷告",
  "祷告会",
  "禱告",
  "恩典",
  "福音",
  "福音书",
  "撒种",
  "安息日",
  "圣灵",
  "聖靈",
  "浸礼",
  "洗脚礼",
  "圣餐",
  "诗篇",
  "罗马书",
  "约翰福音",
  "青年",
  "诗歌",
  "见证",
  "主日",
  "3:16",
  "21",
  "罗8:28",
  "喜乐",
];
const TAG_ENGLISH = [
  "grace",
  "graces",
  "prayer",
  "praying",
  "prayers",
  "gospel",
  "gospels",
  "youth",
  "Sabbath",
  "grace and prayer",
  // Repeated words, so the tags' relevance order is more than their ids.
  "grace upon grace",
  "prayer, prayers and praying",
  null,
];
/** Sermons carry tags among the first few, so the tag filter meets the keyword. */
const SERMON_TAGS = 6;

let t: TestApp;
let editor: string;
const random = mulberry32(SEED);
const pick = <T>(items: readonly T[]) =>
  items[Math.floor(random() * items.length)]!;
const sentences = (count: number) =>
  Array.from({ length: count }, () =>
    random() < 0.75 ? pick(CHINESE) : pick(ENGLISH),
  );
/** The rows' ids in the order they were created: answers name rows by that position. */
const created = { sermons: [] as number[], tags: [] as number[] };

const call = (method: string, url: string, payload?: object) =>
  okData(t, editor, method, url, payload);

/** A sermon's drawn text: what creating and updating it write. */
function sermonText() {
  const body = sentences(2 + Math.floor(random() * 4))
    .map((sentence) => `<p>${sentence}</p>`)
    .join("");
  return {
    title: pick(TITLES),
    summary:
      random() < 0.8 ? sentences(1 + Math.floor(random() * 2)).join("") : null,
    body,
  };
}

async function seedTags(count: number) {
  const used = new Set<string>();
  for (let i = 0; i < count; i++) {
    let name = "";
    while (!name || used.has(name))
      name = pick(TAG_WORDS) + (random() < 0.5 ? pick(TAG_WORDS) : "");
    used.add(name);
    const tag = await call("POST", "/tjc/tags", {
      name,
      nameEn: pick(TAG_ENGLISH),
    });
    created.tags.push(tag.id as number);
  }
}

async function seedSermons(count: number) {
  for (let i = 0; i < count; i++) {
    const tagIds = created.tags
      .slice(0, SERMON_TAGS)
      .filter(() => random() < 0.3);
    // About forty days: many sermons share one, so the id breaks the default order's ties.
    const day = new Date(Date.UTC(2025, 2, 1 + Math.floor(random() * 40)));
    const sermon = await call("POST", "/tjc/sermons", {
      ...sermonText(),
      preacher: pick(PREACHERS),
      series: pick(SERIES),
      passage: pick(PASSAGES),
      preachedOn: day.toISOString().slice(0, 10),
      tagIds,
    });
    created.sermons.push(sermon.id as number);
  }
}

/** Positions 0..n-1 in a drawn order, to choose which rows to change. */
function shuffled(n: number) {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * Changes a little through every path that touches the index: updates (the whole record
 * and its version, as the admin's form sends it), deletes through the API, and deletes
 * straight in SQL that only the delete trigger unindexes. Some updated rows are deleted.
 */
async function mutate() {
  const order = shuffled(created.sermons.length);
  for (const i of order.slice(0, 15)) {
    const id = created.sermons[i]!;
    const record = await call("GET", `/tjc/sermons/${id}`);
    // The record's other fields as read, its text (title, summary, body) drawn anew.
    await call("PUT", `/tjc/sermons/${id}`, {
      preacher: record.preacher,
      series: record.series,
      passage: record.passage,
      preachedOn: record.preachedOn,
      tagIds: record.tagIds,
      ...sermonText(),
      version: record.version,
    });
  }
  // Positions 12-14 were updated, then deleted; 11 is updated, then deleted in SQL.
  for (const i of order.slice(12, 22))
    await call("DELETE", `/tjc/sermons/${created.sermons[i]}`);
  const raw = [order[11]!, ...order.slice(22, 26)].map(
    (i) => created.sermons[i]!,
  );
  await sql`delete from sermons where id in (${sql.join(raw)})`.execute(
    t.app.store.db,
  );

  // The tags' index through its own updates and deletes, none of a sermon's tags.
  const tagOrder = shuffled(created.tags.length).filter(
    (i) => i >= SERMON_TAGS,
  );
  for (const i of tagOrder.slice(0, 3)) {
    const id = created.tags[i]!;
    const record = await call("GET", `/tjc/tags/${id}`);
    await call("PUT", `/tjc/tags/${id}`, {
      name: `${record.name}${pick(TAG_WORDS)}`,
      nameEn: pick(TAG_ENGLISH),
      version: record.version,
    });
  }
  await call("DELETE", `/tjc/tags/${created.tags[tagOrder[3]!]}`);
  await sql`delete from tags where id = ${created.tags[tagOrder[4]!]!}`.execute(
    t.app.store.db,
  );
}

/**
 * One recorded question. `tag` is a tag's creation position (its id differs between
 * stores), `sort` null is the resource's default order.
 */
interface Query {
  resource: "sermons" | "tags";
  q?: string;
  sort: [string, "ASC" | "DESC"] | null;
  tag?: number;
  passage?: string;
}
interface Answer extends Query {
  total: number;
  /** The first page's rows ([0,49]), by creation position. */
  rows: number[];
}

const RELEVANCE: Query["sort"] = ["relevance", "DESC"];

// One- and two-character words, traditional script, English stems, numbers and prefixes,
// verse references, several words, words that are no term (the substring fallback: inside
// a word, across words) and words found nowhere.
const SERMON_KEYWORDS = [
  "祷告",
  "禱告",
  "祷告会",
  "祷",
  "恩",
  "恩典",
  "福音",
  "福音书",
  "撒种",
  "喜乐",
  "主",
  "grace",
  "graces",
  "prayer",
  "praying",
  "3",
  "2",
  "21",
  "3:16",
  "约翰福音3章16节",
  "罗8:28",
  "祷告 恩典",
  "grace 祷告",
  "race",
  "凡事谢",
  "xyzzy",
  "浸礼 graces",
];
const TAG_KEYWORDS = [
  "祷告",
  "禱告",
  "福音",
  "音",
  "grace",
  "prayer",
  "21",
  "3:16",
  "race",
  "xyzzy",
];

/** Every question, in the fixture's order. */
function queries(): Query[] {
  const both = (query: Omit<Query, "sort">): Query[] => [
    { ...query, sort: RELEVANCE },
    { ...query, sort: null },
  ];
  return [
    { resource: "sermons", sort: null },
    { resource: "tags", sort: null },
    ...SERMON_KEYWORDS.flatMap((q) => both({ resource: "sermons", q })),
    ...both({ resource: "sermons", q: "祷告", tag: 0 }),
    ...both({ resource: "sermons", q: "grace", tag: 1 }),
    ...both({ resource: "sermons", q: "福音", tag: 2 }),
    ...both({ resource: "sermons", q: "福音", passage: "约翰福音 3:16" }),
    ...both({ resource: "sermons", q: "grace", passage: "罗马书 8:28" }),
    ...both({ resource: "sermons", q: "祷告", passage: "约翰福音 3:16" }),
    // Other sort fields with a keyword: SQLite's walk-or-lookup plan (keywordPlan).
    { resource: "sermons", q: "祷告", sort: ["title", "ASC"] },
    { resource: "sermons", q: "grace", sort: ["preachedOn", "ASC"] },
    ...TAG_KEYWORDS.flatMap((q) => both({ resource: "tags", q })),
    { resource: "tags", q: "祷告", sort: ["name", "ASC"] },
  ];
}

async function ask(query: Query): Promise<Answer> {
  const ids = created[query.resource];
  const filter = {
    ...(query.q === undefined ? {} : { q: query.q }),
    ...(query.tag === undefined ? {} : { tagId: created.tags[query.tag] }),
    ...(query.passage === undefined ? {} : { passage: query.passage }),
  };
  const params = new URLSearchParams({
    filter: JSON.stringify(filter),
    range: "[0,49]",
  });
  if (query.sort) params.set("sort", JSON.stringify(query.sort));
  const data = (await call("GET", `/tjc/${query.resource}?${params}`)) as {
    list: { id: number }[];
    total: number;
  };
  // A row the corpus never created would be -1: a difference the comparison shows.
  const rows = data.list.map((row) => ids.indexOf(row.id));
  return { ...query, total: data.total, rows };
}

/** Every answer, once both tables' indexes answer (not the substring search of a build). */
async function answers(): Promise<Answer[]> {
  expect(isIndexReady(t.app.store.db, "sermons")).toBe(true);
  expect(isIndexReady(t.app.store.db, "tags")).toBe(true);
  const all: Answer[] = [];
  for (const query of queries()) all.push(await ask(query));
  return all;
}

/** Each answer against its recorded one, all of them reported, not just the first. */
function compare(actual: Answer[], recorded: Answer[]) {
  // A changed list of queries needs a new recording, from the old storage.
  expect(
    actual.map(({ total: _t, rows: _r, ...query }) => query),
    "the recorded queries",
  ).toEqual(recorded.map(({ total: _t, rows: _r, ...query }) => query));
  actual.forEach((answer, i) =>
    expect.soft(answer, JSON.stringify(queries()[i])).toEqual(recorded[i]),
  );
}

async function writeFixture(recorded: Answer[]) {
  // Written as prettier formats it, so a new recording needs no formatting pass.
  const prettier = await import("prettier");
  const text = JSON.stringify({ seed: SEED, answers: recorded });
  const options = (await prettier.resolveConfig(FIXTURE)) ?? {};
  fs.writeFileSync(
    FIXTURE,
    await prettier.format(text, { ...options, parser: "json" }),
  );
}

/** The answers to compare with: the fixture's, or those this run records. */
let recorded: Answer[] | undefined;

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.loginAs("editor");
  await seedTags(60);
  await seedSermons(150);
  await mutate();
  if (!RECORD) {
    const fixture = JSON.parse(fs.readFileSync(FIXTURE, "utf8")) as {
      seed: number;
      answers: Answer[];
    };
    // Another seed writes another corpus: its answers would all differ, for no fault.
    expect(fixture.seed, "the fixture's seed").toBe(SEED);
    recorded = fixture.answers;
  }
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe("the word index's recorded answers", () => {
  test("as the writes left the index", async () => {
    const actual = await answers();
    if (RECORD) {
      recorded = actual;
      await writeFixture(actual);
    } else compare(actual, recorded!);
  });

  test("after a full rebuild of the same rows", async () => {
    if (!recorded) throw new Error("record the answers first (test above)");
    // Forgetting the built fields is what a new TERMS_VERSION does: the next ensure
    // clears the table's index and builds it again from its rows.
    for (const resource of [sermonResource, tagResource]) {
      await sql`delete from search_state where tbl = ${resource.search.table}`.execute(
        t.app.store.db,
      );
      const built = await ensureIndexBuilt(
        t.app.store.db,
        t.app.store.kind,
        resource.search,
      );
      expect(built, resource.search.table).toBeGreaterThan(0);
    }
    compare(await answers(), recorded);
  });
});
