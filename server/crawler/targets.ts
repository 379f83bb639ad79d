import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { nowIso } from "../db/dialect.js";
import { pinyinSortKey } from "../resources/sort-keys.js";
import { recordFileFields } from "../services/file-usages.js";

/** One crawled page, ready to be saved as a draft (its HTML already sanitised). */
export interface CrawledItem {
  title: string;
  body: string;
  author: string | null;
  day: string | null;
  coverFileId: number | null;
  sourceUrl: string;
  tagIds: number[];
}

/** The articles target cannot be used: the installation has no articles table yet. */
export class TargetUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TargetUnavailable";
  }
}

// Dynamic columns (the articles table is another feature's) are beyond Kysely's typing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function setTags(
  trx: AnyDb,
  resource: string,
  recordId: number,
  tagIds: number[],
): Promise<void> {
  for (const tagId of tagIds) {
    await trx
      .insertInto("contentTags")
      .values({ resource, recordId, tagId })
      .execute();
  }
}

/** Saves a sermon draft (status draft, with its source). Answers its id. */
export async function saveSermonDraft(
  trx: Kysely<Database>,
  item: CrawledItem,
): Promise<number> {
  const stamp = nowIso();
  const title = item.title.slice(0, 200);
  const row = await trx
    .insertInto("sermons")
    .values({
      title,
      titlePinyin: await pinyinSortKey(title),
      preacher: item.author?.slice(0, 64) ?? null,
      series: null,
      serviceType: null,
      preachedOn: item.day,
      passage: null,
      summary: null,
      body: item.body,
      audioFileId: null,
      videoFileId: null,
      videoUrl: null,
      coverFileId: item.coverFileId,
      regionCode: null,
      sourceUrl: item.sourceUrl.slice(0, 2048),
      status: "draft",
      tagIds: JSON.stringify(item.tagIds),
      createdAt: stamp,
      updatedAt: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await setTags(trx, "sermons", row.id, item.tagIds);
  await recordFileFields(
    trx,
    "sermons",
    row.id,
    {
      coverFileId: {
        ids: item.coverFileId === null ? [] : [item.coverFileId],
        kind: "image",
      },
    },
    "en-US",
  );
  return row.id;
}

/**
 * The columns of the articles table, or undefined when there is none. The articles
 * feature is built in parallel with the crawler; the crawler writes the columns it
 * knows and refuses clearly when the ones it needs are missing.
 */
async function articleColumns(
  db: AnyDb,
  schema: string | undefined,
): Promise<Set<string> | undefined> {
  const tables = await db.introspection.getTables();
  const table = tables.find(
    (t) =>
      t.name === "articles" && (schema === undefined || t.schema === schema),
  );
  if (!table) return undefined;
  return new Set(table.columns.map((column) => column.name));
}

/** Whether this installation can save articles (the table and the columns needed). */
export async function articlesAvailable(
  db: AnyDb,
  schema: string | undefined,
): Promise<boolean> {
  const columns = await articleColumns(db, schema);
  return Boolean(
    columns &&
    columns.has("title") &&
    (columns.has("body") || columns.has("content")) &&
    columns.has("source_url") &&
    columns.has("status"),
  );
}

/** Saves an article draft, through the columns the articles table has. */
export async function saveArticleDraft(
  trx: AnyDb,
  schema: string | undefined,
  item: CrawledItem,
): Promise<number> {
  const columns = await articleColumns(trx, schema);
  if (!columns || !(await articlesAvailable(trx, schema))) {
    throw new TargetUnavailable(
      "this installation has no articles table with title, body, source_url and status columns",
    );
  }
  // The articles' source_url is varchar(500): a longer address is not cut (it would
  // point elsewhere), the page is logged as an error instead.
  if (item.sourceUrl.length > 500)
    throw new Error(
      "the address is longer than an article's 500-character source URL",
    );
  const stamp = nowIso();
  const title = item.title.slice(0, 200);
  const values: Record<string, unknown> = {
    title,
    [columns.has("body") ? "body" : "content"]: item.body,
    sourceUrl: item.sourceUrl,
    status: "draft",
  };
  const optional: Record<string, unknown> = {
    title_pinyin: await pinyinSortKey(title),
    author: item.author?.slice(0, 64) ?? null,
    cover_file_id: item.coverFileId,
    tag_ids: JSON.stringify(item.tagIds),
    created_at: stamp,
    updated_at: stamp,
  };
  for (const [column, value] of Object.entries(optional)) {
    if (columns.has(column))
      values[column.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())] =
        value;
  }
  const row = (await trx
    .insertInto("articles")
    .values(values)
    .returning("id")
    .executeTakeFirstOrThrow()) as { id: number };
  if (columns.has("tag_ids"))
    await setTags(trx, "articles", row.id, item.tagIds);
  if (columns.has("cover_file_id")) {
    await recordFileFields(
      trx,
      "articles",
      row.id,
      {
        coverFileId: {
          ids: item.coverFileId === null ? [] : [item.coverFileId],
          kind: "image",
        },
      },
      "en-US",
    );
  }
  return row.id;
}
