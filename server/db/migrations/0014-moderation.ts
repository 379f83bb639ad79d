import { sql, type Kysely } from "kysely";
import type { StoreKind } from "../store.js";
import { withIdColumn } from "../dialect.js";

/**
 * Q&A moderation (issue 15): what the back office records on posts (pinned, the reasons
 * shown to authors and visitors, why a post waits for review, the state a soft-deleted
 * post goes back to, a recommendation's note), the per-post moderation history, answer
 * revisions, how a report was resolved, and lifted and permanent mutes.
 */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  const index = (name: string, table: string, columns: string[]) =>
    db.schema.createIndex(name).on(table).columns(columns).execute();
  const add = (table: string, column: string, type: string) =>
    db.schema
      .alterTable(table)
      .addColumn(column, sql.raw(type) as never)
      .execute();

  await db.schema
    .alterTable("ask_questions")
    .addColumn("pinned", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  for (const table of ["ask_questions", "ask_answers"]) {
    // Hide or close reason: shown to the author (hide) or on the public page (close).
    await add(table, "moderation_reason", "varchar(500)");
    // Why a post waits for review: "preModeration" or "word:<the word>".
    await add(table, "pending_reason", "varchar(80)");
    // The state a soft-deleted post is restored to.
    await add(table, "status_before_delete", "varchar(16)");
  }
  await add("ask_answers", "recommend_note", "varchar(500)");
  // The review queue reads pending posts oldest first.
  await index("ask_questions_status_created", "ask_questions", [
    "status",
    "created_at",
  ]);
  await index("ask_answers_status_created", "ask_answers", [
    "status",
    "created_at",
  ]);
  await index("ask_questions_pinned", "ask_questions", ["pinned"]);

  await withIdColumn(kind, db.schema.createTable("ask_moderation_log"))
    .addColumn("target_type", "varchar(16)", (c) => c.notNull())
    .addColumn("target_id", "integer", (c) => c.notNull())
    .addColumn("question_id", "integer", (c) => c.notNull())
    .addColumn("action", "varchar(32)", (c) => c.notNull())
    .addColumn("from_status", "varchar(16)")
    .addColumn("to_status", "varchar(16)")
    .addColumn("reason", "varchar(500)")
    .addColumn("moderator_id", "integer")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await index("ask_moderation_log_question", "ask_moderation_log", [
    "question_id",
    "id",
  ]);

  await withIdColumn(kind, db.schema.createTable("ask_answer_revisions"))
    .addColumn("answer_id", "integer", (c) =>
      c.notNull().references("ask_answers.id").onDelete("cascade"),
    )
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("editor_id", "integer")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await index("ask_answer_revisions_answer", "ask_answer_revisions", [
    "answer_id",
    "id",
  ]);

  // How a report was resolved: dismiss, hide, mute; and the moderator's note.
  await add("ask_reports", "resolution", "varchar(16)");
  await add("ask_reports", "resolution_note", "varchar(500)");
  await index("ask_reports_target", "ask_reports", [
    "target_type",
    "target_id",
  ]);

  // A lifted mute stays as a record; a permanent one has no end (until is then a sentinel).
  await add("ask_mutes", "lifted_at", "varchar(32)");
  await add("ask_mutes", "lifted_by", "integer");
  await db.schema
    .alterTable("ask_mutes")
    .addColumn("permanent", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await index("ask_mutes_created", "ask_mutes", ["created_at"]);
}
