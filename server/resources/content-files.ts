import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { MediaKind } from "../../common/media-rules.js";
import { recordFileFields } from "../services/file-usages.js";
import type { WriteChange, WriteContext } from "./resource-definition.js";

/**
 * One file column of a content table, with the library kind it takes (null: any); `list`
 * for a column that keeps a JSON array of ids (a sermon's attachments).
 */
export interface FileColumn {
  field: string;
  kind: MediaKind | null;
  list?: boolean;
}

/**
 * A content resource's afterWrite for its file columns: checks each referred file exists
 * and is of its column's kind (40000 on the field otherwise), counts them as used, and,
 * with `durationFrom`, copies that file's duration (read by the library from the bytes)
 * into the row's duration_sec. Inside the write's transaction, so a refusal writes nothing.
 */
export function fileColumnsAfterWrite<Rec>(
  resource: string,
  table: string,
  columns: readonly FileColumn[],
  durationFrom?: string,
) {
  return async (
    change: WriteChange<Rec>,
    { trx, request }: WriteContext,
  ): Promise<void> => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = trx as unknown as Kysely<any>;
    if (change.action === "delete") {
      await recordFileFields(db, resource, change.id, {}, request.language);
      return;
    }
    const row = (await db
      .selectFrom(table)
      .select(columns.map((c) => c.field))
      .where("id", "=", change.id)
      .executeTakeFirstOrThrow()) as Record<string, number | string | null>;
    const ids = (field: string, list = false): number[] => {
      const value = row[field];
      if (list) return JSON.parse(String(value)) as number[];
      return value == null ? [] : [Number(value)];
    };
    await recordFileFields(
      db,
      resource,
      change.id,
      Object.fromEntries(
        columns.map(({ field, kind, list }) => [
          field,
          { ids: ids(field, list), kind },
        ]),
      ),
      request.language,
    );
    if (!durationFrom) return;
    const fileId = (row[durationFrom] as number | null) ?? null;
    const duration =
      fileId === null
        ? null
        : ((
            await (trx as Kysely<Database>)
              .selectFrom("files")
              .select("durationSec")
              .where("id", "=", fileId)
              .executeTakeFirst()
          )?.durationSec ?? null);
    await db
      .updateTable(table)
      .set({ durationSec: duration === null ? null : Number(duration) })
      .where("id", "=", change.id)
      .execute();
  };
}
