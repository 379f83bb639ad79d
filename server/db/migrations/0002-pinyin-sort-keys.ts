import { sql, type Kysely } from "kysely";
import type { StoreKind } from "../store.js";
import {
  pinyinSortKey,
  SORT_KEY_MAX_LENGTH,
} from "../../resources/sort-keys.js";

/** Rows read and rewritten at a time by the backfill. */
const BACKFILL_BATCH = 500;

/**
 * Chinese names sort by pinyin: tags get `name_pinyin`, the key the list orders by when
 * sorting by name, with an index (every sort column has one), filled for existing rows.
 * PostgreSQL compares it in the "C" collation, byte by byte as SQLite does, so both stores
 * order the same whatever the database's default collation.
 */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  const type =
    kind === "postgres"
      ? sql`varchar(${sql.raw(String(SORT_KEY_MAX_LENGTH))}) collate "C"`
      : sql`varchar(${sql.raw(String(SORT_KEY_MAX_LENGTH))})`;
  await db.schema
    .alterTable("tags")
    .addColumn("name_pinyin", type, (c) => c.notNull().defaultTo(""))
    .execute();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const tags = db as Kysely<any>;
  for (let lastId = 0; ;) {
    const rows: { id: number; name: string }[] = await tags
      .selectFrom("tags")
      .select(["id", "name"])
      .where("id", ">", lastId)
      .orderBy("id")
      .limit(BACKFILL_BATCH)
      .execute();
    for (const row of rows) {
      await tags
        .updateTable("tags")
        .set({ name_pinyin: await pinyinSortKey(row.name) })
        .where("id", "=", row.id)
        .execute();
    }
    if (rows.length < BACKFILL_BATCH) break;
    lastId = rows[rows.length - 1]!.id;
  }
  await db.schema
    .createIndex("tags_name_pinyin")
    .on("tags")
    .column("name_pinyin")
    .execute();
}
