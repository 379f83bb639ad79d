import { sql, type Kysely } from "kysely";
import type { StoreKind } from "../store.js";
import { withIdColumn } from "../dialect.js";
import { createSearchIndex } from "../search.js";
import { SORT_KEY_MAX_LENGTH } from "../../resources/sort-keys.js";

/**
 * Believers (issue 12 item 1) and the ministry configuration (item 2). A believer's tags
 * are kept in content_tags like a workflow record's, so the tag filter is one indexed
 * lookup. `phone_digits` is the phone with everything but digits removed: an import finds
 * duplicates (same name and phone) through the (name, phone_digits) index.
 */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  const sortKey =
    kind === "postgres"
      ? sql`varchar(${sql.raw(String(SORT_KEY_MAX_LENGTH))}) collate "C"`
      : sql`varchar(${sql.raw(String(SORT_KEY_MAX_LENGTH))})`;
  await withIdColumn(kind, db.schema.createTable("disciples"))
    .addColumn("name", "varchar(64)", (c) => c.notNull())
    .addColumn("name_pinyin", sortKey, (c) => c.notNull().defaultTo(""))
    .addColumn("gender", "varchar(8)", (c) => c.notNull().defaultTo("unknown"))
    .addColumn("birth_date", "varchar(10)")
    .addColumn("baptism_date", "varchar(10)")
    .addColumn("joined_on", "varchar(10)")
    .addColumn("phone", "varchar(32)")
    .addColumn("phone_digits", "varchar(32)", (c) => c.notNull().defaultTo(""))
    .addColumn("email", "varchar(254)")
    .addColumn("address", "varchar(255)")
    .addColumn("region_code", "varchar(12)")
    .addColumn("country_code", "varchar(3)")
    .addColumn("congregation", "varchar(100)")
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("active"))
    .addColumn("tag_ids", "varchar(512)", (c) => c.notNull().defaultTo("[]"))
    .addColumn("notes", "varchar(2000)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  // Every sortable field has an index; the filters' columns too.
  for (const column of [
    "name_pinyin",
    "gender",
    "birth_date",
    "baptism_date",
    "joined_on",
    "congregation",
    "status",
    "region_code",
    "created_at",
    "updated_at",
  ]) {
    await db.schema
      .createIndex(`disciples_${column}`)
      .on("disciples")
      .column(column)
      .execute();
  }
  await db.schema
    .createIndex("disciples_name_phone")
    .on("disciples")
    .columns(["name", "phone_digits"])
    .execute();
  await createSearchIndex(db, kind, {
    table: "disciples",
    columns: ["name", "phone", "email"],
  });

  // One row (id 1): the ministry's settings as JSON, versioned like any record.
  await db.schema
    .createTable("ministry_config")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("updated_by", "integer", (c) =>
      c.references("users.id").onDelete("set null"),
    )
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  const now = new Date().toISOString();
  await sql`insert into ministry_config (id, data, created_at, updated_at, version) values (1, '{}', ${now}, ${now}, 1)`.execute(
    db,
  );
}
