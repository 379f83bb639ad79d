import { sql, type Kysely } from "kysely";
import type { StoreKind } from "../store.js";

/**
 * Login names unique by their folded form (issue 25 item 4). Names that already clash are
 * not refused: the oldest of each group keeps the folded name, the others get
 * `login_name_clash = 1` and stay out of the unique index, so every account keeps logging
 * in. The start logs a warning listing them (services/login-names.ts) until renamed.
 */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  void kind;
  await db.schema
    .alterTable("users")
    .addColumn("login_name_clash", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const users = db as Kysely<any>;
  // Folded as the index folds (lower case: login names are ASCII), oldest first.
  const rows: { id: number; folded: string }[] = await users
    .selectFrom("users")
    .select(["id", sql<string>`lower(login_name)`.as("folded")])
    .orderBy("id")
    .execute();
  const owners = new Set<string>();
  const flagged: number[] = [];
  for (const row of rows) {
    if (owners.has(row.folded)) flagged.push(row.id);
    else owners.add(row.folded);
  }
  for (let i = 0; i < flagged.length; i += 500) {
    await users
      .updateTable("users")
      .set({ loginNameClash: 1 })
      .where("id", "in", flagged.slice(i, i + 500))
      .execute();
  }
  await sql`create unique index users_login_name_folded on users (lower(login_name)) where login_name_clash = 0`.execute(
    db,
  );
  // Login looks names up by the fold whatever the flag.
  await sql`create index users_login_name_lower on users (lower(login_name))`.execute(
    db,
  );
}
