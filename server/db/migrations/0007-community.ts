import { sql, type Kysely } from "kysely";
import type { StoreKind } from "../store.js";
import { withIdColumn } from "../dialect.js";
import { createSearchIndex } from "../search.js";
import { SORT_KEY_MAX_LENGTH } from "../../resources/sort-keys.js";

/**
 * The public Q&A community (issue 14): Q&A tags (their own table, docs/decisions.md),
 * questions, answers, votes, reports, notifications, mutes and member profiles.
 * Posts carry a moderation state from the start (pending, visible, hidden, closed,
 * deleted) so the moderation back office works on the same rows.
 */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  const keyType =
    kind === "postgres"
      ? sql`varchar(${sql.raw(String(SORT_KEY_MAX_LENGTH))}) collate "C"`
      : sql`varchar(${sql.raw(String(SORT_KEY_MAX_LENGTH))})`;
  const index = (name: string, table: string, columns: string[]) =>
    db.schema.createIndex(name).on(table).columns(columns).execute();

  await withIdColumn(kind, db.schema.createTable("ask_tags"))
    .addColumn("name", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("name_pinyin", keyType, (c) => c.notNull().defaultTo(""))
    .addColumn("name_en", "varchar(64)")
    .addColumn("description", "varchar(500)")
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  for (const column of [
    "name_pinyin",
    "name_en",
    "sort_order",
    "created_at",
    "updated_at",
  ]) {
    await index(`ask_tags_${column}`, "ask_tags", [column]);
  }
  await createSearchIndex(db, kind, {
    table: "ask_tags",
    columns: ["name", "name_en"],
  });

  await withIdColumn(kind, db.schema.createTable("ask_questions"))
    .addColumn("title", "varchar(150)", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("author_id", "integer", (c) =>
      c.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("visible"))
    .addColumn("score", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("answer_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("accepted_answer_id", "integer")
    .addColumn("hot", "double precision", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  // The three tabs each walk one partial index of the public rows, newest or hottest
  // first, and stop after a page. The lists name the same literal condition
  // (PUBLIC_CONDITION in services/ask/records.ts): SQLite uses a partial index only then.
  for (const [name, columns] of [
    ["ask_questions_public_created", "created_at, id"],
    ["ask_questions_public_hot", "hot, id"],
    ["ask_questions_public_unanswered", "answer_count, created_at, id"],
  ] as const) {
    await sql
      .raw(
        `CREATE INDEX ${name} ON ask_questions (${columns}) WHERE status IN ('visible', 'closed')`,
      )
      .execute(db);
  }
  await index("ask_questions_status", "ask_questions", ["status"]);
  await index("ask_questions_author", "ask_questions", [
    "author_id",
    "created_at",
  ]);
  await createSearchIndex(db, kind, {
    table: "ask_questions",
    columns: ["title", "body"],
  });
  if (kind === "sqlite") {
    // Views, votes and answer counts update a question on every read and vote; only a
    // changed title or body needs the keyword index rewritten (it cost ~35 ms a view).
    await sql`DROP TRIGGER ask_questions_fts_au`.execute(db);
    await sql`CREATE TRIGGER ask_questions_fts_au AFTER UPDATE OF title, body ON ask_questions BEGIN
        INSERT INTO ask_questions_fts(ask_questions_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
        INSERT INTO ask_questions_fts(rowid, title, body) VALUES (new.id, new.title, new.body);
      END`.execute(db);
  }

  await db.schema
    .createTable("ask_question_tags")
    .addColumn("question_id", "integer", (c) =>
      c.notNull().references("ask_questions.id").onDelete("cascade"),
    )
    .addColumn("tag_id", "integer", (c) =>
      c.notNull().references("ask_tags.id").onDelete("cascade"),
    )
    .addPrimaryKeyConstraint("ask_question_tags_pk", ["question_id", "tag_id"])
    .execute();
  await index("ask_question_tags_tag", "ask_question_tags", [
    "tag_id",
    "question_id",
  ]);

  await withIdColumn(kind, db.schema.createTable("ask_answers"))
    .addColumn("question_id", "integer", (c) =>
      c.notNull().references("ask_questions.id").onDelete("cascade"),
    )
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("author_id", "integer", (c) =>
      c.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("visible"))
    .addColumn("score", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("recommended", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("recommended_at", "varchar(32)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await index("ask_answers_question_score", "ask_answers", [
    "question_id",
    "score",
  ]);
  await index("ask_answers_recommended", "ask_answers", [
    "recommended",
    "recommended_at",
  ]);
  await index("ask_answers_author", "ask_answers", ["author_id", "created_at"]);

  await db.schema
    .createTable("ask_votes")
    .addColumn("user_id", "integer", (c) =>
      c.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("target_type", "varchar(16)", (c) => c.notNull())
    .addColumn("target_id", "integer", (c) => c.notNull())
    .addColumn("value", "integer", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addPrimaryKeyConstraint("ask_votes_pk", [
      "user_id",
      "target_type",
      "target_id",
    ])
    .execute();
  await index("ask_votes_target", "ask_votes", ["target_type", "target_id"]);

  await withIdColumn(kind, db.schema.createTable("ask_reports"))
    .addColumn("reporter_id", "integer", (c) =>
      c.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("target_type", "varchar(16)", (c) => c.notNull())
    .addColumn("target_id", "integer", (c) => c.notNull())
    .addColumn("reason", "varchar(16)", (c) => c.notNull())
    .addColumn("text", "varchar(1000)", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("open"))
    .addColumn("handled_by", "integer")
    .addColumn("handled_at", "varchar(32)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  // One open report per member per target, enforced by the store, not by a read first.
  await sql`CREATE UNIQUE INDEX ask_reports_one_open ON ask_reports (reporter_id, target_type, target_id) WHERE status = 'open'`.execute(
    db,
  );
  await index("ask_reports_reporter_created", "ask_reports", [
    "reporter_id",
    "created_at",
  ]);
  await index("ask_reports_status_created", "ask_reports", [
    "status",
    "created_at",
  ]);

  await withIdColumn(kind, db.schema.createTable("ask_notifications"))
    .addColumn("user_id", "integer", (c) =>
      c.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("question_id", "integer")
    .addColumn("answer_id", "integer")
    .addColumn("read_at", "varchar(32)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await index("ask_notifications_user", "ask_notifications", ["user_id", "id"]);

  await withIdColumn(kind, db.schema.createTable("ask_mutes"))
    .addColumn("user_id", "integer", (c) =>
      c.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("until", "varchar(32)", (c) => c.notNull())
    .addColumn("reason", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_by", "integer")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await index("ask_mutes_user_until", "ask_mutes", ["user_id", "until"]);

  // A member's own details beside their user row, and the address they signed up from,
  // which the per-address sign-up limit counts over the last hour.
  await db.schema
    .createTable("member_profiles")
    .addColumn("user_id", "integer", (c) =>
      c.primaryKey().references("users.id").onDelete("cascade"),
    )
    .addColumn("email", "varchar(254)")
    .addColumn("signup_ip", "varchar(64)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await index("member_profiles_ip_created", "member_profiles", [
    "signup_ip",
    "created_at",
  ]);
}
