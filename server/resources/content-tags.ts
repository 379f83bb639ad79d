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
  return {
    schema: z.number().int().positive().max(MAX_INT32),
    volatile: true, // reads content_tags
    lookup: true,
    where: (value: number, _kind, walk) =>
      sql<SqlBool>`${sql.raw(walk ? `+${id}` : id)} in (select record_id from content_tags where content_tags.resource = ${resource} and content_tags.tag_id = ${value})`,
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
