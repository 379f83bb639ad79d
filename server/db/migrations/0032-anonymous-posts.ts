import type { Kysely } from "kysely";
import type { StoreKind } from "../store.js";

/**
 * Anonymous asking and answering (issue 24, item 6): a question or an answer marked
 * `anonymous` keeps its real `author_id` (rate limits, mutes, the author's own list and a
 * moderator's audited reveal need it) and every public rendering names nobody.
 */
export async function up(db: Kysely<unknown>, _kind: StoreKind): Promise<void> {
  for (const table of ["ask_questions", "ask_answers"]) {
    await db.schema
      .alterTable(table)
      .addColumn("anonymous", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  }
}
