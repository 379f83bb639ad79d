import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { Language } from "../../common/codes.js";
import type { MediaKind } from "../../common/media-rules.js";
import { validationError } from "../http/errors.js";
import { localizeText } from "../http/validation-messages.js";

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

/** The files one record refers to, per field, with the kind each field takes (null: any). */
export type FileFields = Record<
  string,
  { ids: readonly number[]; kind: MediaKind | null }
>;

/**
 * Checks that every referred file exists and is of its field's kind (40000 on the field
 * otherwise, in the caller's language), then records the usages. For a resource's
 * `afterWrite`, inside the write's transaction, so a refusal writes nothing.
 */
export async function recordFileFields(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  resource: string,
  recordId: number,
  fields: FileFields,
  language: Language,
): Promise<void> {
  const wanted = [...new Set(Object.values(fields).flatMap((f) => f.ids))];
  const found = wanted.length
    ? await (db as Kysely<Database>)
        .selectFrom("files")
        .select(["id", "kind"])
        .where("id", "in", wanted)
        .execute()
    : [];
  const kinds = new Map(found.map((file) => [file.id, file.kind]));
  for (const [field, { ids, kind }] of Object.entries(fields)) {
    for (const id of ids) {
      const actual = kinds.get(id);
      if (actual === undefined)
        throw validationError({
          [field]: localizeText("unknown file", language),
        });
      if (kind && actual !== kind)
        throw validationError({
          [field]: localizeText(`not a ${kind} file`, language),
        });
    }
  }
  await setFileUsages(
    db as Kysely<Database>,
    resource,
    recordId,
    Object.fromEntries(
      Object.entries(fields).map(([field, { ids }]) => [field, ids]),
    ),
  );
}
