import type { Store } from "../server/db/store.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { ensureIndexBuilt } from "../server/db/index-build.js";
import { pinyinSortKey } from "../server/resources/sort-keys.js";
import { tagResource } from "../server/routes/tags/index.js";
import { seedDatabase } from "../server/services/seed.js";

/**
 * Realistic tag names for the benchmark: a few Chinese words run together (the way tags
 * are written) and their English gloss, each made unique by a number. Two keywords are
 * planted at known rates, both of 3+ characters so the trigram index applies:
 * RARE_KEYWORD in about 1% of the Chinese names, COMMON_KEYWORD in about 40% of the
 * English names. No other word contains either, so a match means a planted row.
 */
export const RARE_KEYWORD = "启示录";
export const COMMON_KEYWORD = "grace";

const WORDS: [zh: string, en: string][] = [
  ["信心", "Faith"],
  ["盼望", "Hope"],
  ["爱心", "Love"],
  ["祷告", "Prayer"],
  ["敬拜", "Worship"],
  ["赞美", "Praise"],
  ["圣经", "Bible"],
  ["查经", "Study"],
  ["团契", "Fellowship"],
  ["青年", "Youth"],
  ["儿童", "Children"],
  ["安息日", "Sabbath"],
  ["诗歌", "Hymns"],
  ["见证", "Testimony"],
  ["福音", "Gospel"],
  ["宣道", "Mission"],
  ["牧养", "Pastoral"],
  ["属灵", "Spiritual"],
  ["成长", "Growth"],
  ["家庭", "Family"],
  ["婚姻", "Marriage"],
  ["教会", "Church"],
  ["历史", "History"],
  ["先知", "Prophets"],
  ["使徒", "Apostles"],
  ["圣灵", "Spirit"],
  ["洗礼", "Baptism"],
  ["圣餐", "Communion"],
  ["悔改", "Repentance"],
  ["救恩", "Salvation"],
  ["复活", "Resurrection"],
  ["十字架", "Cross"],
  ["天国", "Kingdom"],
  ["永生", "Eternal"],
  ["真理", "Truth"],
  ["智慧", "Wisdom"],
  ["平安", "Peace"],
  ["喜乐", "Joy"],
  ["忍耐", "Patience"],
  ["谦卑", "Humility"],
  ["顺服", "Obedience"],
  ["感恩", "Thanksgiving"],
  ["讲道", "Sermon"],
  ["诗班", "Choir"],
  ["探访", "Visitation"],
  ["关怀", "Care"],
  ["医治", "Healing"],
  ["神迹", "Miracles"],
  ["创世记", "Genesis"],
  ["出埃及记", "Exodus"],
  ["诗篇", "Psalms"],
  ["箴言", "Proverbs"],
  ["福音书", "Gospels"],
  ["书信", "Epistles"],
  ["事工", "Ministry"],
  ["同工", "Coworkers"],
  ["退修会", "Retreat"],
  ["夏令营", "Summer Camp"],
  ["奉献", "Offering"],
  ["传道", "Preaching"],
];

/** A small deterministic generator, so every run seeds the same rows. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface TagSeedRow {
  name: string;
  /** The key the list machinery writes for `name` (server/resources/sort-keys.ts). */
  namePinyin?: string;
  nameEn: string | null;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
}

/** Row `i` (0-based) of the seeded table. */
export function* tagRows(count: number): Generator<TagSeedRow> {
  const random = mulberry32(20261122);
  const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const base = Date.parse("2024-01-01T00:00:00.000Z");
  for (let i = 0; i < count; i++) {
    const words = [pick(), pick()];
    if (random() < 0.5) words.push(pick());
    const zh = words.map(([word]) => word);
    const en = words.map(([, word]) => word);
    if (i % 100 === 37) zh.splice(1, 0, RARE_KEYWORD);
    if (i % 5 < 2) en.splice(1, 0, "Grace");
    const stamp = new Date(base + i * 60_000).toISOString();
    yield {
      name: `${zh.join("")}${i + 1}`,
      // A few tags have no English name, as in real data.
      nameEn: i % 5 < 2 || random() >= 0.05 ? `${en.join(" ")} ${i + 1}` : null,
      sortOrder: Math.floor(random() * 1000),
      createdAt: stamp,
      updatedAt: stamp,
    };
  }
}

/** Inserts `count` tags in transactions of 1,000 rows (the FTS triggers index them). */
export async function seedTags(store: Store, count: number): Promise<void> {
  const batchSize = 1000;
  let batch: TagSeedRow[] = [];
  const flush = async () => {
    const rows = batch;
    batch = [];
    for (const row of rows) row.namePinyin = await pinyinSortKey(row.name);
    await store.transaction((trx) =>
      trx.insertInto("tags").values(rows).execute(),
    );
  };
  for (const row of tagRows(count)) {
    batch.push(row);
    if (batch.length === batchSize) await flush();
  }
  if (batch.length > 0) await flush();
}

/**
 * The list bench's store: migrated and seeded as a first start would (its administrator
 * already enrolled in two-factor with `admin.totpSecret`), `rows` tags, and their word
 * index built. Answers the index build's time in ms.
 */
export async function seedTagStore(
  store: Store,
  rows: number,
  admin: { login: string; password: string; totpSecret: string },
): Promise<number> {
  await migrateToLatest(store.db, store.kind);
  await seedDatabase(store, {
    adminLogin: admin.login,
    adminPassword: admin.password,
    adminTotpSecret: admin.totpSecret,
    announce: () => {},
  });
  await seedTags(store, rows);
  const indexStart = performance.now();
  await ensureIndexBuilt(store.db, store.kind, tagResource.search);
  return performance.now() - indexStart;
}
