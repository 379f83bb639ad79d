import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";

/**
 * Which records use which library files. A resource calls `setFileUsages` after each
 * write of a record (inside its transaction) with the files each field refers to, and
 * `setFileUsages(db, resource, id, {})` when the record is deleted; files.usage_count
 * follows, so the library lists it and refuses to delete a used file (40900).
 */
export async function setFileUsages(
  db: Kysely<Database>,
  resource: string,
  recordId: number,
  fieldFiles: Record<string, readonly number[]>,
): Promise<void> {
  const before = await db
    .selectFrom("fileUsages")
    .select("fileId")
    .where("resource", "=", resource)
    .where("recordId", "=", recordId)
    .execute();
  await db
    .deleteFrom("fileUsages")
    .where("resource", "=", resource)
    .where("recordId", "=", recordId)
    .execute();
  const rows = Object.entries(fieldFiles).flatMap(([field, ids]) =>
    [...new Set(ids)].map((fileId) => ({ fileId, resource, recordId, field })),
  );
  if (rows.length > 0) await db.insertInto("fileUsages").values(rows).execute();
  const touched = [
    ...new Set([...before.map((r) => r.fileId), ...rows.map((r) => r.fileId)]),
  ];
  if (touched.length === 0) return;
  await db
    .updateTable("files")
    .set({
      usageCount: sql<number>`(select count(*) from file_usages where file_usages.file_id = files.id)`,
    })
    .where("id", "in", touched)
    .execute();
}
