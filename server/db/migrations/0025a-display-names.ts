import { CamelCasePlugin, type Kysely } from "kysely";
import type { StoreKind } from "../store.js";
import type { Database } from "../schema.js";
import { assignDisplayNameKeys } from "../../services/display-names.js";

/**
 * Display names unique by their folded form (issue 25, item 11): `user_name_key` under a
 * unique index, filled for every user whose folded name nobody before them holds. Names
 * that already clash keep working without a key; the server reports them at each start
 * (services/display-names.ts, docs/community.md).
 */
export async function up(db: Kysely<unknown>, _kind: StoreKind): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("user_name_key", "varchar(200)")
    .execute();
  await db.schema
    .createIndex("users_user_name_key")
    .on("users")
    .column("user_name_key")
    .unique()
    .execute();
  // Migrations are given the store without its camelCase mapping; the backfill is the
  // server's own code, written against the mapped names.
  await assignDisplayNameKeys(
    (db as unknown as Kysely<Database>).withPlugin(new CamelCasePlugin()),
  );
}
