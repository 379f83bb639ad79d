import { sql, type Kysely } from "kysely";
import type { StoreKind } from "../store.js";

/**
 * Who caused a notification (issue 25, item 11): the member who answered or accepted, the
 * moderator who hid, approved, rejected, recommended or handled a report. Notices written
 * before this learn their actor where the post says it (an answer's author, a question's
 * author for an acceptance); older moderation notices keep none and name nobody.
 */
export async function up(db: Kysely<unknown>, _kind: StoreKind): Promise<void> {
  await db.schema
    .alterTable("ask_notifications")
    .addColumn("actor_id", "integer")
    .execute();
  await sql`update ask_notifications set actor_id =
      (select author_id from ask_answers where ask_answers.id = ask_notifications.answer_id)
    where kind = 'answered' and answer_id is not null`.execute(db);
  await sql`update ask_notifications set actor_id =
      (select author_id from ask_questions where ask_questions.id = ask_notifications.question_id)
    where kind = 'accepted' and question_id is not null`.execute(db);
}
