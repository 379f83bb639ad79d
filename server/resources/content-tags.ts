/**
 * A record's tags, kept twice: as JSON in its own `tag_ids` column (reads never join) and
 * as rows of content_tags (the tag filter is one indexed lookup). Shared by the publishing
 * workflow and any other resource with tags (believers).
 */
import { sql, type Kysely, type SqlBool } from "kysely";
import { z } from "zod";
import type { Language } from "../../common/codes.js";
import { validationError } from "../http/errors.js";
import { localizeText } from "../http/validation-messages.js";
import { MAX_INT32, type ResourceFilter } from "./resource-definition.js";

/**
 * `tagId`: records carrying the tag, as an id list from content_tags' (resource, tag_id)
 * index. Not a correlated `exists`: SQLite ran that once per row of the table, so every
 * count of a tagged list scanned all of it (docs/performance.md, "Sermons with tags").
 */
export function contentTagFilter(
  resource: string,
  table: string,
): ResourceFilter {
  const id = `${table.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`)}.id`;
  const taggedIds = (tagId: number) =>
    sql`select record_id from content_tags where content_tags.resource = ${resource} and content_tags.tag_id = ${tagId}`;
  return {
    schema: z.number().int().positive().max(MAX_INT32),
    // Not volatile, though it reads content_tags: a record's tags change only in its own
    // write, which bumps its table's write version, and deleting a tag (a cascade into
    // content_tags) bumps every table's (forgetTaggedTotals). So a tagged total is kept.
    lookup: true,
    ids: (value: number) => taggedIds(value),
    where: (value: number, _kind, walk) =>
      sql<SqlBool>`${sql.raw(walk ? `+${id}` : id)} in (${taggedIds(value)})`,
  };
}

/**
 * Replaces a record's content_tags rows with `tagIds` (in the write's transaction); an
 * unknown tag is 40000 on `tagIds`, which rolls the write back.
 */
export async function saveContentTags(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  resource: string,
  recordId: number,
  tagIds: number[],
  language: Language,
): Promise<void> {
  if (tagIds.length > 0) {
    const known = await db
      .selectFrom("tags")
      .select("id")
      .where("id", "in", tagIds)
      .execute();
    if (known.length !== new Set(tagIds).size)
      throw validationError({
        tagIds: localizeText("unknown tag", language),
      });
  }
  await deleteContentTags(db, resource, recordId);
  if (tagIds.length > 0)
    await db
      .insertInto("contentTags")
      .values(
        [...new Set(tagIds)].map((tagId) => ({ resource, recordId, tagId })),
      )
      .execute();
}

export async function deleteContentTags(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  resource: string,
  recordId: number,
): Promise<void> {
  await db
    .deleteFrom("contentTags")
    .where("resource", "=", resource)
    .where("recordId", "=", recordId)
    .execute();
}

/**
 * Deleting a tag removes its content_tags rows by cascade, without a write to the tagged
 * tables: every table's write version goes up in the same transaction, so no list keeps
 * a tagged total counted before (resource-queries.ts). Tags are rarely deleted.
 */
export async function forgetTaggedTotals(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
): Promise<void> {
  await sql`update table_counts set write_version = write_version + 1`.execute(
    db,
  );
}
