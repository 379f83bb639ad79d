import { sql, type Kysely } from "kysely";
import type { StoreKind } from "../store.js";
import { withIdColumn } from "../dialect.js";
import { createSearchIndex } from "../search.js";

async function index(
  db: Kysely<unknown>,
  table: string,
  columns: string[],
): Promise<void> {
  await db.schema
    .createIndex(`${table}_${columns.join("_")}`)
    .on(table)
    .columns(columns)
    .execute();
}

/**
 * System administration (issue 10): the user and role fields the admin screens need, the
 * audit log, the login log, the menu registry (resource pages) and configuration.
 * Every sortable column gets an index (docs/conventions.md).
 */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  // SQLite adds one column per ALTER TABLE.
  for (const [column, type] of [
    ["email", "varchar(128)"],
    ["phone", "varchar(32)"],
    ["language", "varchar(8)"],
    ["last_login_at", "varchar(32)"],
    ["last_login_ip", "varchar(64)"],
  ] as const) {
    await db.schema.alterTable("users").addColumn(column, type).execute();
  }
  for (const column of [
    "user_name",
    "email",
    "status",
    "last_login_at",
    "created_at",
    "updated_at",
  ]) {
    await index(db, "users", [column]);
  }
  await createSearchIndex(db, kind, {
    table: "users",
    columns: ["login_name", "user_name", "email", "phone"],
  });
  if (kind === "sqlite") {
    // The FTS index starts empty; the users created before this migration join it here.
    await sql`INSERT INTO users_fts(users_fts) VALUES ('rebuild')`.execute(db);
  }
  await index(db, "user_roles", ["role_id"]);

  await db.schema
    .alterTable("roles")
    .addColumn("remark", "varchar(255)")
    .execute();
  for (const column of ["name", "name_en", "created_at", "updated_at"]) {
    await index(db, "roles", [column]);
  }

  await withIdColumn(kind, db.schema.createTable("audit_logs"))
    .addColumn("user_id", "integer")
    .addColumn("login_name", "varchar(64)")
    .addColumn("ip", "varchar(64)")
    .addColumn("resource", "varchar(64)", (c) => c.notNull())
    .addColumn("record_id", "varchar(64)")
    .addColumn("action", "varchar(32)", (c) => c.notNull())
    .addColumn("changes", "text", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  for (const columns of [
    ["created_at"],
    ["user_id", "created_at"],
    ["resource", "record_id"],
    ["action"],
    ["login_name"],
  ]) {
    await index(db, "audit_logs", columns);
  }

  await withIdColumn(kind, db.schema.createTable("login_logs"))
    .addColumn("login_name", "varchar(64)", (c) => c.notNull())
    .addColumn("user_id", "integer")
    .addColumn("ip", "varchar(64)")
    .addColumn("user_agent", "varchar(512)")
    .addColumn("result", "varchar(16)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  for (const column of ["created_at", "login_name", "result"]) {
    await index(db, "login_logs", [column]);
  }

  await withIdColumn(kind, db.schema.createTable("resource_pages"))
    // The seeded page or group this row came from; null for an administrator's own.
    .addColumn("seed_key", "varchar(128)", (c) => c.unique())
    .addColumn("path", "varchar(128)")
    .addColumn("title_zh", "varchar(64)", (c) => c.notNull())
    .addColumn("title_en", "varchar(64)", (c) => c.notNull())
    .addColumn("icon", "varchar(64)", (c) => c.notNull())
    .addColumn("parent_id", "integer", (c) =>
      c.references("resource_pages.id").onDelete("cascade"),
    )
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("visible", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("permission", "varchar(64)")
    .addColumn("built_in", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  for (const column of [
    "path",
    "title_zh",
    "title_en",
    "parent_id",
    "sort_order",
    "created_at",
    "updated_at",
  ]) {
    await index(db, "resource_pages", [column]);
  }

  await withIdColumn(kind, db.schema.createTable("configs"))
    .addColumn("key", "varchar(128)", (c) => c.notNull().unique())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("type", "varchar(16)", (c) => c.notNull())
    .addColumn("description", "varchar(255)")
    .addColumn("built_in", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  for (const column of ["type", "created_at", "updated_at"]) {
    await index(db, "configs", [column]);
  }
}
